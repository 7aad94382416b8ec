import Foundation
import SKANHTTP
import SKANJSON
import SKANReference
import SKANS2S
import SKANVectors
import SKANVerdicts
import Testing

/// `probe postbacks` against the reference receiver, and against receivers that answer or
/// count wrongly: each fault fails the check named for it, and only that one.
@Suite("Postback probe against the reference receiver and broken ones")
struct PostbackProbeTests {
  /// Serves the reference receiver on a free loopback port, with `rewrite` applied to each
  /// answer (the broken receivers), runs the probe of `seed`, and returns its results by check.
  func probe(
    reengagementCopies: Bool = false, seed: UInt64 = 1,
    rewrite: @escaping @Sendable (String, String, ReceiverEndpoint.Answer) -> ReceiverEndpoint.Answer = { $2 }
  ) async throws -> [String: CaseResult] {
    let endpoint = try ReceiverEndpoint(
      settings: ["receiver": ["network_paths": ["/pb"], "reengagement_copies": .bool(reengagementCopies)]])
    let server = try await LoopbackHTTPServer.start(port: 0) { request in
      let body = String(decoding: request.body, as: UTF8.self)
      let answer = rewrite(
        request.uri, body, endpoint.respond(method: request.method, target: request.uri, body: request.body))
      return LoopbackHTTPServer.Response(status: answer.status, body: answer.body, allow: answer.allow)
    }
    defer { Task { await server.stop() } }
    let base = "http://127.0.0.1:\(server.port)"
    let probe = try PostbackProbe(
      PostbackProbe.Configuration(
        url: base, networkPath: "/pb", reengagementCopies: reengagementCopies,
        reportURL: base + ReceiverEndpoint.reportPath, timeout: 30, seed: seed))
    let results = try await probe.run()
    return Dictionary(uniqueKeysWithValues: results.map { ($0.id, $0) })
  }

