import Foundation
import SKANHTTP
import SKANJSON
import SKANModel
import SKANReporting
import SKANRunner
import SKANS2S
import SKANVerdicts
import Testing

/// The probe's URL: the AppsFlyer path goes before a query the user
/// gave, and the report shows the endpoint without its credentials.
@Suite("S2S probe URLs", .serialized)
struct S2SProbeURLTests {
  static let devKey = "probe-url-test-dev-key-5521"
  static let uid = "LYPnL-sdJuSwjg-AQ2GTZehc"
  static let token = "qu3ry-t0ken-991"

  /// Records the request targets the server saw.
  final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var targets: [String] = []
    func add(_ target: String) { lock.withLock { targets.append(target) } }
    var all: [String] { lock.withLock { targets } }
  }

  @Test(
    "a URL without a path but with a query gets the path before the query; the report masks the query",
    .timeLimit(.minutes(3)))
  func pathBeforeQuery() async throws {
    let endpoint = S2SReferenceEndpoint(
      devKey: Self.devKey,
      values: [
        Self.uid: ["value": 7, "coarse_value": "low", "lock": true, "next_w_time": 0, "postback_sequence_index": 1]
      ])
    let seen = Seen()
    let server = try await LoopbackHTTPServer.start(port: 0) { request in
      seen.add(request.uri)
      return endpoint.respond(request)
    }
    let url = "http://127.0.0.1:\(server.port)?token=\(Self.token)"
    let probe = try S2SProbe(.init(url: url, devKey: Self.devKey, appID: "id1", uid: Self.uid))
    let results = try await probe.run()
    await server.stop()
    let first = try #require(seen.all.first)
    #expect(first.hasPrefix(S2SRequestShape.path + "?token=\(Self.token)&"), "the server saw \(first)")
    #expect(results.first?.status == .pass, "\(results.map { "\($0.id) \($0.status) \($0.message ?? "")" })")
    let report = probe.report(results, kitVersion: "test", startedAt: "2026-01-01T00:00:00Z")
    #expect(report.target == "http://127.0.0.1:\(server.port)\(S2SRequestShape.path)?token=***")
    for text in [JSONReport.text(report), MarkdownReport.text(report), HTMLReport.html(report)] {
      #expect(!text.contains(Self.token))
    }
  }
}
