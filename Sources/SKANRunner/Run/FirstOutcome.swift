import Synchronization

/// The first of several outcomes wins: an answer, a deadline, a cancellation, an error, from
/// whichever thread or task gives it first. The waiter gets that outcome exactly once, however
/// the contenders interleave; every later outcome is ignored; and what the losers hold (a
/// timer, a task, a connection) is released once, by the winner, with the winning outcome.
///
/// One state machine under a `Mutex`: `waiting` (with the waiter's continuation, once it has
/// one, and the cleanups registered so far), then `finished` (with the outcome, and whether
/// the waiter has it). Every transition is made under the lock; continuations are resumed and
/// cleanups run outside it.
package final class FirstOutcome<Outcome: Sendable>: Sendable {
  /// What to do when the race ends, given the outcome that won.
  package typealias Cleanup = @Sendable (Outcome) -> Void

  private enum State {
    /// No outcome yet: the waiter's continuation, if it is installed, and the cleanups.
    case waiting(CheckedContinuation<Outcome, Never>?, [Cleanup])
    /// The outcome that won, and whether the waiter has been given it (no waiter was installed
    /// when it came, or one was).
    case finished(Outcome, delivered: Bool)
  }

  private let state = Mutex<State>(.waiting(nil, []))

  /// A race with no outcome yet.
  package init() {}

  /// Installs the waiter: it is resumed at once when an outcome has already come, else by the
  /// first ``finish(_:beforeResume:)``.
  package func install(_ continuation: CheckedContinuation<Outcome, Never>) {
    let ready: Outcome? = state.withLock { state in
      switch state {
      case .waiting(_, let cleanups):
        state = .waiting(continuation, cleanups)
        return nil
      case .finished(let outcome, let delivered):
        state = .finished(outcome, delivered: true)
        return delivered ? nil : outcome
      }
    }
    if let ready { continuation.resume(returning: ready) }
  }

  /// Registers what to release when the race ends.
  /// - Returns: `true` when registered; `false` when the race has already ended, and then
  ///   `cleanup` is run at once with the outcome if `runIfEnded`, or not at all.
  @discardableResult
  package func onFinish(runIfEnded: Bool = true, _ cleanup: @escaping Cleanup) -> Bool {
    let ended: Outcome? = state.withLock { state in
      switch state {
      case .waiting(let continuation, var cleanups):
        cleanups.append(cleanup)
        state = .waiting(continuation, cleanups)
        return nil
      case .finished(let outcome, _): return outcome
      }
    }
    guard let ended else { return true }
    if runIfEnded { cleanup(ended) }
    return false
  }

  /// Whether no outcome has come yet.
  package var isPending: Bool {
    state.withLock { state in
      if case .waiting = state { return true }
      return false
    }
  }

  /// Ends the race with `outcome` unless it has ended: the cleanups run with it, then
  /// `beforeResume`, then the waiter (if installed) is resumed.
  /// - Returns: whether this call won.
  @discardableResult
  package func finish(_ outcome: Outcome, beforeResume: () -> Void = {}) -> Bool {
    let won: (CheckedContinuation<Outcome, Never>?, [Cleanup])? = state.withLock { state in
      guard case .waiting(let continuation, let cleanups) = state else { return nil }
      state = .finished(outcome, delivered: continuation != nil)
      return (continuation, cleanups)
    }
    guard let (continuation, cleanups) = won else { return false }
    for cleanup in cleanups { cleanup(outcome) }
    beforeResume()
    continuation?.resume(returning: outcome)
    return true
  }
}
