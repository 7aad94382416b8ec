import Foundation

/// Work shared by the calling thread and one thread of its own.
///
/// The second thread is not one of the cooperative pool's (nor Dispatch's): a run loads its
/// vectors while the pool's other thread starts the implementation, and work queued on the
/// pool would wait for that thread (docs/benchmarks.md).
enum TwoThreads {
  /// Calls `work` once for each of `items`, on the calling thread and, when `split`, on a new
  /// thread, each taking the next item in order as it finishes one; returns when every call
  /// has returned.
  static func forEach<Item: Sendable>(
    _ items: [Item], split: Bool = true, _ work: @escaping @Sendable (Item) -> Void
  ) {
    guard split, items.count > 1 else {
      items.forEach(work)
      return
    }
    let next = Next(count: items.count)
    let done = DispatchSemaphore(value: 0)
    let drain: @Sendable () -> Void = {
      while let index = next.take() { work(items[index]) }
    }
    Thread {
      drain()
      done.signal()
    }.start()
    drain()
    done.wait()
  }

  /// The size of a file from which hashing it beside its decoding (``alongside(_:_:_:)``) saves
  /// more than a thread's start costs.
  static let worthwhileBytes = 1 << 20

  /// Calls `side` on a new thread, when `split` (otherwise after `main`), while the calling
  /// thread calls `main`; returns both results once both have returned.
  static func alongside<Side: Sendable, Main>(
    _ split: Bool, _ side: @escaping @Sendable () -> Side, _ main: () -> Main
  ) -> (Side, Main) {
    guard split else {
      let result = main()
      return (side(), result)
    }
    let box = SideResult<Side>()
    let done = DispatchSemaphore(value: 0)
    Thread {
      box.value = side()
      done.signal()
    }.start()
    let result = main()
    done.wait()
    guard let value = box.value else { return (side(), result) }
    return (value, result)
  }

  /// What the side thread returns, read once it has signalled.
  /// `@unchecked Sendable`: written by one thread before a semaphore signal, read after the wait.
  private final class SideResult<Value>: @unchecked Sendable {
    var value: Value?
  }

  /// The next index to take, shared by the two threads.
  /// `@unchecked Sendable`: `index` is read and written under `lock`.
  private final class Next: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var index = 0

    init(count: Int) { self.count = count }

    func take() -> Int? {
      lock.withLock {
        guard index < count else { return nil }
        defer { index += 1 }
        return index
      }
    }
  }
}
