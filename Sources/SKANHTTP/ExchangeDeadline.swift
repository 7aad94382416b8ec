import Foundation
import SKANRunner
import SKANVerdicts

/// One deadline over a whole HTTP exchange: connecting, sending the request, the response's
/// head and all of its body.
///
/// AsyncHTTPClient's own deadline ends when the response head arrives, so a body that stalls
/// or trickles a byte at a time would hold the run for ever. Here the exchange runs in its own
/// task, raced against a timer: whichever ends first gives the outcome, and the exchange is
/// then cancelled (which closes its connection) without being waited for, so the answer comes
/// at the deadline whatever the connection does. Cancelling the caller (Ctrl-C) ends the wait
/// at once with the `interrupted` outcome.
package enum ExchangeDeadline {
  /// The reply of `exchange`, or ``SKANRunner/Verdict/Reply/timedOut(_:)`` when it has not
  /// ended `seconds` after the call.
  static func run(
    seconds: Double, _ exchange: @escaping @Sendable () async -> Verdict.Reply
  ) async -> Verdict.Reply {
    await run(seconds: seconds, timedOut: .timedOut(seconds), interrupted: .interrupted, exchange)
  }

  /// The outcome of `exchange`, `timedOut` when it has not ended `seconds` after the call, or
  /// `interrupted` when the caller is cancelled first.
  package static func run<Outcome: Sendable>(
    seconds: Double, timedOut: Outcome, interrupted: Outcome, _ exchange: @escaping @Sendable () async -> Outcome
  ) async -> Outcome {
    let race = Race<Outcome>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        race.install(continuation)
        let work = Task { race.finish(await exchange()) }
        let timer = Task {
          try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
          race.finish(timedOut)
        }
        race.attach([work, timer])
      }
    } onCancel: {
      race.finish(interrupted)
    }
  }

  /// The first of the exchange, the timer and a cancellation to finish; the others are
  /// cancelled and ignored.
  /// `@unchecked Sendable`: every stored property is read and written under `lock`.
  private final class Race<Outcome: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var result: Outcome?
    private var resumed = false
    private var tasks: [Task<Void, Never>] = []

    func install(_ continuation: CheckedContinuation<Outcome, Never>) {
      let ready: Outcome? = lock.withLock {
        self.continuation = continuation
        return take()
      }
      if let ready { continuation.resume(returning: ready) }
    }

    /// Keeps the tasks to cancel when the race ends, or cancels them now if it has ended.
    func attach(_ started: [Task<Void, Never>]) {
      let ended = lock.withLock {
        if result == nil { tasks = started }
        return result != nil
      }
      if ended { for task in started { task.cancel() } }
    }

    func finish(_ outcome: Outcome) {
      let (continuation, value, losers): (CheckedContinuation<Outcome, Never>?, Outcome?, [Task<Void, Never>]) =
        lock.withLock {
          guard result == nil else { return (nil, nil, []) }
          result = outcome
          let losers = tasks
          tasks = []
          let value = take()
          return (value == nil ? nil : self.continuation, value, losers)
        }
      for task in losers { task.cancel() }
      if let continuation, let value { continuation.resume(returning: value) }
    }

    /// The result, once, when there is both a result and a continuation to give it to.
    private func take() -> Outcome? {
      guard !resumed, continuation != nil, let result else { return nil }
      resumed = true
      return result
    }
  }
}
