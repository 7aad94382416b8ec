public import SKANJSON

/// How the runner reaches an implementation. Each transport correlates one request with one
/// reply and turns every failure into a ``Verdict/Reply``; none of them throws per case.
public protocol ImplementationTransport: Sendable {
  /// `stdio`, `per-case` or `http`, for reports.
  var name: String { get }
  /// What the implementation is started with or reached at, for reports.
  var target: String { get }
  /// How many requests may be outstanding at once.
  var concurrency: Int { get }
  /// Starts the implementation and exchanges `hello`.
  /// - Throws: ``RunnerError`` when it cannot start or answers badly (exit code 3).
  func handshake() async throws(RunnerError) -> ImplementationIdentity
  /// Sends one `run` message and waits for its reply.
  func exchange(seq: Int, message: JSONValue) async -> Verdict.Reply
  /// Sends `stop` and lets the implementation go.
  func close() async
}
