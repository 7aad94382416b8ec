public import SKANVectors
import SKANVerdicts

extension Runner {
  /// Runs the cases that `load` chooses, starting the implementation and making the handshake
  /// while `load` reads the vectors: the two are most of a run's start-up and neither needs
  /// the other (bench/, docs/benchmarks.md).
  ///
  /// When `load` throws, or the task is cancelled before the cases are chosen, the handshake
  /// is cancelled and the transport closed before the error is rethrown (cancellation is
  /// ``RunnerError/interrupted``). Cancellation after that is the run's own: the report is
  /// marked incomplete.
  ///
  /// - Parameters:
  ///   - load: reads the vectors and chooses the cases, or opens the file whose cases are all
  ///     sent as it is read (``RunCases``); `context` is handed back unchanged (what the
  ///     caller read beside them, such as an expectations file).
  ///   - handshake: the handshake with `transport`, when the caller has already begun it
  ///     (to start the implementation earlier still); `nil` begins it here.
  ///   - progress: called after each case completes.
  public static func run<Context: Sendable>(
    transport: any ImplementationTransport, handshake started: Task<ImplementationIdentity, any Error>? = nil,
    loading load: @escaping @Sendable () async throws -> (cases: RunCases, context: Context),
    progress: @escaping @Sendable (CaseResult) -> Void = { _ in }
  ) async throws -> (report: RunReport, vectors: VectorSet, context: Context) {
    let handshake = started ?? Task { () async throws -> ImplementationIdentity in try await transport.handshake() }
    return try await withTaskCancellationHandler {
      let loaded: (cases: RunCases, context: Context)
      do {
        loaded = try await load()
        if Task.isCancelled { throw RunnerError.interrupted }
      } catch {
        handshake.cancel()
        _ = await handshake.result
        await transport.close()
        throw error
      }
      let identity: ImplementationIdentity
      do {
        identity = try await handshake.value
      } catch {
        // A streamed file's problem is named first, as a load's is; not after a Ctrl-C, which
        // would wait for the rest of the file.
        if !Task.isCancelled, let problem = await loaded.cases.problem() { throw RunnerError.invalidVectors(problem) }
        throw error
      }
      let (report, vectors) = try await run(loaded.cases, transport: transport, identity: identity, progress: progress)
      return (report, vectors, loaded.context)
    } onCancel: {
      handshake.cancel()
    }
  }
}
