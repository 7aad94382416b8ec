import Foundation

/// One result per index, each written once from any thread and read after all the writers
/// are done: what ``VectorLoader`` fills from two threads.
/// `@unchecked Sendable`: `results` is read and written under `lock`.
final class ConcurrentResults<Value, Failure: Error>: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<Value, Failure>?]

  /// Room for `count` results, none set.
  init(count: Int) { results = Array(repeating: nil, count: count) }

  /// Sets the result at `index` to what `work` returns or throws.
  func set(_ index: Int, _ work: () throws(Failure) -> Value) {
    let result: Result<Value, Failure>
    do {
      result = .success(try work())
    } catch {
      result = .failure(error)
    }
    lock.withLock { results[index] = result }
  }

  /// The value set at `index`, or the error it threw; `nil` when none was set.
  func get(_ index: Int) throws(Failure) -> Value? {
    try lock.withLock { results[index] }?.get()
  }
}