  @Test(
    "every check passes against the reference receiver, with and without re-engagement copies", .timeLimit(.minutes(3)),
    arguments: [false, true])
  func reference(reengagementCopies: Bool) async throws {
    let results = try await probe(reengagementCopies: reengagementCopies)
    #expect(
      results.count == Self.batch(seed: 1).steps.count + 3, "every postback, no-redirect, no-server-error, report")
    for (id, result) in results.sorted(by: { $0.key < $1.key }) {
      #expect(result.status == .pass, "\(id): \(result.message ?? "")")
    }
  }

  @Test(
    "a receiver that counts device retries and copies again fails the report check, and only it",
    .timeLimit(.minutes(3)))
  func doubleCounting() async throws {
    let results = try await probe { target, _, answer in
      guard target == ReceiverEndpoint.reportPath else { return answer }
      let text = String(decoding: answer.body, as: UTF8.self).replacingOccurrences(
        of: "\"status\":\"duplicate\"", with: "\"status\":\"counted\"")
      return ReceiverEndpoint.Answer(status: answer.status, body: Array(text.utf8))
    }
    let report = try #require(results["probe-postbacks/report"])
    #expect(report.status == .fail)
    #expect(report.differences.contains { $0.description.contains("status") }, "\(report.differences)")
    #expect(results.filter { $0.value.status != .pass }.map(\.key) == ["probe-postbacks/report"])
  }

  @Test(
    "a report without reasons, or with a wrong one, passes: each arrival's reason is a diagnostic, reported apart",
    .timeLimit(.minutes(3)))
  func reasonsAreDiagnostics() async throws {
    // `"reason":"…",` sorts between `"did_win"` and `"response"` in canonical output.
    func edit(_ replace: @escaping @Sendable (String) -> String)
      -> @Sendable (String, String, ReceiverEndpoint.Answer) -> ReceiverEndpoint.Answer
    {
      { target, _, answer in
        guard target == ReceiverEndpoint.reportPath else { return answer }
        let text = replace(String(decoding: answer.body, as: UTF8.self))
        return ReceiverEndpoint.Answer(status: answer.status, body: Array(text.utf8))
      }
    }
    let without = try await probe(
      rewrite: edit { $0.replacingOccurrences(of: #""reason":"[a-z-]*","#, with: "", options: .regularExpression) })
    let withoutReport = try #require(without["probe-postbacks/report"])
    #expect(withoutReport.status == .pass, "\(withoutReport.message ?? "")")
    #expect(withoutReport.diagnostics?.status == .notGiven)
    let wrong = try await probe(
      rewrite: edit { $0.replacingOccurrences(of: #""reason":"bad-signature""#, with: #""reason":"ok""#) })
    let wrongReport = try #require(wrong["probe-postbacks/report"])
    #expect(wrongReport.status == .pass, "\(wrongReport.message ?? "")")
    #expect(wrongReport.diagnostics?.status == .differ)
    #expect(wrongReport.diagnostics?.differences.contains { $0.path.contains("reason") } == true)
  }

  @Test(
    "a receiver that answers a forgery 400 fails the forged check; a 500 then 200 is a retry the probe names",
    .timeLimit(.minutes(3)))
  func wrongStatuses() async throws {
    // Seed 1's batch: the SKAdNetwork forgery and a genuine SKAdNetwork postback sent later.
    let steps = Self.batch(seed: 1).steps
    let forged = try #require(steps.first { $0.id.hasSuffix("-forged") })
    let laterIndex = try #require(
      steps.indices.first { index in
        let step = steps[index]
        return index > 0 && !step.adAttributionKit && !step.id.hasSuffix("forged")
          && !steps[..<index].contains { $0.body == step.body }
      }, "seed 1 has a genuine SKAdNetwork postback after the first request")
    let later = steps[laterIndex]
    let failedOnce = FirstTime()
    let results = try await probe { target, body, answer in
      if body == forged.body { return ReceiverEndpoint.Answer(status: 400, body: []) }
      if body == later.body, failedOnce.first() { return ReceiverEndpoint.Answer(status: 500, body: []) }
      return answer
    }
    let forgedResult = try #require(results["probe-postbacks/\(forged.id)"])
    #expect(forgedResult.status == .fail)
    #expect(forgedResult.message?.contains("answered 400") == true, "\(forgedResult.message ?? "")")
    let retried = try #require(results["probe-postbacks/\(later.id)"])
    #expect(retried.status == .fail)
    #expect(retried.message?.contains("answered 200 only at attempt 2") == true, "\(retried.message ?? "")")
    #expect(results["probe-postbacks/no-server-error"]?.status == .fail)
    let others = steps.filter { $0.body != forged.body && $0.body != later.body }.map { "probe-postbacks/\($0.id)" }
    for id in others { #expect(results[id]?.status == .pass, "\(id): \(results[id]?.message ?? "")") }
  }

  /// The batch the probe of `seed` sends to `/pb` with the copies.
  static func batch(seed: UInt64) -> ProbeBatch { ProbeBatch(seed: seed, networkPath: "/pb", copies: true) }

  @Test(
    "a receiver whose answers are longer than the probe reads is judged by its statuses, and its report named as too long, not as unreachable",
    .timeLimit(.minutes(3)))
  func oversizedAnswers() async throws {
    let padding = [UInt8](repeating: 0x20, count: (1 << 20) + 1)
    let results = try await probe { target, _, answer in
      // Every answer, the postbacks' and the report's, 1 MiB and a byte longer.
      ReceiverEndpoint.Answer(status: answer.status, body: answer.body + padding, allow: answer.allow)
    }
    #expect(results.count == Self.batch(seed: 1).steps.count + 3, "every check ran: \(results.keys.sorted())")
    let report = try #require(results["probe-postbacks/report"])
    #expect(report.status == .protocolError)
    #expect(report.message?.contains("longer than the 1048576 bytes") == true, "\(report.message ?? "")")
    #expect(
      results.filter { $0.value.status != .pass }.map(\.key) == ["probe-postbacks/report"],
      "a device reads only the status: \(results.filter { $0.value.status != .pass }.mapValues { $0.message ?? "" })")
  }

  /// True the first time only.
  final class FirstTime: @unchecked Sendable {
    private let lock = NSLock()
    private var used = false
    func first() -> Bool {
      lock.withLock {
        defer { used = true }
        return !used
      }
    }
  }
}
