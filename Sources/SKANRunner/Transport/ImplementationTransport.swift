import SKANJSON
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
  /// How many requests the runner hands over at once (``exchange(_:)-([RunRequest])``), at
  /// most ``concurrency``: a transport that settles replies in groups wakes its caller once
  /// a group. 1 by default.
  var batchSize: Int { get }
  /// Sends `requests` and returns each one's reply and when it came, in order.
  func exchange(_ requests: [RunRequest]) async -> [(reply: Verdict.Reply, at: ContinuousClock.Instant)]
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
  /// One request at a time.
  public var batchSize: Int { 1 }
  /// Each request in turn, through ``exchange(_:)-(RunRequest)``.
  public func exchange(_ requests: [RunRequest]) async -> [(reply: Verdict.Reply, at: ContinuousClock.Instant)] {
    var replies: [(reply: Verdict.Reply, at: ContinuousClock.Instant)] = []
    for request in requests { replies.append((await exchange(request), .now)) }
    return replies
  }
  /// None: the transport sees one reply per request at most.
  public func lateProtocolErrors() async -> [Int: String] { [:] }
  /// None.
  public func incidents() async -> [String] { [] }
}
