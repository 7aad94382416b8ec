import Foundation
import SKANHTTP
import SKANJSON
import SKANReporting
import SKANRunner
import SKANS2S
import SKANVerdicts
import Testing

/// The probe's report through every reporter, and that the dev key never shows.
@Suite("S2S probe reports", .serialized)
struct S2SProbeReportTests {
  static let devKey = "Sup3r-Secret-Dev-Key-7781"
  static let uid = "LYPnL-sdJuSwjg-AQ2GTZehc"

  /// Every text a probe run produces: the reports in each format and every message.
  func texts(devKey: String, uid: String) async throws -> [(name: String, text: String)] {
    let endpoint = S2SReferenceEndpoint(
      devKey: Self.devKey,
      values: [
        Self.uid: ["value": 7, "coarse_value": "low", "lock": true, "next_w_time": 0, "postback_sequence_index": 1]
      ])
    let server = try await LoopbackHTTPServer.start(port: 0) { endpoint.respond($0) }
    let probe = try S2SProbe(.init(url: "http://127.0.0.1:\(server.port)", devKey: devKey, appID: "id1", uid: uid))
    let results = try await probe.run()
    await server.stop()
    let report = probe.report(results, kitVersion: "test", startedAt: "2026-01-01T00:00:00Z")
    return [
      ("console", ConsoleReport.text(report)),
      ("json", CanonicalJSON.pretty(JSONReport.json(report))),
      ("junit", JUnitReport.xml(report)),
      ("markdown", MarkdownReport.text(report)),
      ("messages", results.compactMap(\.message).joined(separator: "\n")),
    ]
  }

  @Test("the dev key appears in no report, passing or failing", .timeLimit(.minutes(3)))
  func noDevKey() async throws {
    // A passing run, and a failing one (the wrong key, and an unknown uid), whose messages
    // quote the server's answers.
    for (key, uid) in [(Self.devKey, Self.uid), ("Wr0ng-Secret-Key-5512", Self.uid), (Self.devKey, "not-known")] {
      for (name, text) in try await texts(devKey: key, uid: uid) {
        #expect(
          !text.contains(key),
          "report \(name) (key \(key == Self.devKey ? "right" : "wrong"), uid \(uid)) shows the dev key")
        #expect(!text.contains(Self.devKey), "report \(name) shows the server's dev key")
      }
    }
  }

  @Test("a passing probe reports every check as a pass in every format", .timeLimit(.minutes(3)))
  func passing() async throws {
    let texts = try await texts(devKey: Self.devKey, uid: Self.uid)
    let console = texts.first { $0.name == "console" }?.text ?? ""
    #expect(console.contains("s2s: \(S2SProbe.checks.count) pass"), "console summary: \(console)")
    let junit = texts.first { $0.name == "junit" }?.text ?? ""
    for check in S2SProbe.checks {
      #expect(junit.contains(check.id), "JUnit report names check \(check.id)")
    }
  }
}
