import Foundation
import SKANModel
import SKANRunner
import SKANSuiteCodecs
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import Testing

/// Fake implementations that misbehave on purpose, written as small Python programs, each
/// answering the `window` suite correctly except where it misbehaves.
@Suite("Runner against misbehaving implementations", .serialized)
struct MisbehavingAdapterTests {
  /// The embedded vectors, or the loader's error, which fails every test that needs them.
  static let vectors = Result { () throws(VectorsError) in try VectorSet.embedded() }

  /// The first `count` window cases.
  func cases(_ count: Int) throws -> (VectorSet, [VectorCase]) {
    let vectors = try Self.vectors.get()
    return (vectors, Array(vectors.cases.filter { $0.suite == .window }.prefix(count)))
  }

  /// A Python adapter whose reply for the n-th run request (1-based) is decided by `misbehaviour`,
  /// a Python expression over `n` and `msg` that may print, exit, sleep or return a reply.
  func fake(_ misbehaviour: String) -> String {
    let program = """
      import json, sys, time, os
      n = 0
      for line in sys.stdin:
          msg = json.loads(line)
          if msg["cmd"] == "hello":
              print(json.dumps({"protocol": 1, "implementation": {"name": "fake"}, "suites": ["window"]}), flush=True)
              continue
          if msg["cmd"] == "stop":
              break
          n += 1
          reply = {"seq": msg["seq"], "error": {"code": "invalid-input"}}
          \(misbehaviour)
          print(json.dumps(reply), flush=True)
      """
    let path = ScratchFiles.write(program, suffix: ".py")
    return "python3 \(path)"
  }

  func run(_ misbehaviour: String, count: Int = 4, timeout: Double = 30) async throws -> RunReport {
    let (vectors, cases) = try cases(count)
    return try await Runner.run(
      cases: cases, vectors: vectors,
      options: RunOptions(command: fake(misbehaviour), timeout: timeout, handshakeTimeout: 60))
  }

  @Test("a crash mid-run costs one case; the rest get verdicts", .timeLimit(.minutes(3)))
  func crash() async throws {
    let report = try await run("if msg['id'] == 'window/one-ms-before-t0': os._exit(3)")
    #expect(report.results.count == 4)
    #expect(report.results[1].status == .crash)
    #expect(report.results[2].status != .crash)
    #expect(report.complete)
  }

  @Test("a hang on one case is a timeout, and the run goes on", .timeLimit(.minutes(3)))
  func hang() async throws {
    let report = try await run("if msg['id'] == 'window/t0-itself': time.sleep(120)", count: 3, timeout: 10)
    #expect(report.results.map(\.status).first == .timeout)
    #expect(report.results.count == 3)
    #expect(report.results.dropFirst().allSatisfy { $0.status != .timeout })
  }

  @Test("garbage on stdout is a protocol error for that case", .timeLimit(.minutes(3)))
  func garbage() async throws {
    let report = try await run("if n == 1: print('hello from a debug print', flush=True)")
    #expect(report.results[0].status == .protocolError)
    // The line is shown, with where logs belong.
    let message = report.results[0].message ?? ""
    #expect(message.contains(#"the line reads "hello from a debug print""#), "\(message)")
    #expect(message.contains("standard error"), "\(message)")
    #expect(report.results.count == 4)
  }

  @Test("a wrong seq is a protocol error", .timeLimit(.minutes(3)))
  func wrongSeq() async throws {
    let report = try await run("reply['seq'] = -7")
    #expect(report.results.allSatisfy { $0.status == .protocolError })
  }

  @Test("a line over the cap is a protocol error, read in bounded memory", .timeLimit(.minutes(3)))
  func hugeLine() async throws {
    let (vectors, cases) = try cases(2)
    let report = try await Runner.run(
      cases: cases, vectors: vectors,
      options: RunOptions(
        command: fake("if n == 1: reply = {'seq': msg['seq'], 'x': 'a' * 50_000_000}"), timeout: 30,
        handshakeTimeout: 60, maximumReplyBytes: 1 << 20))
    #expect(report.results[0].status == .protocolError)
    #expect(report.results.count == 2)
  }

