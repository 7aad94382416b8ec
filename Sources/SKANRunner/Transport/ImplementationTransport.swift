public import SKANJSON
import SKANVerdicts

/// How the runner reaches an implementation. Each transport correlates one request with one
/// reply and turns every failure into a ``Verdict/Reply``; none of them throws per case.
public protocol ImplementationTransport: Sendable {
  /// How it reaches the implementation, for reports.
  var kind: TransportKind { get }
  /// What the implementation is started with or reached at, for reports.
  var target: String { get }
  /// How many requests may be outstanding at once.
  var concurrency: Int { get }
  /// Seconds one case may take (`--timeout`): for its reply to come, and again for the runner
  /// to compare that reply with the expected answer.
  var timeout: Double { get }
  /// Where the runner's workers are to run, when the transport has a thread of its own that
  /// answers its requests (the HTTP transport's event loop): a worker resumed there by its reply
  /// judges it and sends its next request without a switch to another thread. `nil`: the
  /// default executor.
  var taskExecutor: (any TaskExecutor)? { get }
  /// Starts the implementation and exchanges `hello`.
  /// - Throws: ``RunnerError`` when it cannot start or answers badly (exit code 3).
  func handshake() async throws(RunnerError) -> ImplementationIdentity
  /// Sends one `run` message and waits for its reply.
  func exchange(_ request: RunRequest) async -> Verdict.Reply
  /// Sends `stop` and lets the implementation go.
  func close() async
  /// Protocol errors found after a case was settled, by `seq`: a second reply for a request
  /// already answered. The runner applies them after ``close()``.
  func lateProtocolErrors() async -> [Int: String]
  /// Faults the transport absorbed without charging them to a case (a crash with several
  /// requests outstanding, which were then replayed one at a time), in plain words.
  func incidents() async -> [String]
}

extension ImplementationTransport {
  /// ``RunOptions``' default.
  public var timeout: Double { RunOptions(command: "").timeout }
  /// The default executor.
  public var taskExecutor: (any TaskExecutor)? { nil }
  /// None: the transport sees one reply per request at most.
  public func lateProtocolErrors() async -> [Int: String] { [:] }
  /// None.
  public func incidents() async -> [String] { [] }
}
