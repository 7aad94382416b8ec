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
    // The first of the exchange, the timer and a cancellation to finish; the others are
    // cancelled and ignored.
    let race = FirstOutcome<Outcome>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        race.install(continuation)
        let work = Task { race.finish(await exchange()) }
        let timer = Task {
          try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
          race.finish(timedOut)
        }
        race.onFinish { _ in
          work.cancel()
          timer.cancel()
        }
      }
    } onCancel: {
      race.finish(interrupted)
    }
  }
}
