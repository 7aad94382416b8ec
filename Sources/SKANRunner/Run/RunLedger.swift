import Foundation
import SKANVerdicts

/// What the workers of one run share: the next case to send and the verdicts so far.
///
/// ``Runner`` keeps as many workers as the transport's concurrency, each sending one case at
/// a time and taking the next as soon as its verdict is recorded, instead of a child task per
/// case: a case then costs one task switch (its reply) rather than three (its task's start,
/// its reply, and the runner's wake-up to collect it), which is most of what a case costs the
/// kit over HTTP (docs/benchmarks.md). Every member is guarded by one lock; the progress
/// callback is called under it, one verdict at a time, in the order verdicts are recorded.
/// `@unchecked Sendable`: every mutable member is read and written under `lock`.
final class RunLedger: @unchecked Sendable {
  private let lock = NSLock()
  private let count: Int
  private var next = 0
  private var results: [CaseResult?]
  private var retention: ReplyRetention
  private let progress: @Sendable (CaseResult) -> Void

  /// A ledger for `count` cases, none sent yet; `nil` for as many as there turn out to be (the
  /// cases of a file being read), each taken index then to be checked by the caller.
  init(count: Int?, retention: ReplyRetention, progress: @escaping @Sendable (CaseResult) -> Void) {
    self.count = count ?? .max
    results = Array(repeating: nil, count: count ?? 0)
    self.retention = retention
    self.progress = progress
  }

  /// The indices of the next cases to send, at most `limit` of them, in order; `nil` once
  /// every case has been taken or the run is cancelled (nothing new is sent after a Ctrl-C).
  func take(upTo limit: Int) -> Range<Int>? {
    lock.withLock {
      guard next < count, !Task.isCancelled else { return nil }
      let taken = next..<min(count, next + max(1, limit))
      next = taken.upperBound
      return taken
    }
  }

  /// Records the verdict of the case at `index`: its reply is kept within the run's
  /// retention budget (``ReplyRetention``), then the progress callback is told. `size` is
  /// ``ReplyRetention/size(of:)`` of `result`, measured by the caller outside the lock (a
  /// large reply takes a while to measure, and the other workers would wait for it).
  func record(_ result: CaseResult, size: Int, at index: Int) {
    lock.withLock {
      var result = result
      retention.admit(&result, size: size)
      if index >= results.count { results.append(contentsOf: repeatElement(nil, count: index + 1 - results.count)) }
      results[index] = result
      progress(result)
    }
  }

  /// The verdicts, by case index; `nil` where a case was not sent or was interrupted (for an
  /// open count, up to the last index recorded).
  var verdicts: [CaseResult?] { lock.withLock { results } }
}
