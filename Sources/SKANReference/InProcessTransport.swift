public import SKANJSON
public import SKANModel
public import SKANRunner
public import SKANVerdicts

/// A transport that answers in this process, through a function: the reference itself, or a
/// mutant of it. For the kit's own tests and the mutation self-check; no implementation under
/// test runs this way.
public struct InProcessTransport: ImplementationTransport {
  public let kind = TransportKind.inProcess
  public let target: String
  public let concurrency = 64
  private let evaluate: @Sendable (Suite, JSONValue) -> SuiteResult

  /// Creates a transport around an evaluation function.
  public init(name: String, evaluate: @escaping @Sendable (Suite, JSONValue) -> SuiteResult) {
    target = name
    self.evaluate = evaluate
  }

  public func handshake() async throws(RunnerError) -> ImplementationIdentity {
    ImplementationIdentity(
      name: target, version: "in-process", language: "swift", suites: Suite.allCases.map(\.rawValue))
  }

  public func exchange(_ request: RunRequest) async -> Verdict.Reply {
    guard let reply = ReferenceAdapter.reply(to: request.message, kitVersion: "in-process", evaluate: evaluate) else {
      return .crashed("stopped")
    }
    return .message(reply)
  }

  public func close() async {}
}
