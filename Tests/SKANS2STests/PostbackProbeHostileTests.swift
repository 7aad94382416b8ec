import Foundation
import SKANHTTP
import SKANJSON
import SKANModel
import SKANReference
import SKANS2S
import SKANSuiteCodecs
import SKANTestSupport
import SKANVerdicts
import SKANVocabulary
import Testing

/// `probe postbacks` against receivers that stall, trickle, answer badly, serve a canned
/// report or never check an AdAttributionKit signature: every request ends within the
/// timeout, body included, a fault is charged to its own request and named for what it is,
/// and a receiver that did not count the probe's own batch fails.
@Suite("Postback probe against hostile receivers")
struct PostbackProbeHostileTests {
  /// The seed of every probe here: its batch is known (``ProbeBatch``), so a test can name
  /// the request a fault hits.
  static let seed: UInt64 = 3
  static var batch: ProbeBatch { ProbeBatch(seed: seed, networkPath: "/pb", copies: true) }

  /// Starts `hostile_receiver.py` misbehaving in `mode` on request number `victim` (from 1,
  /// GETs and POSTs alike), and gives `body` its port; the receiver is killed when `body`
  /// returns.
  func withReceiver<Result: Sendable>(
    _ mode: String, victim: Int, _ body: @escaping @Sendable (Int) async throws -> Result
  ) async throws -> Result {
    let result = try await FixtureServer.withPort("hostile_receiver.py", [mode, String(victim)], body)
    return try #require(result, "hostile_receiver.py did not say its port")
  }

  /// Runs the probe of ``seed`` against `port`, `/pb`, with the report URL when `report`.
  func probe(port: Int, report: Bool, timeout: Double) async throws -> [String: CaseResult] {
    let base = "http://127.0.0.1:\(port)"
    let probe = try PostbackProbe(
      PostbackProbe.Configuration(
        url: base, networkPath: "/pb", reportURL: report ? base + "/report" : nil, retries: 0, timeout: timeout,
        seed: Self.seed))
    return Dictionary(uniqueKeysWithValues: try await probe.run().map { ($0.id, $0) })
  }

  @Test(
    "a body that stalls or trickles, plain or chunked, ends at the timeout and is charged to its request alone; the probe ends within its requests × timeout + 1 s",
    .timeLimit(.minutes(3)), arguments: ["stall-body", "trickle", "chunked-stall"])
  func stalledBody(mode: String) async throws {
    let steps = Self.batch.steps
    // Request 1 is the report read before the batch; request 5 is the batch's fourth postback.
    let victim = steps[3]
    // Long enough that the bound below is over ten times a probe's usual time here (about
    // the one timeout it waits out), so a loaded machine does not reach it.
    let timeout = 5.0
    let clock = ContinuousClock()
    let started = clock.now
    let results = try await withReceiver(mode, victim: 5) { port in
      try await self.probe(port: port, report: true, timeout: timeout)
    }
    let elapsed = clock.now - started
    let requests = steps.count + 2
    #expect(elapsed < .seconds(Double(requests) * timeout + 1), "\(mode): the probe took \(elapsed)")
    let charged = try #require(results["probe-postbacks/\(victim.id)"])
    #expect(charged.status == .timeout, "\(mode): \(charged.status) \(charged.message ?? "")")
    for step in steps where step.id != victim.id {
      let result = results["probe-postbacks/\(step.id)"]
      #expect(result?.status == .pass, "\(mode): \(step.id) \(result?.message ?? "missing")")
    }
  }

  @Test(
    "a report that stalls after its head is a timeout of the report check, not a crash, and the probe still ends",
    .timeLimit(.minutes(3)), arguments: ["stall-body", "trickle", "chunked-stall"])
  func stalledReport(mode: String) async throws {
    let steps = Self.batch.steps
    let results = try await withReceiver(mode, victim: steps.count + 2) { port in
      try await self.probe(port: port, report: true, timeout: 1)
    }
    let report = try #require(results["probe-postbacks/report"])
    #expect(report.status == .timeout, "\(mode): \(report.status) \(report.message ?? "")")
    #expect(report.message?.contains("after the batch") == true, "\(report.message ?? "")")
  }

