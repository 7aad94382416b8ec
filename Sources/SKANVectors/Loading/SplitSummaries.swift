import Foundation
import SKANJSON

/// The summarizing parse of a large vector file on two threads: while the calling thread
/// parses the file from its start, a thread of its own summarizes the `cases` array from an
/// element near the middle to its end (``JSONParser/summarizeElements(bytes:from:summarizing:stop:)``),
/// and the parse takes those summaries over when it reaches that element
/// (``JSONParser/parse(bytes:summarizing:within:tail:)``).
///
/// The middle element is found by a guess (``JSONParser/elementStart(in:after:within:)``): when the
/// guess is wrong (what it found was an object nested in a case), or the second half has a
/// problem, the parse reads the second half itself, so the result and any error are those of
/// one parse on one thread; only the time differs.
enum SplitSummaries {
  /// The size of a file from which its parse is split: below it a thread's start costs about
  /// as much as it saves.
  static let worthwhileBytes = 1 << 20

  /// What ``JSONParser/parse(bytes:summarizing:within:)`` returns for the same arguments, and
  /// whether the second half was read on the other thread (`split`).
  static func parse(
    bytes: [UInt8], summarizing keys: [String], within parent: String
  ) throws(JSONError) -> (value: JSONValue, summaries: ObjectSummaries, split: Bool) {
    guard bytes.count >= worthwhileBytes,
      let start = JSONParser.elementStart(in: bytes, after: bytes.count / 2, within: parent)
    else {
      let (value, summaries) = try JSONParser.parse(bytes: bytes, summarizing: keys, within: parent)
      return (value, summaries, false)
    }
    let tail = Tail()
    Thread {
      tail.finish(JSONParser.summarizeElements(bytes: bytes, from: start, summarizing: keys) { tail.isStopped })
    }.start()
    // Whatever the parse does, the other thread is stopped and waited for before returning.
    defer { tail.stopAndWait() }
    let (value, summaries) = try JSONParser.parse(
      bytes: bytes, summarizing: keys, within: parent, tail: (start, tail.take))
    return (value, summaries, tail.wasTaken)
  }

  /// The other thread's result, handed over once.
  /// `@unchecked Sendable`: every stored property is read and written under `condition`.
  private final class Tail: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: SummarizedElements?
    private var finished = false
    private var stopped = false
    private var taken = false

    /// Whether the parse no longer needs the result.
    var isStopped: Bool { condition.withLock { stopped } }

    func finish(_ value: SummarizedElements?) {
      condition.withLock {
        result = value
        finished = true
        condition.broadcast()
      }
    }

    /// Whether the parse took a result.
    var wasTaken: Bool { condition.withLock { taken } }

    /// The result, once the other thread has one; the parse takes it at most once.
    func take() -> SummarizedElements? {
      condition.withLock {
        while !finished { condition.wait() }
        defer { result = nil }
        taken = result != nil
        return result
      }
    }

    func stopAndWait() {
      condition.withLock {
        stopped = true
        while !finished { condition.wait() }
        result = nil
      }
    }
  }
}
