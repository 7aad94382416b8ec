import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SKANHTTP
import SKANJSON
public import SKANModel
public import SKANRunner
import SKANSignatures
import SKANVectors
public import SKANVerdicts

/// The live S2S probe (`skan-conform probe s2s`): acts as the SDK-less client against a
/// running conversion-value endpoint and checks that it answers as the contract says, the
/// way h2spec checks an HTTP/2 server.
///
/// The dev key only signs requests: it is never part of a result, a message or a report.
public struct S2SProbe: Sendable {
  /// What to probe.
  public struct Configuration: Sendable {
    /// The endpoint URL. A URL without a path gets the AppsFlyer path.
    public var url: String
    /// The dev key (secret).
    public var devKey: String
    /// The app ID to send.
    public var appID: String
    /// A uid the endpoint knows.
    public var uid: String
    /// The signing profile.
    public var profile: S2SSignatureProfile
    /// Seconds to wait for each response.
    public var timeout: Double

    /// Creates a configuration.
    public init(
      url: String, devKey: String, appID: String, uid: String, profile: S2SSignatureProfile = .default,
      timeout: Double = 5
    ) {
      self.url = url
      self.devKey = devKey
      self.appID = appID
      self.uid = uid
      self.profile = profile
      self.timeout = timeout
    }
  }

  /// Why the probe could not run at all.
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// The URL is not an http(s) URL.
    case invalidURL(String)
    /// No connection could be made (exit code 3).
    case unreachable(String)