  @Test(
    "a receiver that accepts the connection and answers with no HTTP answer is a protocol error of that request, never unreachable",
    .timeLimit(.minutes(3)), arguments: ["status-2000", "huge-header", "reset"])
  func badAnswers(mode: String) async throws {
    let steps = Self.batch.steps
    for victim in [1, 3] {
      let results = try await withReceiver(mode, victim: victim) { port in
        try await self.probe(port: port, report: false, timeout: 10)
      }
      let step = steps[victim - 1]
      let charged = try #require(results["probe-postbacks/\(step.id)"])
      #expect(charged.status == .protocolError, "\(mode) at \(victim): \(charged.status) \(charged.message ?? "")")
      #expect(charged.message?.contains("no HTTP answer") == true, "\(charged.message ?? "")")
      #expect(results.values.filter { $0.status != .pass && $0.id != "probe-postbacks/\(step.id)" }.isEmpty)
    }
  }

  @Test("nothing listening is unreachable, said in plain words", .timeLimit(.minutes(1)))
  func unreachable() async throws {
    let closed = try ClosedPort()
    let probe = try PostbackProbe(
      PostbackProbe.Configuration(
        url: "http://127.0.0.1:\(closed.port)", networkPath: "/pb", timeout: 5, seed: Self.seed))
    do {
      _ = try await probe.run()
      Issue.record("the probe of a closed port did not fail")
    } catch {
      withExtendedLifetime(closed) {}
      let text = String(describing: error)
      #expect(text.contains("connection refused"), "\(text)")
      #expect(!text.contains("errno") && !text.contains("error set"), "\(text)")
    }
  }

  @Test(
    "a receiver that answers 200 and serves a report that does not change fails the report check",
    .timeLimit(.minutes(2)))
  func cannedEmptyReport() async throws {
    let results = try await withReceiver("none", victim: 0) { port in
      try await self.probe(port: port, report: true, timeout: 10)
    }
    #expect(results["probe-postbacks/report"]?.status == .fail, "\(results["probe-postbacks/report"]?.message ?? "")")
  }

  @Test(
    "a report with numbers at the ends of the integer range fails the report check, and never traps the probe",
    .timeLimit(.minutes(2)))
  func extremeNumbersInReport() async throws {
    let reads = Arrivals()
    let steps = Self.batch.steps.count
    let check = try await serving({ request in
      guard request.method == "GET" else { return LoopbackHTTPServer.Response(status: 200, body: Array("{}".utf8)) }
      reads.add(path: "", body: "")
      // Before the batch: one arrival and totals at -1 and Int.min. After: every arrival a
      // duplicate of Int.min, and totals at Int.max: each subtraction would overflow.
      let first = reads.all.count == 1
      let arrival: JSONValue = [
        "status": "duplicate", "duplicate_of": .integer(Int.min), "role": "network", "response": 200,
      ]
      let report: JSONValue = [
        "arrivals": .array(Array(repeating: arrival, count: first ? 1 : steps + 1)),
        "totals": [
          "received": .integer(first ? -1 : Int.max), "counted": .integer(first ? Int.min : Int.max),
          "rows": [["count": .integer(first ? Int.min : Int.max), "window": 0]],
        ],
      ]
      return LoopbackHTTPServer.Response(status: 200, body: CanonicalJSON.compactBytes(report))
    }) { base in try await reportCheck(base, seed: Self.seed) }
    #expect(check?.status == .fail, "\(check?.status as Any) \(check?.message ?? "")")
  }

