import Foundation
import SKANJSON
public import SKANVectors
import SKANVerdicts
import SKANVocabulary

/// Runs vectors against an implementation through a transport.
///
/// Up to the transport's concurrency cases are outstanding at once; results come back in
/// vector order. Cancelling the task stops sending new cases: the report is then marked
/// incomplete and holds the verdicts so far.
public enum Runner {
  /// Runs `cases` and returns the report.
  /// - Parameters:
  ///   - identity: the hello reply when the caller has already made the handshake on
  ///     `transport` (to start the implementation while it loads the vectors); `nil` makes it here.
  ///   - progress: called after each case completes.
  ///   - retention: how much of the implementation's replies the report keeps (``ReplyRetention``).
  /// - Throws: ``RunnerError`` when the implementation cannot start or fails its first
  ///   handshake (exit code 3).
  public static func run(
    cases: [VectorCase], vectors: VectorSet, transport: any ImplementationTransport,
    identity: ImplementationIdentity? = nil, retention: ReplyRetention = ReplyRetention(),
    progress: @escaping @Sendable (CaseResult) -> Void = { _ in }
  ) async throws(RunnerError) -> RunReport {
    try await run(
      .loaded(vectors: vectors, cases: cases), transport: transport, identity: identity, retention: retention,
      progress: progress
    ).report
  }

  /// Runs `source`'s cases and returns the report and the set they belong to (for streamed
  /// cases, the set ``VectorStream/finish()`` gives once the run has sent them).
  /// - Throws: ``RunnerError`` as ``run(cases:vectors:transport:identity:retention:progress:)``
  ///   does; ``RunnerError/invalidVectors(_:)`` when a streamed file has a problem (the
  ///   verdicts of its cases sent before are dropped).
  static func run(
    _ source: RunCases, transport: any ImplementationTransport, identity: ImplementationIdentity? = nil,
    retention: ReplyRetention = ReplyRetention(), progress: @escaping @Sendable (CaseResult) -> Void = { _ in }
  ) async throws(RunnerError) -> (report: RunReport, vectors: VectorSet) {
    let startedAt = UTCTime.iso8601(Date())
    let hello: ImplementationIdentity
    if let identity { hello = identity } else { hello = try await transport.handshake() }
    let declared = Set(hello.suites)
    let stream: VectorStream?
    let ledger: RunLedger
    switch source {
    case .loaded(_, let cases):
      stream = nil
      ledger = RunLedger(count: cases.count, retention: retention, progress: progress)
    case .streamed(let streamed):
      stream = streamed
      ledger = RunLedger(count: nil, retention: retention, progress: progress)
    }
    // Requests go over in batches of the transport's size; one worker per batch in flight.
    let batch = max(1, min(transport.batchSize, transport.concurrency))
    let workers = max(1, transport.concurrency / batch)
    let firstCount: Int
    switch source {
    case .loaded(_, let cases): firstCount = cases.count
    case .streamed: firstCount = workers
    }
    await withTaskGroup(of: Void.self) { group in
      // Each worker takes the next cases as soon as it has recorded the verdicts of its last.
      for _ in 0..<min(workers, firstCount) {
        group.addTask(executorPreference: transport.taskExecutor) {
          var declaredSuite: (suite: Suite, declared: Bool)?
          while let taken = ledger.take(upTo: batch) {
            var indices = taken
            // A streamed case is sent once it is built; the file's last case ends the run.
            if let stream { indices = taken.clamped(to: 0..<(await stream.available(through: taken.upperBound - 1))) }
            var requests: [RunRequest] = []
            var sent: [Int] = []
            for index in indices {
              var skipped: CaseResult?
              source.withCase(index) { vector in
                // The suite's answer kept: the cases of a file share one.
                if declaredSuite?.suite != vector.pointee.suite {
                  declaredSuite = (vector.pointee.suite, declared.contains(vector.pointee.suite.rawValue))
                }
                guard declaredSuite?.declared == true else {
                  let suite = vector.pointee.suite.rawValue
                  skipped = CaseResult(
                    id: vector.pointee.id, suite: suite, requirements: vector.pointee.requirements, status: .skipped,
                    message: "suite \(suite) not declared by the implementation")
                  return
                }
                requests.append(request(for: vector.pointee, seq: index + 1))
                sent.append(index)
              }
              if let skipped { ledger.record(skipped, size: 0, at: index) }
            }
            if !requests.isEmpty {
              let started = ContinuousClock.now
              let replies: [(reply: Verdict.Reply, at: ContinuousClock.Instant)]
              if batch == 1 {
                replies = [(await transport.exchange(requests[0]), ContinuousClock.now)]
              } else {
                replies = await transport.exchange(requests)
              }
              for (position, index) in sent.enumerated() where position < replies.count {
                let (reply, arrived) = replies[position]
                // An interrupted case gets no verdict: the report is then incomplete.
                if case .interrupted = reply { continue }
                // The expected value matters only where a reply may be judged on the
                // transport's thread; read in place, not with a copy of the request.
                let expected = transport.taskExecutor == nil ? nil : requests[position].expectedOutput?.value
                await judge(
                  source, index, seq: index + 1, reply: reply, after: arrived - started, expected: expected,
                  transport: transport, ledger: ledger)
              }
            }
            if indices.count < taken.count { break }
          }
        }
      }
    }
    var results = ledger.verdicts
    await transport.close()
    let vectors: VectorSet
    let cases: [VectorCase]
    switch source {
    case .loaded(let loaded, let chosen): (vectors, cases) = (loaded, chosen)
    case .streamed(let stream):
      do throws(VectorsError) { vectors = try await stream.finish() } catch { throw .invalidVectors(error) }
      cases = vectors.cases
      if results.count != cases.count {
        results = Array(results.prefix(cases.count)) + repeatElement(nil, count: max(0, cases.count - results.count))
      }
    }
    // A second reply for a case already settled makes that case a protocol error.
    for (seq, reason) in await transport.lateProtocolErrors() {
      let index = seq - 1
      guard results.indices.contains(index), let settled = results[index] else { continue }
      results[index] = Verdict.judge(
        cases[index], seq: seq, reply: .protocolViolation(reason), duration: settled.duration)
    }
    let finished = results.compactMap { $0 }
    var report = RunReport(
      kitVersion: vectors.kitVersion, vectorDigest: vectors.digest, implementation: hello,
      transport: transport.kind, target: transport.target, startedAt: startedAt, results: finished,
      complete: finished.count == cases.count, vectorSet: vectors.provenance, vectorCases: vectors.cases.count)
    report.incidents = await transport.incidents()
    return (report, vectors)
  }

