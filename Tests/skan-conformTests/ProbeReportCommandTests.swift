import Foundation
import SKANHTTP
import SKANJSON
import SKANReference
import SKANTestSupport
import Testing

/// `probe postbacks --report-command` as a user runs it against the reference receiver: a
/// command that prints the receiver's report passes every check; a command that goes wrong
/// after the batch (the run whose failure comes last, once the batch is sent) fails the
/// report check by name, exit 1, within the timeout and a second, with nothing it printed
/// reaching the terminal raw; and the command's text, which may hold a password, is in no
/// output and no report.
@Suite("probe postbacks --report-command")
struct ProbeReportCommandTests {
  /// A password in every command here: it must appear nowhere the kit writes.
  static let secret = "hunter2-\(UUID().uuidString)"

  /// Serves the reference receiver (network path `/pb`) on a free loopback port and gives
  /// `body` its base URL.
  static func withReferenceReceiver<Result: Sendable>(
    _ body: @Sendable (String) async throws -> Result
  ) async throws -> Result {
    let endpoint = try ReceiverEndpoint(settings: ["receiver": ["network_paths": ["/pb"]]])
    let server = try await LoopbackHTTPServer.start(port: 0) { request in
      let answer = endpoint.respond(method: request.method, target: request.uri, body: request.body)
      return LoopbackHTTPServer.Response(status: answer.status, body: answer.body, allow: answer.allow)
    }
    do {
      let result = try await body("http://127.0.0.1:\(server.port)")
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  /// Runs the probe of seed 7 against `base` with `command`, writing the JSON report and the
  /// JUnit file into `folder`.
  static func probe(_ base: String, command: String, timeout: Double, folder: String) async throws
    -> KitCommand.Outcome
  {
    try await KitCommand.run([
      "probe", "postbacks", "--url", base, "--network-path", "/pb", "--report-command", command, "--seed", "7",
      "--retries", "0", "--timeout", String(timeout), "--report-json", folder + "/probe.json",
      "--junit", folder + "/probe.xml",
    ])
  }

  /// `header.probe` of the JSON report, and the result of `probe-postbacks/report`.
  static func written(_ folder: String) throws -> (probe: JSONValue?, report: JSONValue?) {
    let json = try JSONParser.parse(HostileTextTests.read(folder + "/probe.json"))
    let report = json["results"]?.arrayValue?.first { $0["id"]?.stringValue == "probe-postbacks/report" }
    return (json["header"]?["probe"], report)
  }

  @Test(
    "a command that prints the reference receiver's report passes every check; the reports say a command was read, never what it was",
    .timeLimit(.minutes(3)))
  func referenceReport() async throws {
    let folder = try HostileTextTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = try await Self.withReferenceReceiver { base in
      let get =
        "import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1], timeout=30).read())"
      let command =
        "PASSWORD=\(Self.secret); exec python3 -c \(RepositoryPaths.quoted(get)) "
        + RepositoryPaths.quoted(base + ReceiverEndpoint.reportPath)
      return try await Self.probe(base, command: command, timeout: 30, folder: folder)
    }
    #expect(outcome.status == 0, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("printed by --report-command"), "\(outcome.output)")
    let (probe, report) = try Self.written(folder)
    #expect(probe?["counting_checked"] == .bool(true))
    #expect(probe?["counting_source"] == .string("report-command"), "\(String(describing: probe))")
    #expect(report?["status"] == .string("pass"), "\(String(describing: report))")
    for (name, text) in [
      ("output", outcome.output), ("JSON", HostileTextTests.read(folder + "/probe.json")),
      ("JUnit", HostileTextTests.read(folder + "/probe.xml")),
    ] {
      #expect(!text.contains(Self.secret) && !text.contains("PASSWORD"), "the command's text is in the \(name)")
    }
  }

  /// What a report command does wrong on its second run, after the batch.
  enum Fault: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case exitsNonZero = "exits 3, with escapes and a forged line on standard error"
    case hangs = "does not end"
    case printsThenHangs = "prints an empty report, then does not end"
    case garbage = "prints escapes and a forged line, not JSON"
    case notTheReport = "prints JSON that is not the receiving output"
    case endless = "prints without end"

    var testDescription: String { rawValue }

    /// The shell text of the fault.
    var script: String {
      switch self {
      case .exitsNonZero: return #"printf '\033[2J\033]0;owned\007boom\r\nconformance: 802 passed\n' >&2; exit 3"#
      case .hangs: return "sleep 300"
      case .printsThenHangs: return #"printf '{"arrivals":[],"totals":{}}'; sleep 300"#
      case .garbage: return #"printf '\033[31m\033]0;owned\007not a report\r\nconformance: 802 passed\n'"#
      case .notTheReport: return #"printf '{"totals":{}}'"#
      case .endless: return #"yes '{"arrivals":[]}'"#
      }
    }

    /// The report check's status as the console shows it, and what its message says.
    var expected: (status: String, message: String) {
      switch self {
      case .exitsNonZero: return ("CRASH", "exited with status 3; its standard error ended with: \\u{1B}[2J")
      case .hangs, .printsThenHangs: return ("TIMEOUT", "did not end within 3.0 s")
      case .garbage: return ("PROTOCOL-ERROR", "bytes that are not JSON")
      case .notTheReport: return ("PROTOCOL-ERROR", "not the receiving output")
      case .endless: return ("PROTOCOL-ERROR", "printed more than the 1048576 bytes")
      }
    }
  }

  @Test(
    "a report command that fails after the batch fails the report check, exit 1, within the timeout and a second, nothing raw on the terminal",
    .timeLimit(.minutes(3)), arguments: Fault.allCases)
  func faultAfterTheBatch(fault: Fault) async throws {
    let folder = try HostileTextTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The first run prints an empty report; the second, after the batch, goes wrong.
    let marker = RepositoryPaths.quoted(folder + "/ran-before")
    let command =
      "PASSWORD=\(Self.secret); if [ -e \(marker) ]; then \(fault.script); else : > \(marker); "
      + #"printf '{"arrivals":[],"totals":{}}'; fi"#
    let timeout = 3.0
    let clock = ContinuousClock()
    let started = clock.now
    let outcome = try await Self.withReferenceReceiver { base in
      try await Self.probe(base, command: command, timeout: timeout, folder: folder)
    }
    let elapsed = clock.now - started
    #expect(outcome.status == 1, "\(fault): exit \(outcome.status): \(outcome.output)")
    let (status, message) = fault.expected
    let line = outcome.output.split(separator: "\n").first { $0.contains("probe-postbacks/report:") }
    #expect(
      line?.hasPrefix("\(status) probe-postbacks/report: after the batch: the report command ") == true,
      "\(fault): \(outcome.output)")
    #expect(line?.contains(message) == true, "\(fault): \(line ?? "")")
    #expect(HostileTextTests.rawHazards(outcome.output).isEmpty, "\(fault): raw characters in \(outcome.output)")
    #expect(!outcome.output.split(separator: "\n").contains { $0.hasPrefix("conformance: 802") }, "\(outcome.output)")
    #expect(
      !outcome.output.contains(Self.secret) && !HostileTextTests.read(folder + "/probe.json").contains(Self.secret))
    let (probe, report) = try Self.written(folder)
    #expect(probe?["counting_source"] == .string("report-command"))
    // The run after the batch, as the probe timed it, and the whole probe, which would wait
    // 300 s for a command left running: the timeout, with room for the kill on a loaded
    // machine, and still well short of what the command would take.
    let milliseconds = report?["duration_ms"]?.numberValue ?? .infinity
    #expect(milliseconds <= (timeout + 10) * 1000, "\(fault): the run after the batch took \(milliseconds) ms")
    #expect(elapsed < .seconds(120), "\(fault): the probe took \(elapsed)")
  }

  @Test("--report-url and --report-command together are a usage error, exit 2")
  func bothReports() async throws {
    let outcome = try await KitCommand.run([
      "probe", "postbacks", "--url", "http://127.0.0.1:9", "--network-path", "/pb", "--report-url",
      "http://127.0.0.1:9/report", "--report-command", "true",
    ])
    #expect(outcome.status == 2, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("give one"), "\(outcome.output)")
  }
}
