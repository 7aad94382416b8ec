import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SKANHTTP
import SKANJSON
import SKANModel
public import SKANRunner
import SKANSuiteCodecs
import SKANVectors
public import SKANVerdicts
import SKANVocabulary

/// The live postback probe (`skan-conform probe postbacks`): plays the device against a
/// running postback receiver, POSTing a batch drawn from a seed (``ProbeBatch``: Apple's
/// example postbacks, device retries, the developer's copies, a rewritten duplicate, and
/// SKAdNetwork and AdAttributionKit forgeries, in an order of the seed's) to its paths, and
/// checks the answers Apple requires: 200 to every postback, at once (RCV-7, RCV-9). With a
/// report URL, or a report command that prints the same report, it reads what the receiver
/// counted before and after the batch and checks the arrivals the batch added against the
/// receiving model's answer for the very requests the probe sent (RCV-1 to RCV-19). Every
/// request, and every run of the report command, ends within the timeout, body included.
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
    /// A command, run through `/bin/sh -c`, whose standard output is what the receiver
    /// counted, as ``reportURL`` answers it; `nil` skips it. At most one of the two.
    public var reportCommand: String?
    /// How many times to resend a postback not answered 200 (the device's rule per framework).
    public var retries: Int
    /// Seconds to wait for each whole answer, and for each run of the report command.
    public var timeout: Double
    /// The seed of the batch; `nil` draws one at random (the report names it).
    public var seed: UInt64?

    /// Creates a configuration.
    public init(
      url: String, networkPath: String?, copies: Bool = true, reengagementCopies: Bool = false,
      reportURL: String? = nil, reportCommand: String? = nil, retries: Int = 2, timeout: Double = 5,
      seed: UInt64? = nil
    ) {
      self.seed = seed
      self.url = url
      self.networkPath = networkPath
      self.copies = copies
      self.reengagementCopies = reengagementCopies
      self.reportURL = reportURL
      self.reportCommand = reportCommand
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
    /// Both a report URL and a report command: the count is read one way.
    case twoReports

    public var description: String {
      switch self {
      case .invalidURL(let url): return "not an absolute http(s) URL: \(URLRedaction.redact(url))"
      case .nothingToSend: return "no network path and no copies: nothing to send"
      case .unreachable(let reason): return "the receiver is unreachable: \(reason)"
      case .twoReports: return "a report URL and a report command: give one"
      }
    }
  }

  typealias Step = ProbeBatch.Step

  let configuration: Configuration
  let base: String
  /// The postbacks this probe sends.
  package let batch: ProbeBatch

  /// The seed of the batch, given or drawn.
  public var seed: UInt64 { batch.seed }

  /// Checks the configuration.
  public init(_ configuration: Configuration) throws(Failure) {
    guard let components = URLComponents(string: configuration.url),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = components.host,
      !host.isEmpty
    else { throw .invalidURL(configuration.url) }
    guard configuration.networkPath != nil || configuration.copies else { throw .nothingToSend }
    guard configuration.reportURL == nil || configuration.reportCommand == nil else { throw .twoReports }
    var root = URLComponents()
    root.scheme = scheme
    root.host = components.host
    root.port = components.port
    root.user = components.user
    root.password = components.password
    self.configuration = configuration
    base = root.string ?? configuration.url
    batch = ProbeBatch(
      seed: configuration.seed ?? UInt64.random(in: 0...ProbeBatch.maximumSeed), networkPath: configuration.networkPath,
      copies: configuration.copies)
  }

  /// The receiver as reports show it (credentials masked).
  public var target: String { URLRedaction.redact(base) }

  /// The postbacks, in the order sent.
  var steps: [Step] { batch.steps }

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
    // What the receiver counted before the batch: only the arrivals the batch adds are judged.
    var before: ReportRead?
    if let source = reportSource { before = await readReport(client, from: source) }
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
    if let source = reportSource, let before {
      results.append(await report(client, from: source, before: before, sent: sent))
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
        message: "no whole answer within \(seconds) s", duration: seconds)
    case .unreachable(let reason):
      return CaseResult(
        id: id, suite: "receiving", requirements: step.requirements, status: .crash,
        message: "the receiver became unreachable: \(reason)")
    case .badAnswer(let reason):
      return CaseResult(
        id: id, suite: "receiving", requirements: step.requirements, status: .protocolError,
        message: "\(step.requirements.joined(separator: ", ")): the receiver sent no HTTP answer: \(reason)")
    case .interrupted:
      return CaseResult(
        id: id, suite: "receiving", requirements: step.requirements, status: .error,
        message: "interrupted before an answer")
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

  /// What a GET of the report URL gave: the receiver's report, or the result that says why
  /// there is none.
  enum ReportRead: Sendable {
    case report(JSONValue, seconds: Double)
    case failed(CaseStatus, String, seconds: Double?)
  }

  /// Where the receiver's report is read: a URL to GET, or a command to run.
  enum ReportSource: Sendable {
    case url(String)
    case command(String)
  }

  /// The configuration's report source, if any.
  var reportSource: ReportSource? {
    if let url = configuration.reportURL { return .url(url) }
    return configuration.reportCommand.map(ReportSource.command)
  }

  /// Reads the receiver's report from `source`.
  private func readReport(_ client: ProbeClient, from source: ReportSource) async -> ReportRead {
    switch source {
    case .url(let url): return await readReport(client, url: url)
    case .command(let command): return await runReportCommand(command)
    }
  }

  /// GETs the receiver's report: a 200 whose body is the receiving suite's output.
  private func readReport(_ client: ProbeClient, url: String) async -> ReportRead {
    switch await send(client, method: .GET, url: url, body: nil) {
    case .response(let status, let bytes, let seconds):
      guard status == 200, let report = try? JSONParser.parse(bytes: bytes), Self.isReceivingOutput(report) else {
        return .failed(
          .protocolError, "the report is not a 200 answer with the receiving output's `arrivals` (HTTP \(status))",
          seconds: seconds)
      }
      return .report(report, seconds: seconds)
    case .oversized(let status, let seconds):
      return .failed(
        .protocolError, "the report is longer than the \(ProbeClient.bodyLimit) bytes the probe reads (HTTP \(status))",
        seconds: seconds)
    case .timedOut(let seconds):
      return .failed(.timeout, "no whole report within \(seconds) s", seconds: seconds)
    case .unreachable(let reason):
      return .failed(.crash, "the report URL is unreachable: \(reason)", seconds: nil)
    case .badAnswer(let reason):
      return .failed(.protocolError, "the report URL sent no HTTP answer: \(reason)", seconds: nil)
    case .interrupted:
      return .failed(.error, "interrupted before the report", seconds: nil)
    }
  }

  /// Whether `report` can be the receiving suite's output: an object with an `arrivals`
  /// array (the comparison with the model judges the rest).
  static func isReceivingOutput(_ report: JSONValue) -> Bool {
    report[ReceivingSuite.Output.arrivals.rawValue]?.arrayValue != nil
  }

  /// Runs the report command (``ReportCommandRun``) and reads its standard output as the
  /// receiving suite's output.
  private func runReportCommand(_ command: String) async -> ReportRead {
    let run = await ShellCommand.run(command, timeout: configuration.timeout, outputLimit: ProbeClient.bodyLimit)
    return ReportCommandRun(run, timeout: configuration.timeout, outputLimit: ProbeClient.bodyLimit).read
  }

  /// Reads the receiver's count after the batch and compares the arrivals the batch added
  /// (the report after, less the report before) with the model's answer for the requests
  /// sent.
  private func report(
    _ client: ProbeClient, from source: ReportSource, before: ReportRead, sent: [(path: String, body: String)]
  ) async -> CaseResult {
    let id = "probe-postbacks/report"
    let requirements = ["RCV-1", "RCV-2", "RCV-4", "RCV-6", "RCV-9", "RCV-19"]
    func failed(_ status: CaseStatus, _ message: String, _ seconds: Double?) -> CaseResult {
      CaseResult(
        id: id, suite: "receiving", requirements: requirements, status: status, message: message, duration: seconds ?? 0
      )
    }
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
      return failed(.error, "the model refuses the probe's own batch: \(error.code.rawValue) (\(error.message))", nil)
    }
    guard case .report(let earlier, _) = before else {
      if case .failed(let status, let message, let seconds) = before {
        return failed(status, "before the batch: \(message)", seconds)
      }
      return failed(.error, "no report before the batch", nil)
    }
    let after = await readReport(client, from: source)
    guard case .report(let later, let seconds) = after else {
      if case .failed(let status, let message, let seconds) = after {
        return failed(status, "after the batch: \(message)", seconds)
      }
      return failed(.error, "no report after the batch", nil)
    }
    guard let added = Self.added(before: earlier, after: later) else {
      return failed(
        .fail,
        "RCV-19: the report after the batch lists fewer arrivals than the report before it, or is not the receiving output",
        seconds)
    }
    // Judged as a receiving vector is: each arrival's `reason` is a diagnostic (SIG-21),
    // compared where the report gives it and never failing the check.
    let vector = VectorCase(
      id: id, suite: .receiving, description: "", requirements: requirements, basis: .apple, tags: [],
      input: .null, expected: .output(expected),
      diagnostic: ReceivingSuite.diagnosticPaths(of: .receive).filter { $0.isGiven(in: expected) }.map(\.description))
    let judged = vector.judgement(.output(added))
    guard let mismatch = judged.mismatch else {
      var result = CaseResult(id: id, suite: "receiving", requirements: requirements, status: .pass, duration: seconds)
      result.diagnostics = judged.diagnostics
      return result
    }
    var result = CaseResult(
      id: id, suite: "receiving", requirements: requirements, status: .fail,
      message:
        "\(requirements.joined(separator: ", ")): the arrivals the batch added to the report differ from the receiving model's answer for the \(sent.count) postbacks sent (a receiver that still holds an earlier probe's postbacks counts these as its duplicates: reset it first; the reference receiver: POST /.skan-conform/reset)",
      differences: Array(mismatch.differences.prefix(20)), duration: seconds)
    result.diagnostics = judged.diagnostics
    return result
  }

  /// The part of the report `after` that the batch added to `before`: the arrivals past the
  /// earlier count (a `duplicate_of` made relative to the first of them), and the totals less
  /// the earlier totals (rows by their members, those left at 0 dropped). `nil` when `after`
  /// holds fewer arrivals than `before`, or either is not the receiving output. Both reports
  /// are the receiver's, so every subtraction wraps rather than traps: a value only matches
  /// the model's when it is the true one.
  static func added(before: JSONValue, after: JSONValue) -> JSONValue? {
    let arrivalsKey = ReceivingSuite.Output.arrivals.rawValue
    let totalsKey = ReceivingSuite.Output.totals.rawValue
    let rowsKey = ReceivingSuite.Totals.rows.rawValue
    let countKey = ReceivingSuite.Row.count.rawValue
    let duplicateOfKey = ReceivingSuite.Answer.duplicateOf.rawValue
    guard let earlier = before[arrivalsKey]?.arrayValue, let later = after[arrivalsKey]?.arrayValue,
      later.count >= earlier.count
    else { return nil }
    let offset = earlier.count
    let arrivals = later.dropFirst(offset).map { arrival -> JSONValue in
      guard let index = arrival[duplicateOfKey]?.exactInteger else { return arrival }
      return arrival.setting(duplicateOfKey, .integer(index &- offset))
    }
    guard var totals = after[totalsKey]?.objectValue else { return nil }
    let old = before[totalsKey]?.objectValue ?? [:]
    for (key, value) in totals {
      if let count = value.exactInteger, let earlierCount = old[key]?.exactInteger {
        totals[key] = .integer(count &- earlierCount)
      }
    }
    if let rows = totals[rowsKey]?.arrayValue {
      func key(_ row: JSONValue) -> String { CanonicalJSON.compact(row.setting(countKey, nil)) }
      var earlierCounts: [String: Int] = [:]
      for row in old[rowsKey]?.arrayValue ?? [] {
        earlierCounts[key(row), default: 0] &+= row[countKey]?.exactInteger ?? 0
      }
      totals[rowsKey] = .array(
        rows.compactMap { row in
          let count = (row[countKey]?.exactInteger ?? 0) &- (earlierCounts[key(row)] ?? 0)
          return count == 0 ? nil : row.setting(countKey, .integer(count))
        })
    }
    return ReceivingSuite.Output.object([.arrivals: .array(Array(arrivals)), .totals: .object(totals)])
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
  /// A probe's report is a probe of its seed, never the official vector set, and names
  /// whether the receiver's count was checked.
  public func report(_ results: [CaseResult], kitVersion: String, startedAt: String) -> RunReport {
    var report = RunReport(
      kitVersion: kitVersion, vectorDigest: RunReport.liveProbeDigest,
      implementation: ImplementationIdentity(
        name: "postback-receiver", version: "", language: "http", suites: ["receiving"]),
      transport: .http, target: target, startedAt: startedAt, results: results, complete: true, vectorSet: .custom)
    let source: LiveProbeRun.CountingSource? =
      switch reportSource {
      case .url?: .reportURL
      case .command?: .reportCommand
      case nil: nil
      }
    report.probe = LiveProbeRun(seed: seed, countingChecked: source != nil, countingSource: source)
    return report
  }
}
