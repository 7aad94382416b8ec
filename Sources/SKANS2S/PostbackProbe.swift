import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SKANHTTP
import SKANJSON
import SKANModel
public import SKANRunner
import SKANSuites
import SKANVectors
public import SKANVerdicts
import SKANVocabulary

/// The live postback probe (`skan-conform probe postbacks`, #29): plays the device against a
/// running postback receiver, POSTing Apple's example postbacks (a retry, the developer's
/// copies, a loser, an AdAttributionKit postback, a rewritten duplicate and a forgery) to its
/// paths, and checks the answers Apple requires: 200 to every postback, at once (RCV-7,
/// RCV-9). With a report URL it also checks what the receiver counted against the receiving
/// model's answer for the very requests the probe sent (RCV-1 to RCV-19).
public struct PostbackProbe: Sendable {
  /// What to probe.
  public struct Configuration: Sendable {
    /// The receiver's base URL (scheme, host, port); a path in it is ignored.
    public var url: String
    /// The path of the ad network's own postbacks; `nil` probes only the copy paths.
    public var networkPath: String?
    /// Whether to send the developer copies.
    public var copies: Bool
    /// Whether the advertised app opted into AdAttributionKit re-engagement copies.
    public var reengagementCopies: Bool
    /// Where to GET what the receiver counted (the receiving suite's output); `nil` skips it.
    public var reportURL: String?
    /// How many times to resend a postback not answered 200 (the device's rule per framework).
    public var retries: Int
    /// Seconds to wait for each answer.
    public var timeout: Double

    /// Creates a configuration.
    public init(
      url: String, networkPath: String?, copies: Bool = true, reengagementCopies: Bool = false,
      reportURL: String? = nil, retries: Int = 2, timeout: Double = 5
    ) {
      self.url = url
      self.networkPath = networkPath
      self.copies = copies
      self.reengagementCopies = reengagementCopies
      self.reportURL = reportURL
      self.retries = retries
      self.timeout = timeout
    }
  }

  /// Why the probe could not run at all.
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// The URL is not an absolute http(s) URL.
    case invalidURL(String)
    /// Nothing can be sent: no network path and no copies.
    case nothingToSend
    /// The first request could not connect.
    case unreachable(String)

