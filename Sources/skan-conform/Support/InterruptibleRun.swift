import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs an operation that Ctrl-C (SIGINT) cancels instead of killing the process, so that the
/// runner can still write its report, marked incomplete.
enum InterruptibleRun {
  static func run<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async throws -> Result {
    signal(SIGINT, SIG_IGN)
    let task = Task { try await operation() }
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { task.cancel() }
    source.resume()
    defer {
      source.cancel()
      signal(SIGINT, SIG_DFL)
    }
    return try await task.value
  }
}
