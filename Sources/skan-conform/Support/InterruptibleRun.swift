import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Runs an operation that Ctrl-C (SIGINT) or SIGTERM cancels instead of killing the process,
/// so that the runner can still write its report, marked incomplete. Cancellation reaches
/// the transports, which settle every outstanding request at once, whatever the
/// implementation is doing; a second signal ends the process at once (exit 130).
enum InterruptibleRun {
  static func run<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async throws -> Result {
    let task = Task { try await operation() }
    let signals = [SIGINT, SIGTERM]
    let received = SignalCount()
    let sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if received.increment() > 1 { exit(130) }
        task.cancel()
      }
      source.resume()
      return source
    }
    defer {
      for source in sources { source.cancel() }
      for number in signals { signal(number, SIG_DFL) }
    }
    return try await task.value
  }
}

/// How many interrupting signals arrived.
private final class SignalCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() -> Int {
    lock.withLock {
      count += 1; return count
    }
  }
}
