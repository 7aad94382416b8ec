public import SKANRunner
import SKANVerdicts

/// The readiness wait (`--wait`): how long the runner lets an HTTP implementation that is still
/// starting refuse connections before the run gives up.
///
/// A service started in the background in CI takes seconds to listen. Within the wait, a
/// `hello` whose connection is refused is sent again every ``retryInterval`` seconds; the
/// first one that connects ends the wait, whatever its outcome (a reply, a bad status, a
/// timeout: those are judged as without the wait). Only a refused connection is retried:
/// anything else means something listens. When the wait ends with the connection still
/// refused, the run stops with ``SKANRunner/RunnerError/notReady(url:seconds:reason:)``
/// (exit code 3). A wait of 0 is one attempt, as without the option. Cancelling the task
/// (Ctrl-C) ends the wait at once with ``SKANRunner/RunnerError/interrupted``.
public struct ReadinessWait: Sendable {
  /// The longest wait accepted, in seconds.
  public static let maximumSeconds = 600.0
  /// Seconds between two attempts while the connection is refused.
  public static let retryInterval = 0.2

  /// Seconds to keep retrying a refused connection; 0 for none.
  public var seconds: Double

  /// Creates a wait of `seconds` (0 to ``maximumSeconds``).
  public init(seconds: Double) {
    self.seconds = min(max(0, seconds), Self.maximumSeconds)
  }

  /// The reply of the first attempt that is not refused, or of the last one when the wait
  /// ends.
  /// - Parameters:
  ///   - url: the endpoint, as reports show it (credentials masked).
  ///   - isRefused: whether a reply is a refused connection (nothing listens yet).
  ///   - attempt: sends `hello` once.
  /// - Throws: ``SKANRunner/RunnerError/notReady(url:seconds:reason:)`` when every attempt
  ///   within a wait of more than 0 s was refused; ``SKANRunner/RunnerError/interrupted``
  ///   when the task is cancelled during the wait.
  public func run(
    url: String, isRefused: (Verdict.Reply) -> Bool, attempt: () async -> Verdict.Reply
  ) async throws(RunnerError) -> Verdict.Reply {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
    while true {
      let reply = await attempt()
      guard seconds > 0, isRefused(reply) else { return reply }
      let left = clock.now.duration(to: end)
      guard left > .zero else {
        let reason: String
        if case .crashed(let words) = reply { reason = words } else { reason = "the connection was refused" }
        throw .notReady(url: url, seconds: seconds, reason: reason)
      }
      do {
        try await Task.sleep(for: min(left, .milliseconds(Int64(Self.retryInterval * 1000))))
      } catch {
        throw .interrupted
      }
      if Task.isCancelled { throw .interrupted }
    }
  }
}