  /// An implementation that answers hello, then writes 300,000 lines nobody asked for while no
  /// request is outstanding (each would be an incident), then waits.
  @Test(
    "stray lines by the hundred thousand with nothing outstanding are counted, not listed one by one",
    .timeLimit(.minutes(3)))
  func strayFlood() async throws {
    let program = """
      import json, sys
      sys.stdin.readline()
      print(json.dumps({"protocol": 1, "implementation": {"name": "fake"}, "suites": ["window"]}), flush=True)
      sys.stdout.write("stray\\n" * 300000)
      sys.stdout.flush()
      sys.stdin.readline()
      """
    let transport = StdioTransport(
      options: RunOptions(command: "python3 \(ScratchFiles.write(program, suffix: ".py"))", handshakeTimeout: 60),
      kitVersion: "test")
    _ = try await transport.handshake()
    // Every stray line read (counted), or the inbox's flood ended the process.
    func settled(_ incidents: [String]) -> Bool {
      incidents.contains { $0.contains("lines waiting unread") }
        || incidents.contains { $0.hasPrefix("300000 lines that are not replies") }
    }
    let deadline = ContinuousClock.now + .seconds(120)
    var incidents = await transport.incidents()
    while !settled(incidents), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      incidents = await transport.incidents()
    }
    await transport.close()
    #expect(settled(incidents), "not every stray line was read: \(incidents)")
    #expect(incidents.count <= 2, "\(incidents.count) incidents, the first: \(incidents.first ?? "")")
  }

  /// Two million lines nobody asked for, written after the 20th of 46 replies (the first
  /// process only) while the rest are outstanding: the first stray line is a fault, the process
  /// is killed and the outstanding cases replayed, and every case gets the verdict it gets
  /// without the flood; the flood is one incident, charged to no case.
  @Test("a flood mid-run with requests outstanding ends that process and costs no case", .timeLimit(.minutes(3)))
  func floodMidRun() async throws {
    let directory = try ScratchFiles.directory("skan-flood")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let mark = directory + "/flooded"
    let flood =
      "if n == 20 and not os.path.exists(\"\(mark)\"): open(\"\(mark)\", \"w\").close(); "
      + "sys.stdout.write(\"y\\n\" * 2000000); sys.stdout.flush()"
    let quiet = try await run("pass", count: 46)
    let report = try await run(flood, count: 46)
    #expect(FileManager.default.fileExists(atPath: mark), "the flood was written")
    #expect(report.complete)
    #expect(report.results.map(\.status) == quiet.results.map(\.status))
    #expect(report.incidents.count == 1, "\(report.incidents)")
    #expect(report.incidents.first?.hasPrefix("a line that is not a reply with") == true, "\(report.incidents)")
  }

  @Test("a flood on stderr does not block the run", .timeLimit(.minutes(3)))
  func stderrFlood() async throws {
    let report = try await run("sys.stderr.write('x' * 1_000_000); sys.stderr.flush()")
    #expect(report.results.allSatisfy { $0.status == .error })
  }

  @Test("an exit before hello fails the handshake", .timeLimit(.minutes(3)))
  func exitBeforeHello() async throws {
    let (vectors, cases) = try cases(1)
    await #expect(throws: RunnerError.self) {
      _ = try await Runner.run(
        cases: cases, vectors: vectors, options: RunOptions(command: "exit 0", timeout: 30, handshakeTimeout: 60))
    }
  }

  @Test("a command that does not exist fails the handshake, not the runner", .timeLimit(.minutes(3)))
  func missingCommand() async throws {
    let (vectors, cases) = try cases(1)
    await #expect(throws: RunnerError.self) {
      _ = try await Runner.run(
        cases: cases, vectors: vectors,
        options: RunOptions(command: "/nonexistent/adapter --x", timeout: 30, handshakeTimeout: 60))
    }
  }

  @Test("replies out of order are matched by seq", .timeLimit(.minutes(3)))
  func outOfOrder() async throws {
    let program = """
      import json, sys
      held = []
      for line in sys.stdin:
          msg = json.loads(line)
          if msg["cmd"] == "hello":
              print(json.dumps({"protocol": 1, "implementation": {"name": "fake"}, "suites": ["window"]}), flush=True)
          elif msg["cmd"] == "stop":
              break
          else:
              held.append(msg)
              if len(held) == 2:
                  for m in reversed(held):
                      print(json.dumps({"seq": m["seq"], "skipped": {"reason": m["id"]}}), flush=True)
                  held = []
      """
    let path = ScratchFiles.write(program, suffix: ".py")
    let (vectors, cases) = try cases(6)
    let report = try await Runner.run(
      cases: cases, vectors: vectors, options: RunOptions(command: "python3 \(path)", timeout: 30, handshakeTimeout: 60)
    )
    #expect(report.results.map(\.status) == Array(repeating: .skipped, count: 6))
    #expect(report.results.map(\.message) == cases.map(\.id))
  }

  @Test("one process per case: passes, and a crash costs one case", .timeLimit(.minutes(3)))
  func perCase() async throws {
    let (vectors, cases) = try cases(3)
    let adapter = RepositoryPaths.root + "/examples/adapters/python/adapter.py"
    let good = try await Runner.run(
      cases: cases, vectors: vectors,
      transport: PerCaseTransport(
        options: RunOptions(command: "python3 \(adapter)", timeout: 30, handshakeTimeout: 60),
        kitVersion: vectors.kitVersion))
    #expect(good.results.allSatisfy { $0.status == .pass })
    let crashing = try await Runner.run(
      cases: cases, vectors: vectors,
      transport: PerCaseTransport(
        options: RunOptions(command: fake("if msg['id'] == 'window/one-ms-before-t0': os._exit(9)"), timeout: 30),
        kitVersion: vectors.kitVersion))
    #expect(crashing.results.map(\.status) == [.error, .crash, .error])
    let doubled = try await Runner.run(
      cases: cases, vectors: vectors,
      transport: PerCaseTransport(
        options: RunOptions(
          command: fake("if msg['id'] == 'window/one-ms-before-t0': print(json.dumps(reply), flush=True)"), timeout: 30),
        kitVersion: vectors.kitVersion))
    #expect(doubled.results.map(\.status) == [.error, .protocolError, .error])
  }
}