  /// The request for `vector`: its input as its file spells it (the text the case was read
  /// with, ``VectorCase/inputText``), and its expected output's text when it has one.
  private static func request(for vector: borrowing VectorCase, seq: Int) -> RunRequest {
    var expectedOutput: (text: JSONText, value: DeferredJSON)?
    if let text = vector.expectedOutputText, let value = vector.expectedOutput { expectedOutput = (text, value) }
    return RunRequest(
      seq: seq, id: vector.id, suite: vector.suite.rawValue, input: vector.inputSource, expectedOutput: expectedOutput,
      expectedErrorCode: vector.expectedErrorCode, tags: vector.tags)
  }

  /// Judges the reply to the case at `index` of `cases` and records the verdict. The comparison is
  /// bounded by the case's timeout and by a Ctrl-C (no verdict then): a reply is the
  /// implementation's, and may be built to be slow to compare. On the transport's own thread
  /// (an event loop) only a reply that is cheap to judge is judged there: any other would hold
  /// that thread, and with it the replies and deadlines of every other case in flight
  /// (``judgedInPlace(_:expected:)``).
  private static func judge(
    _ cases: RunCases, _ index: Int, seq: Int, reply: Verdict.Reply, after elapsed: Duration,
    expected: DeferredJSON?, transport: any ImplementationTransport, ledger: RunLedger
  ) async {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let timeout = transport.timeout
    func judged() -> (CaseResult, Int)? {
      // The case read in place in `cases`, not copied.
      guard
        let result = cases.withCase(
          index, { Verdict.judge($0.pointee, seq: seq, reply: reply, duration: seconds, timeout: timeout) })
      else { return nil }
      return (result, ReplyRetention.size(of: result))
    }
    let outcome: (CaseResult, Int)?
    if transport.taskExecutor == nil || judgedInPlace(reply, expected: expected?.value) {
      outcome = judged()
    } else {
      outcome = await withTaskExecutorPreference(globalConcurrentExecutor) { judged() }
    }
    if let (result, size) = outcome { ledger.record(result, size: size, at: index) }
  }