  /// Serves `handler` on a free loopback port while `body` runs.
  func serving<Result: Sendable>(
    _ handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response,
    _ body: (String) async throws -> Result
  ) async throws -> Result {
    let server = try await LoopbackHTTPServer.start(port: 0, handler: handler)
    let result = try await body("http://127.0.0.1:\(server.port)")
    await server.stop()
    return result
  }

  /// The report check of a probe of `seed` against `base`.
  func reportCheck(_ base: String, seed: UInt64) async throws -> CaseResult? {
    let probe = try PostbackProbe(
      PostbackProbe.Configuration(
        url: base, networkPath: "/pb", reportURL: base + ReceiverEndpoint.reportPath, timeout: 30, seed: seed))
    return try await probe.run().first { $0.id == "probe-postbacks/report" }
  }

  @Test(
    "a receiver that replays a report captured from the reference fails the report check, for that seed and another",
    .timeLimit(.minutes(3)))
  func cannedCapturedReport() async throws {
    let endpoint = try ReceiverEndpoint(settings: ["receiver": ["network_paths": ["/pb"]]])
    let captured = try await serving({ request in
      let answer = endpoint.respond(method: request.method, target: request.uri, body: request.body)
      return LoopbackHTTPServer.Response(status: answer.status, body: answer.body, allow: answer.allow)
    }) { base -> [UInt8] in
      let honest = try await reportCheck(base, seed: Self.seed)
      #expect(honest?.status == .pass, "the reference passes: \(honest?.message ?? "")")
      return endpoint.respond(method: "GET", target: ReceiverEndpoint.reportPath, body: []).body
    }
    for seed in [Self.seed, Self.seed + 1] {
      let replayed = try await serving({ request in
        LoopbackHTTPServer.Response(status: 200, body: request.method == "GET" ? captured : Array("{}".utf8))
      }) { base in try await reportCheck(base, seed: seed) }
      #expect(replayed?.status == .fail, "seed \(seed): \(replayed?.status as Any) \(replayed?.message ?? "")")
    }
  }

  @Test(
    "a receiver that never checks an AdAttributionKit signature counts the probe's forgeries and fails the report check",
    .timeLimit(.minutes(3)), arguments: [UInt64(1), 2, 3])
  func unsignedAdAttributionKit(seed: UInt64) async throws {
    let arrivals = Arrivals()
    let check = try await serving({ request in
      if request.method == "POST" {
        arrivals.add(path: request.uri, body: String(decoding: request.body, as: UTF8.self))
        return LoopbackHTTPServer.Response(status: 200, body: Array("{}".utf8))
      }
      // The receiving model with the JWS read under its kid, its signature never checked.
      let input = ReceivingSuite.Input.object([
        .op: .string(ReceivingSuite.Operation.receive.rawValue),
        .receiver: ReceivingSuite.Receiver.object([.networkPaths: ["/pb"]]), .arrivals: .array(arrivals.all),
      ])
      let output = RuleVariant.$active.withValue([.adAttributionKitSignatureUnchecked]) {
        (try? ReceivingSuite.evaluate(input)) ?? .null
      }
      return LoopbackHTTPServer.Response(status: 200, body: CanonicalJSON.compactBytes(output))
    }) { base in try await reportCheck(base, seed: seed) }
    #expect(check?.status == .fail, "seed \(seed): \(check?.message ?? "")")
    #expect(check?.differences.contains { $0.description.contains("status") } == true, "\(check?.differences ?? [])")
  }

  /// The arrivals a test receiver recorded, in order.
  final class Arrivals: @unchecked Sendable {  // @unchecked: `list` is read and written under `lock`.
    private let lock = NSLock()
    private var list: [JSONValue] = []
    func add(path: String, body: String) {
      lock.withLock {
        list.append(
          ReceivingSuite.Arrival.object([.at: .integer(list.count), .path: .string(path), .body: .string(body)]))
      }
    }
    var all: [JSONValue] { lock.withLock { list } }
  }
}
