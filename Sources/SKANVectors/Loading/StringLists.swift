import SKANJSON
import Synchronization

/// The lists of plain strings (requirement IDs, tags) of one file's cases, each kind spelled
/// once kept once: the cases that spell the same list share one array, as a file's cases
/// mostly do, instead of holding a copy each. Shared by the threads that read the cases.
final class StringLists: Sendable {
  private let lists = Mutex<[[UInt8]: [String]]>([:])

  /// The strings `span` of `text` spells, when it is an array of plain strings
  /// (``CheckedSpanReader/plainStrings(_:_:)``): the array already made for the same spelling,
  /// or a new one.
  func strings(_ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>) -> [String]? {
    guard span.upperBound <= text.count, span.count <= Self.longestShared else {
      return CheckedSpanReader.plainStrings(text, span)
    }
    let spelling = Array(text[span])
    if let known = lists.withLock({ $0[spelling] }) { return known }
    guard let strings = CheckedSpanReader.plainStrings(text, span) else { return nil }
    lists.withLock { $0[spelling] = strings }
    return strings
  }

  /// The longest spelling shared: longer lists are rare, and kept apart.
  static let longestShared = 256
}
