import Foundation

/// The vectors a command will load, read ahead on a thread of their own.
///
/// A run's start-up is the implementation's start beside the command line's parse (most of it
/// the runtime's first protocol-conformance lookups) and the vectors' load. The command line
/// cannot say where the vectors come from before it is parsed, but for the default source it
/// is known from the start: `skan-conform` starts this read before the parse, for the commands
/// that load the default vectors, and the command takes the result (docs/benchmarks.md). The result is the very one the load
/// would give, errors included: it is made by the same call.
/// An async caller waits with ``finished()``, which suspends rather than blocks; ``take(_:)``
/// blocks its thread, for a synchronous command's main thread only.
/// `@unchecked Sendable`: `result` and `waiters` are read and written under `lock`; `done` is a
/// semaphore, itself thread-safe.
public final class VectorPrefetch: @unchecked Sendable {
  /// Where the vectors are read from.
  public enum Source: Sendable, Equatable {
    /// A `Vectors/` directory with its manifest.
    case directory(String)
    /// The copy built into this binary.
    case embedded
  }

  private let source: Source
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var result: Result<VectorSet, VectorsError>?
  /// The tasks suspended in ``finished()`` until the read ends.
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Starts reading `source` on a new thread, and on a second one too when `threads` is 2
  /// (1: the command needs the other core meanwhile, as a run starting its implementation does).
  public init(_ source: Source, threads: Int = 2) {
    self.source = source
    Thread { [self] in
      let result: Result<VectorSet, VectorsError>
      do throws(VectorsError) {
        switch source {
        case .directory(let path): result = .success(try VectorLoader.load(directory: path, threads: threads))
        case .embedded: result = .success(try VectorSet.embedded(threads: threads))
        }
      } catch {
        result = .failure(error)
      }
      let waiting = lock.withLock {
        self.result = result
        defer { waiters = [] }
        return waiters
      }
      done.signal()
      for waiter in waiting { waiter.resume() }
    }.start()
  }

  /// Returns once the read has ended, suspending the task meanwhile (no thread is blocked):
  /// ``take(_:)`` then returns at once.
  public func finished() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ended = lock.withLock {
        if result == nil { waiters.append(continuation) }
        return result != nil
      }
      if ended { continuation.resume() }
    }
  }

  /// The vectors read from `source`, waiting for the read to end; `nil` when this prefetch
  /// read another source (the caller then loads its own).
  /// - Throws: the ``VectorsError`` the load threw.
  public func take(_ source: Source) throws(VectorsError) -> VectorSet? {
    guard source == self.source else { return nil }
    done.wait()
    done.signal()  // a second take does not wait forever
    guard let result = lock.withLock({ self.result }) else { return nil }
    return try result.get()
  }
}