    public var description: String {
      switch self {
      case .invalidURL(let url): return "not an absolute http(s) URL: \(URLRedaction.redact(url))"
      case .nothingToSend: return "no network path and no copies: nothing to send"
      case .unreachable(let reason): return "the receiver is unreachable: \(reason)"
      }
    }
  }

  /// One postback the probe sends.
  struct Step: Sendable {
    var id: String
    var requirements: [String]
    var path: String
    var body: String
    /// AdAttributionKit devices resend only after a 500; StoreKit after anything but 200.
    var adAttributionKit: Bool
  }

  let configuration: Configuration
  let base: String

  /// Checks the configuration.
  public init(_ configuration: Configuration) throws(Failure) {
    guard let components = URLComponents(string: configuration.url),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = components.host,
      !host.isEmpty
    else { throw .invalidURL(configuration.url) }
    guard configuration.networkPath != nil || configuration.copies else { throw .nothingToSend }
    var root = URLComponents()
    root.scheme = scheme
    root.host = components.host
    root.port = components.port
    root.user = components.user
    root.password = components.password
    self.configuration = configuration
    base = root.string ?? configuration.url
  }

  /// The receiver as reports show it (credentials masked).
  public var target: String { URLRedaction.redact(base) }

  /// The postbacks, in the order sent.
  var steps: [Step] {
    let skanCopy = PostbackReceiver.skadnetworkCopyPath
    let aakCopy = PostbackReceiver.adAttributionKitCopyPath
    var steps: [Step] = []
    let examples = ApplePostbackExamples.self
    if let network = configuration.networkPath {
      steps.append(
        Step(
          id: "network-postback", requirements: ["RCV-7"], path: network, body: examples.winner, adAttributionKit: false
        ))
      steps.append(
        Step(
          id: "device-retry", requirements: ["RCV-4", "RCV-7"], path: network, body: examples.winner,
          adAttributionKit: false))
    }
    if configuration.copies {
      steps.append(
        Step(
          id: "skadnetwork-copy", requirements: ["RCV-9"], path: skanCopy, body: examples.winner,
          adAttributionKit: false))
    }
    if let network = configuration.networkPath {
      steps.append(
        Step(
          id: "second-postback", requirements: ["RCV-7"], path: network, body: examples.second, adAttributionKit: false)
      )
      steps.append(
        Step(id: "loser", requirements: ["RCV-16"], path: network, body: examples.loser, adAttributionKit: false))
      steps.append(
        Step(
          id: "aak-postback", requirements: ["RCV-13"], path: network, body: examples.adAttributionKit,
          adAttributionKit: true))
    }
    if configuration.copies {
      steps.append(
        Step(
          id: "aak-copy", requirements: ["RCV-9", "RCV-12"], path: aakCopy, body: examples.adAttributionKit,
          adAttributionKit: true))
    }
    let path = configuration.networkPath ?? skanCopy
    steps.append(
      Step(
        id: "rewritten-duplicate", requirements: ["RCV-6"], path: path, body: examples.rewritten,
        adAttributionKit: false))
    steps.append(
      Step(id: "forged", requirements: ["RCV-2", "RCV-7"], path: path, body: examples.forged, adAttributionKit: false))
    return steps
  }

  typealias Outcome = ProbeClient.Outcome

  /// Runs every check.
  /// - Throws: ``Failure/unreachable(_:)`` when the first request cannot connect.
  public func run() async throws(Failure) -> [CaseResult] {
    let client = ProbeClient(timeout: configuration.timeout)
    let results = await checkAll(client)
    await client.shutdown()
    return try results.get()
  }

  private func checkAll(_ client: ProbeClient) async -> Result<[CaseResult], Failure> {
    var results: [CaseResult] = []
    var sent: [(path: String, body: String)] = []
    var statuses: [Int] = []
    for step in steps {
      var attempt = 0
      var answer: Outcome
      repeat {
        attempt += 1
        answer = await send(client, method: .POST, url: base + step.path, body: step.body)
        if case .unreachable(let reason) = answer, sent.isEmpty { return .failure(.unreachable(reason)) }
        if let status = answer.status { statuses.append(status) }
        if case .unreachable = answer {} else { sent.append((step.path, step.body)) }
        guard attempt <= configuration.retries, let status = answer.status, status != 200,
          !step.adAttributionKit || status == 500
        else { break }
      } while true
      results.append(result(step, answer, attempts: attempt))
    }
    results.append(
      aggregate(
        "no-redirect", ["RCV-7"], statuses.filter { (300..<400).contains($0) },
        "a redirect (a device following it is unconfirmed)"))
    results.append(
      aggregate(
        "no-server-error", ["RCV-7"], statuses.filter { (500..<600).contains($0) },
        "a server error (an AdAttributionKit device resends after a 500)"))
    if let reportURL = configuration.reportURL {
      results.append(await report(client, url: reportURL, sent: sent))
    }
    return .success(results)
  }

  private func result(_ step: Step, _ outcome: Outcome, attempts: Int) -> CaseResult {
    let id = "probe-postbacks/\(step.id)"
    switch outcome {
    // A device reads only the status: a long body changes nothing here (the report check reads it).
    case .response(let status, _, let seconds), .oversized(let status, let seconds):
      if status == 200 && attempts == 1 {
        return CaseResult(id: id, suite: "receiving", requirements: step.requirements, status: .pass, duration: seconds)
      }
      let retried =
        status == 200
        ? "answered 200 only at attempt \(attempts): every earlier attempt made the device resend, and each resend is a duplicate to drop"
        : "answered \(status) after \(attempts) attempt(s)"
      return CaseResult(
        id: id, suite: "receiving", requirements: step.requirements, status: .fail,
        message:
          "\(step.requirements.joined(separator: ", ")): expected HTTP 200 at once for every postback (\(step.id) on \(step.path)); \(retried)",
        duration: seconds)
    case .timedOut(let seconds):
      return CaseResult(
        id: id, suite: "receiving", requirements: step.requirements, status: .timeout,
        message: "no answer within \(seconds) s", duration: seconds)
    case .unreachable(let reason):
      return CaseResult(
        id: id, suite: "receiving", requirements: step.requirements, status: .crash,
        message: "the request failed: \(reason)")
    }
  }

  private func aggregate(_ name: String, _ requirements: [String], _ bad: [Int], _ what: String) -> CaseResult {
    let id = "probe-postbacks/\(name)"
    guard let first = bad.first else {
      return CaseResult(id: id, suite: "receiving", requirements: requirements, status: .pass)
    }
    return CaseResult(
      id: id, suite: "receiving", requirements: requirements, status: .fail,
      message: "\(requirements.joined(separator: ", ")): \(bad.count) answer(s) were \(what); the first was \(first)")
  }

  /// GETs the receiver's count and compares it with the model's answer for the requests sent.
  private func report(_ client: ProbeClient, url: String, sent: [(path: String, body: String)]) async -> CaseResult {
    let id = "probe-postbacks/report"
    let requirements = ["RCV-1", "RCV-4", "RCV-6", "RCV-9", "RCV-19"]
    let arrivals: [JSONValue] = sent.enumerated().map { index, request in
      ReceivingSuite.Arrival.object([.at: .integer(index), .path: .string(request.path), .body: .string(request.body)])
    }
    let receiver = ReceivingSuite.Receiver.object([
      .networkPaths: .array(configuration.networkPath.map { [.string($0)] } ?? []),
      .reengagementCopies: .bool(configuration.reengagementCopies),
    ])
    let expected: JSONValue
    do {
      expected = try ReceivingSuite.evaluate(
        ReceivingSuite.Input.object([
          .op: .string(ReceivingSuite.Operation.receive.rawValue), .receiver: receiver, .arrivals: .array(arrivals),
        ]))
    } catch {
      return CaseResult(
        id: id, suite: "receiving", requirements: requirements, status: .error,
        message: "the model refuses the probe's own batch: \(error.code.rawValue) (\(error.message))")
    }
    let outcome = await send(client, method: .GET, url: url, body: nil)
    if case .oversized(let status, let seconds) = outcome {
      return CaseResult(
        id: id, suite: "receiving", requirements: requirements, status: .protocolError,
        message: "the report is longer than the \(ProbeClient.bodyLimit) bytes the probe reads (HTTP \(status))",
        duration: seconds)
    }
    guard case .response(let status, let bytes, let seconds) = outcome else {
      return CaseResult(
        id: id, suite: "receiving", requirements: requirements, status: .crash, message: "no report from the receiver")
    }
    guard status == 200, let actual = try? JSONParser.parse(bytes: bytes) else {
      return CaseResult(
        id: id, suite: "receiving", requirements: requirements, status: .protocolError,
        message: "the report is not a 200 JSON answer (HTTP \(status))", duration: seconds)
    }
    // Judged as a receiving vector is: each arrival's `reason` is a diagnostic (SIG-21),
    // compared where the report gives it and never failing the check.
    let vector = VectorCase(
      id: id, suite: .receiving, description: "", requirements: requirements, basis: .apple, tags: [],
      input: .null, expected: .output(expected),
      diagnostic: ReceivingSuite.diagnosticPaths(of: .receive).filter { $0.isGiven(in: expected) }.map(\.description))
    let judged = vector.judgement(.output(actual))
    guard let mismatch = judged.mismatch else {
      var result = CaseResult(id: id, suite: "receiving", requirements: requirements, status: .pass, duration: seconds)
      result.diagnostics = judged.diagnostics
      return result
    }
    var result = CaseResult(
      id: id, suite: "receiving", requirements: requirements, status: .fail,
      message:
        "\(requirements.joined(separator: ", ")): the receiver counted otherwise than the receiving model for the \(sent.count) postbacks sent (a receiver that kept earlier postbacks, from an earlier probe, reports them too: reset it first; the reference receiver: POST /.skan-conform/reset)",
      differences: Array(mismatch.differences.prefix(20)), duration: seconds)
    result.diagnostics = judged.diagnostics
    return result
  }

  private func send(_ client: ProbeClient, method: HTTPMethod, url: String, body: String?) async -> Outcome {
    var request = HTTPClientRequest(url: url)
    request.method = method
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(string: body))
    }
    return await client.send(request)
  }

  /// Wraps results in a report for the kit's reporters.
  public func report(_ results: [CaseResult], kitVersion: String, startedAt: String) -> RunReport {
    RunReport(
      kitVersion: kitVersion, vectorDigest: RunReport.liveProbeDigest,
      implementation: ImplementationIdentity(
        name: "postback-receiver", version: "", language: "http", suites: ["receiving"]),
      transport: .http, target: target, startedAt: startedAt, results: results, complete: true)
  }
}
