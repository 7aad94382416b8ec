import Foundation
import SKANHTTP
import SKANJSON
import SKANModel
import SKANRunner
import SKANS2S
import SKANSignatures
import SKANTestSupport
import SKANVerdicts
import Testing

/// The probe against the reference endpoint and against deliberately broken endpoints.
@Suite("S2S probe (S2S-6, S2S-7, S2S-12, S2S-13)", .serialized)
struct S2SProbeTests {
  static let devKey = "probe-test-dev-key-Zq81"
  static let uid = "LYPnL-sdJuSwjg-AQ2GTZehc"
  static let body: JSONValue = [
    "value": 42, "coarse_value": "medium", "lock": false, "next_w_time": 0, "postback_sequence_index": 0,
  ]

  /// Ways an endpoint can break the contract.
  enum Breakage: String, CaseIterable {
    case none
    case acceptsAnySignature = "accepts-any-signature"
    case serverErrorOnMissingParameter = "500-on-missing-parameter"
    case value64 = "value-64"
    case lockAsString = "lock-as-string"
    case alwaysFound = "200-for-unknown-uid"
    case longAnswers = "answers-over-1-MiB"
  }

  /// Serves the reference endpoint, broken as asked, on a free loopback port.
  static func serve(_ breakage: Breakage) async throws -> LoopbackHTTPServer {
    var values: [String: JSONValue] = [uid: body]
    switch breakage {
    case .value64: values[uid] = ["value": 64, "coarse_value": "high", "lock": false]
    case .lockAsString: values[uid] = ["value": 1, "coarse_value": "high", "lock": "YES"]
    default: break
    }
    let endpoint = S2SReferenceEndpoint(devKey: devKey, values: values)
    let lenient = S2SReferenceEndpoint(devKey: devKey, values: values)
    return try await LoopbackHTTPServer.start(port: 0) { request in
      switch breakage {
      case .acceptsAnySignature:
        // Answers as if every signature were right: re-sign the request's own fields.
        return lenient.respond(resigned(request))
      case .serverErrorOnMissingParameter:
        let response = endpoint.respond(request)
        return response.status == 400 ? .init(status: 500, body: Array("{}".utf8)) : response
      case .alwaysFound:
        let response = endpoint.respond(request)
        return response.status == 404 ? .init(status: 200, body: CanonicalJSON.compactBytes(body)) : response
      case .longAnswers:
        // Every answer, its status right, 1 MiB and a byte longer than the probe reads.
        let response = endpoint.respond(request)
        return .init(status: response.status, body: response.body + [UInt8](repeating: 0x20, count: (1 << 20) + 1))
      default:
        return endpoint.respond(request)
      }
    }
  }

  /// The request with a correct signature in place of whatever it carried.
  static func resigned(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Request {
    var copy = request
    let query = request.uri.split(separator: "?").last.map(String.init) ?? ""
    var fields: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
      if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    let timestamp = request.header("Af-Timestamp") ?? ""
    let message = S2SSignatureProfile.default.message(
      timestamp: timestamp, devKey: devKey, appID: fields["app_id"] ?? "", uid: fields["uid"] ?? "")
    if request.header("Authorization") != nil {
      copy.headers =
        request.headers.filter { $0.name != "authorization" }
        + [(name: "authorization", value: SwiftCrypto().hexHMAC(message: message, key: devKey))]
    }
    return copy
  }

  static func probe(_ breakage: Breakage) async throws -> [CaseResult] {
    let server = try await serve(breakage)
    let probe = try S2SProbe(
      .init(url: "http://127.0.0.1:\(server.port)", devKey: devKey, appID: "id123456789", uid: uid, timeout: 30))
    let results = try await probe.run()
    await server.stop()
    return results
  }

  @Test("every check passes against the reference endpoint", .timeLimit(.minutes(3)))
  func reference() async throws {
    let results = try await Self.probe(.none)
    #expect(results.count == S2SProbe.checks.count, "one result per check")
    for result in results {
      #expect(result.status == .pass, "check \(result.id): \(result.message ?? "")")
    }
  }

  @Test("each broken endpoint fails exactly the checks it breaks", .timeLimit(.minutes(3)))
  func broken() async throws {
    let expectedFailures: [Breakage: Set<String>] = [
      .acceptsAnySignature: ["probe-s2s/tampered-signature"],
      .serverErrorOnMissingParameter: ["probe-s2s/missing-uid", "probe-s2s/missing-signature"],
      .value64: ["probe-s2s/response-contract"],
      .lockAsString: ["probe-s2s/response-contract"],
      .alwaysFound: ["probe-s2s/unknown-uid"],
      // Judged by their statuses; only the body check cannot read the body, and says so.
      .longAnswers: ["probe-s2s/response-contract"],
    ]
    for (breakage, failures) in expectedFailures {
      let results = try await Self.probe(breakage)
      let failed = Set(results.filter { $0.status != .pass }.map(\.id))
      #expect(failed == failures, "endpoint \(breakage.rawValue): failed checks \(failed.sorted())")
      for result in results where result.status != .pass {
        #expect(result.message?.isEmpty == false, "endpoint \(breakage.rawValue), check \(result.id): a message")
      }
      if breakage == .longAnswers {
        let contract = results.first { $0.id == "probe-s2s/response-contract" }
        #expect(contract?.message?.contains("longer than the 1048576 bytes") == true, "\(contract?.message ?? "")")
      }
    }
  }

  @Test("a probe with the wrong dev key fails the signed checks", .timeLimit(.minutes(3)))
  func wrongKey() async throws {
    let server = try await Self.serve(.none)
    let probe = try S2SProbe(
      .init(
        url: "http://127.0.0.1:\(server.port)/api/v2.0/conversion-value", devKey: "wrong", appID: "id1", uid: Self.uid))
    let results = try await probe.run()
    await server.stop()
    let failed = Set(results.filter { $0.status != .pass }.map(\.id))
    #expect(
      failed == ["probe-s2s/signed-request", "probe-s2s/response-contract", "probe-s2s/unknown-uid"],
      "wrong key: \(failed.sorted())")
  }

  @Test("an unreachable endpoint is an error, not a result", .timeLimit(.minutes(3)))
  func unreachable() async throws {
    let closed = try ClosedPort()
    let probe = try S2SProbe(
      .init(url: "http://127.0.0.1:\(closed.port)", devKey: Self.devKey, appID: "id1", uid: Self.uid))
    await #expect(throws: S2SProbe.Failure.self, "closed port") { _ = try await probe.run() }
    withExtendedLifetime(closed) {}
  }

  @Test("a URL that is not http(s) is refused")
  func invalidURL() {
    #expect(throws: S2SProbe.Failure.self, "ftp URL") {
      _ = try S2SProbe(.init(url: "ftp://example.com", devKey: "k", appID: "a", uid: "u"))
    }
  }

  @Test("the reference endpoint answers unknown paths 404 and never echoes the dev key", .timeLimit(.minutes(3)))
  func endpointDetails() {
    let endpoint = S2SReferenceEndpoint(devKey: Self.devKey, values: [Self.uid: Self.body])
    let other = endpoint.respond(.init(method: "GET", target: "/other?uid=\(Self.uid)", headers: [], body: []))
    #expect(other.status == 404, "unknown path")
    let post = endpoint.respond(.init(method: "POST", target: S2SRequestShape.path, headers: [], body: []))
    #expect(post.status == 400, "POST")
    for response in [other, post] {
      #expect(!String(decoding: response.body, as: UTF8.self).contains(Self.devKey), "no dev key in a response")
    }
  }
}
