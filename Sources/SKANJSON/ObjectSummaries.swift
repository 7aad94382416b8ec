/// The summaries ``JSONParser/parse(bytes:summarizing:within:)`` gives, one per element of the
/// summarized array, in order: ``JSONParser/ObjectSummary`` for an object, `nil` for anything
/// else.
///
/// They are kept in one flat array of 32-bit offsets (a document is summarized only up to
/// ``maximumBytes``), not one array of spans per object: a vector file of 200,000 cases then
/// costs 64 bytes a case for its summaries instead of an allocation of about 200. Reading one
/// member's span (``member(_:of:)``) builds nothing; the subscript builds an
/// ``JSONParser/ObjectSummary``.
public struct ObjectSummaries: RandomAccessCollection, Sendable {
  /// The largest document whose offsets fit.
  public static let maximumBytes = Int(Int32.max)

  /// How many member spans each element has.
  let width: Int
  /// Per element: the object's start and end, then each asked member's start and end; -1 for
  /// no object or no such member.
  private var offsets: [Int32] = []

  /// No summaries yet, of objects whose `width` members are asked for.
  public init(width: Int) { self.width = width }

  public var startIndex: Int { 0 }
  public var endIndex: Int { offsets.count / (2 + 2 * width) }

  /// The summary of element `position`, or `nil` when it is not an object.
  public subscript(position: Int) -> JSONParser.ObjectSummary? {
    guard let span = span(of: position) else { return nil }
    return JSONParser.ObjectSummary(span: span, members: (0..<width).map { member($0, of: position) })
  }

  /// The span of element `position`, braces included; `nil` when it is not an object.
  public func span(of position: Int) -> Range<Int>? {
    range(at: position * (2 + 2 * width))
  }

  /// The span of the value of the `index`th member asked for, in element `position`; `nil`
  /// when the element is not an object, lacks the member, or spells its key with an escape.
  public func member(_ index: Int, of position: Int) -> Range<Int>? {
    range(at: position * (2 + 2 * width) + 2 + 2 * index)
  }

  private func range(at offset: Int) -> Range<Int>? {
    let start = offsets[offset]
    guard start >= 0 else { return nil }
    return Int(start)..<Int(offsets[offset + 1])
  }

  /// Adds `other`'s elements after these (summaries of the same members, ``width``).
  public mutating func append(contentsOf other: ObjectSummaries) {
    offsets.append(contentsOf: other.offsets)
  }

  /// Adds an element that is not an object.
  mutating func appendNone() {
    offsets.append(contentsOf: repeatElement(-1, count: 2 + 2 * width))
  }

  /// Adds an object starting at `start`, its members not found yet; returns where its entry is.
  mutating func appendObject(at start: Int) -> Int {
    let entry = offsets.count
    offsets.append(Int32(truncatingIfNeeded: start))
    offsets.append(contentsOf: repeatElement(-1, count: 1 + 2 * width))
    return entry
  }

  /// Sets the end of the object whose entry is at `entry`.
  mutating func setEnd(_ end: Int, of entry: Int) {
    offsets[entry + 1] = Int32(truncatingIfNeeded: end)
  }

  /// Sets the span of member `index` of the object whose entry is at `entry`.
  mutating func setMember(_ index: Int, of entry: Int, to span: Range<Int>) {
    offsets[entry + 2 + 2 * index] = Int32(truncatingIfNeeded: span.lowerBound)
    offsets[entry + 3 + 2 * index] = Int32(truncatingIfNeeded: span.upperBound)
  }
}
