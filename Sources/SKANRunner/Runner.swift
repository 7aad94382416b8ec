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
    let startedAt = UTCTime.iso8601(Date())
    let hello: ImplementationIdentity
    if let identity { hello = identity } else { hello = try await transport.handshake() }
    let declared = Set(hello.suites)
    let ledger = RunLedger(count: cases.count, retention: retention, progress: progress)
    await withTaskGroup(of: Void.self) { group in
      // One worker per request in flight, each taking the next case as it finishes one.
      for _ in 0..<min(transport.concurrency, cases.count) {
        group.addTask(executorPreference: transport.taskExecutor) {
          while let index = ledger.take() {
            let vector = cases[index]
            guard declared.contains(vector.suite.rawValue) else {
              ledger.record(
                CaseResult(
                  id: vector.id, suite: vector.suite.rawValue, requirements: vector.requirements, status: .skipped,
                  message: "suite \(vector.suite.rawValue) not declared by the implementation"), at: index)
              continue
            }
            let seq = index + 1
            let started = ContinuousClock.now
            var expectedOutput: (text: JSONText, value: JSONValue)?
            if let text = vector.expectedOutputText, case .output(let value) = vector.expected {
              expectedOutput = (text, value)
            }
            let reply = await transport.exchange(
              RunRequest(
                seq: seq, id: vector.id, suite: vector.suite.rawValue, input: vector.input, inputText: vector.inputText,
                expectedOutput: expectedOutput))
            // An interrupted case gets no verdict: the report is then incomplete.
            if case .interrupted = reply { continue }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            // The comparison is bounded by the case's timeout and by a Ctrl-C (`nil`): a reply
            // is the implementation's, and may be built to be slow to compare.
            if let result = Verdict.judge(vector, seq: seq, reply: reply, duration: seconds, timeout: transport.timeout)
            {
              ledger.record(result, at: index)
            }
          }
        }
      }
    }
    var results = ledger.verdicts
    await transport.close()
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
    return report
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