    public var description: String {
      switch self {
      case .invalidURL(let url): return "not an http:// or https:// URL: \(DisplayText(URLRedaction.redact(url)))"
      case .unreachable(let reason): return "the endpoint is unreachable: \(reason)"
      }
    }
  }

  /// The checks, in the order they run: IDs, requirements, and what each expects.
  public static let checks: [(id: String, requirements: [String], summary: String)] = [
    ("probe-s2s/signed-request", ["S2S-6", "S2S-8", "S2S-1"], "a well-signed request for the known uid gets 200"),
    (
      "probe-s2s/response-contract", ["S2S-12", "S2S-13"],
      "the 200 body parses as an AppsFlyer v2 response: value 0 to 63, coarse_value a name, lock a boolean, next_w_time and postback_sequence_index in range"
    ),
    (
      "probe-s2s/tampered-signature", ["S2S-6", "S2S-7"],
      "the same request with one hex digit of the signature changed gets 401"
    ),
    ("probe-s2s/missing-uid", ["S2S-6", "S2S-7"], "a signed request without uid gets 400"),
    ("probe-s2s/missing-signature", ["S2S-7"], "a request without the Authorization header gets 400"),
    ("probe-s2s/unknown-uid", ["S2S-6"], "a well-signed request for a made-up uid gets 404"),
  ]

  private let configuration: Configuration
  private let endpoint: String

  /// Creates a probe.
  /// - Throws: ``Failure/invalidURL(_:)``.
  public init(_ configuration: Configuration) throws(Failure) {
    guard let components = URLComponents(string: configuration.url),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https", components.host != nil
    else { throw .invalidURL(configuration.url) }
    self.configuration = configuration
    endpoint = Self.requestURL(configuration.url, hasPath: !(components.path.isEmpty || components.path == "/"))
  }

  /// The URL the probe calls: `url` with the AppsFlyer path when it has none, put before
  /// the query (`https://host?token=…` becomes `https://host/api/v2.0/conversion-value?token=…`);
  /// a fragment is never sent.
  static func requestURL(_ url: String, hasPath: Bool) -> String {
    var base = Substring(url)
    if let hash = base.firstIndex(of: "#") { base = base[..<hash] }
    var query: Substring = ""
    if let question = base.firstIndex(of: "?") {
      query = base[question...]
      base = base[..<question]
    }
    if !hasPath {
      if base.hasSuffix("/") { base = base.dropLast() }
      base += S2SRequestShape.path
    }
    return String(base + query)
  }

  /// The endpoint URL the probe calls, as reports show it: credentials masked
  /// (``URLRedaction``).
  public var target: String { URLRedaction.redact(endpoint) }

  /// Runs every check.
  /// - Parameter madeUpUID: the uid the 404 check sends; random unless a test fixes it.
  /// - Throws: ``Failure/unreachable(_:)`` when the first request cannot connect.
  public func run(madeUpUID: String = "skan-conform-probe-" + UUID().uuidString.lowercased()) async throws(Failure)
    -> [CaseResult]
  {
    let client = ProbeClient(timeout: configuration.timeout)
    let results = await checkAll(client, madeUpUID: madeUpUID)
    await client.shutdown()
    if case .failure(let failure) = results { throw failure }
    return (try? results.get()) ?? []
  }

  private func checkAll(_ client: ProbeClient, madeUpUID: String) async -> Result<[CaseResult], Failure> {
    let timestamp = String(Int((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    let signature = sign(timestamp: timestamp, uid: configuration.uid)
    var results: [CaseResult] = []
    let checks = Self.checks

    // 1 and 2: the well-signed request and its body.
    let first = await send(client, uid: configuration.uid, timestamp: timestamp, signature: signature)
    if case .unreachable(let reason) = first { return .failure(.unreachable(reason)) }
    results.append(expectStatus(checks[0], first, S2SValidation.Reason.ok.status))
    results.append(contract(checks[1], first))
    // 3: a tampered signature.
    let tampered = String(signature.dropLast()) + (signature.hasSuffix("0") ? "1" : "0")
    results.append(
      expectStatus(
        checks[2], await send(client, uid: configuration.uid, timestamp: timestamp, signature: tampered),
        S2SValidation.Reason.badSignature.status))
    // 4: no uid (signed as if the uid were empty).
    results.append(
      expectStatus(
        checks[3], await send(client, uid: nil, timestamp: timestamp, signature: sign(timestamp: timestamp, uid: "")),
        S2SValidation.Reason.missingParameter.status))
    // 5: no signature.
    results.append(
      expectStatus(
        checks[4], await send(client, uid: configuration.uid, timestamp: timestamp, signature: nil),
        S2SValidation.Reason.missingParameter.status))
    // 6: a made-up uid, correctly signed.
    results.append(
      expectStatus(
        checks[5],
        await send(client, uid: madeUpUID, timestamp: timestamp, signature: sign(timestamp: timestamp, uid: madeUpUID)),
        S2SValidation.Reason.unknownUID.status))
    return .success(results)
  }

  /// Wraps results in a report for the kit's reporters.
  public func report(_ results: [CaseResult], kitVersion: String, startedAt: String) -> RunReport {
    var report = RunReport(
      kitVersion: kitVersion, vectorDigest: RunReport.liveProbeDigest,
      implementation: ImplementationIdentity(name: "s2s-endpoint", version: "", language: "http", suites: ["s2s"]),
      transport: .http, target: target, startedAt: startedAt, results: results, complete: true, vectorSet: .custom)
    // Its checks are fixed (no seed); it checks answers, and there is nothing it counts.
    report.probe = LiveProbeRun(seed: nil, countingChecked: true)
    return report
  }

  private func sign(timestamp: String, uid: String) -> String {
    configuration.profile.sign(
      timestamp: timestamp, devKey: configuration.devKey, appID: configuration.appID, uid: uid, crypto: SwiftCrypto()
    ).signature
  }

  typealias Outcome = ProbeClient.Outcome

  private func send(_ client: ProbeClient, uid: String?, timestamp: String, signature: String?) async -> Outcome {
    var query = "\(S2SRequestShape.appID)=\(S2SQuery.encode(configuration.appID))"
    if let uid { query += "&\(S2SRequestShape.uid)=\(S2SQuery.encode(uid))" }
    query += "&\(S2SRequestShape.sdkVersion)=\(S2SRequestShape.sdkVersionValue)"
    var request = HTTPClientRequest(url: endpoint + (endpoint.contains("?") ? "&" : "?") + query)
    request.method = .GET
    request.headers.add(name: S2SRequestShape.timestampHeader, value: timestamp)
    if let signature { request.headers.add(name: S2SRequestShape.signatureHeader, value: signature) }
    return await client.send(request)
  }

  private func expectStatus(
    _ check: (id: String, requirements: [String], summary: String), _ outcome: Outcome, _ expected: Int
  ) -> CaseResult {
    switch outcome {
    // The status is the check; a body too long to read only loses the reason it may give.
    case .response(let status, _, let seconds), .oversized(let status, let seconds):
      if status == expected {
        return CaseResult(
          id: check.id, suite: "s2s", requirements: check.requirements, status: .pass, duration: seconds)
      }
      var reason = ""
      if case .response(_, let body, _) = outcome { reason = Self.reason(body) }
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .fail,
        message: "expected HTTP \(expected) (\(check.summary)), got \(status)\(reason)", duration: seconds)
    case .timedOut(let seconds):
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .timeout,
        message: "no response within \(seconds) s", duration: seconds)
    case .unreachable(let reason):
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .crash,
        message: "the endpoint became unreachable: \(reason)")
    case .badAnswer(let reason):
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .protocolError,
        message: "the endpoint answered with no HTTP answer: \(reason)")
    case .interrupted:
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .error,
        message: "interrupted before an answer")
    }
  }

  private func contract(_ check: (id: String, requirements: [String], summary: String), _ outcome: Outcome)
    -> CaseResult
  {
    if case .oversized(_, let seconds) = outcome {
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .fail,
        message: "the response body is longer than the \(ProbeClient.bodyLimit) bytes the probe reads",
        duration: seconds)
    }
    guard case .response(let status, let bytes, let seconds) = outcome else {
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .fail, message: "no response to check")
    }
    guard status == 200 else {
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .fail,
        message: "no 200 response to check (got \(status))", duration: seconds)
    }
    guard let body = try? JSONParser.parse(bytes: bytes) else {
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .fail,
        message: "the 200 body is not JSON", duration: seconds)
    }
    do {
      _ = try S2SResponseContract.update(api: .appsFlyerV2, body: body)
      return CaseResult(id: check.id, suite: "s2s", requirements: check.requirements, status: .pass, duration: seconds)
    } catch {
      return CaseResult(
        id: check.id, suite: "s2s", requirements: check.requirements, status: .fail,
        message: "the 200 body breaks the contract: \(error.code.rawValue) (\(error.message))", duration: seconds)
    }
  }

  /// `: reason` from an error body, for messages.
  private static func reason(_ body: [UInt8]) -> String {
    guard let value = try? JSONParser.parse(bytes: body), let reason = value["reason"]?.stringValue else { return "" }
    // The endpoint's own words: untrusted, so shown only through DisplayText and bounded.
    return " (\(DisplayText(String(reason.prefix(200)))))"
  }
}