  /// The values a reply may hold and still be judged where it was read: the comparison and
  /// the retention's measure (``ReplyRetention/size(of:)``) take time linear in the reply's
  /// size (and O(n log n) in its keys), so a reply this small costs microseconds whatever it
  /// holds.
  static let inPlaceValues = 1024
  /// The UTF-8 bytes of strings and keys such a reply may hold.
  static let inPlaceBytes = 64 << 10

  /// Whether judging `reply` costs next to nothing, whatever the implementation sent: it is no
  /// message (a timeout, a crash, a protocol error), or a message whose `output` is the
  /// expected value itself (the same storage, as ``ReplyReader`` hands over an output spelled
  /// as the vector spells it) and whose other members are small, or a message small as a
  /// whole (at most ``inPlaceValues`` values and ``inPlaceBytes`` bytes of text, counted
  /// without walking further than that). Any other reply is judged on the cooperative pool.
  static func judgedInPlace(_ reply: Verdict.Reply, expected: JSONValue?) -> Bool {
    if case .expectedError(_, let code, let text) = reply { return code.utf8.count + text.utf8.count <= inPlaceBytes }
    guard case .message(let message) = reply else { return true }
    guard case .object(let members) = message else { return isSmall(message) }
    guard members.count <= inPlaceValues else { return false }
    var budget = (values: inPlaceValues, bytes: inPlaceBytes)
    for (key, value) in members {
      if key == "output", let expected, isSameStorage(expected, value) {
        budget.values -= 1
        continue
      }
      budget.bytes -= key.utf8.count
      guard fits(value, in: &budget) else { return false }
    }
    return budget.values >= 0 && budget.bytes >= 0
  }

  /// Whether `value` is within the in-place budget on its own.
  private static func isSmall(_ value: JSONValue) -> Bool {
    var budget = (values: inPlaceValues, bytes: inPlaceBytes)
    return fits(value, in: &budget)
  }

  /// Whether two values are one collection's storage (``JSONDiff/sharesStorage(_:_:)``).
  private static func isSameStorage(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.object(let left), .object(let right)): return JSONDiff.sharesStorage(left, right)
    case (.array(let left), .array(let right)): return JSONDiff.sharesStorage(left, right)
    default: return false
    }
  }

  /// Takes `value`'s values and text from `budget`; false as soon as it is spent, so that a
  /// large value is never walked further than the budget.
  private static func fits(_ value: JSONValue, in budget: inout (values: Int, bytes: Int)) -> Bool {
    budget.values -= 1
    guard budget.values >= 0, budget.bytes >= 0 else { return false }
    switch value {
    case .string(let text):
      budget.bytes -= text.utf8.count
    case .object(let members):
      guard members.count <= budget.values else { return false }
      for (key, member) in members {
        budget.bytes -= key.utf8.count
        guard fits(member, in: &budget) else { return false }
      }
    case .array(let elements):
      guard elements.count <= budget.values else { return false }
      for element in elements {
        guard fits(element, in: &budget) else { return false }
      }
    default:
      break
    }
    return budget.bytes >= 0
  }

  /// Runs `cases` over the persistent stdio transport.
  public static func run(
    cases: [VectorCase], vectors: VectorSet, options: RunOptions,
    progress: @escaping @Sendable (CaseResult) -> Void = { _ in }
  ) async throws(RunnerError) -> RunReport {
    try await run(
      cases: cases, vectors: vectors, transport: StdioTransport(options: options, kitVersion: vectors.kitVersion),
      progress: progress)
  }
}
