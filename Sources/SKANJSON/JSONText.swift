/// A JSON value's text as a document spelled it, with the white space between tokens
/// removed: a single line, ready for the wire.
///
/// For text the kit wrote itself (``CanonicalJSON/pretty(_:)``, every file in `Vectors/`),
/// it is byte for byte ``CanonicalJSON/compactBytes(_:)`` of the parsed value, so a runner can
/// send a case's input without encoding it again. For other valid JSON it is the same value,
/// spelled as its author spelled it (key order, escapes, number forms).
///
/// Text a document already spells on one line (a compact file) is not copied: the text is
/// then that part of the document's bytes, which it keeps.
public struct JSONText: Sendable, Hashable {
  /// The bytes the text is part of: its own, or the document's it was read from.
  private let storage: [UInt8]
  /// Where the text is in ``storage``.
  private let range: Range<Int>

  /// The UTF-8 bytes, on one line (a copy: ``withBytes(_:)`` reads them in place).
  public var bytes: [UInt8] { Array(storage[range]) }

  /// The number of bytes.
  public var count: Int { range.count }

  /// Calls `body` with the bytes, in place.
  public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try storage.withUnsafeBufferPointer { buffer in try body(UnsafeBufferPointer(rebasing: buffer[range])) }
  }

  /// The text of `range` in `document`, which must be one complete, valid JSON value (as the
  /// parser's recorded spans are), without the white space outside its strings.
  public init(_ document: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    let start = document.baseAddress.map { Self.firstWhiteSpace($0, range: range) } ?? range.lowerBound
    storage = Self.compacted(document, range: range, from: start)
    self.range = 0..<storage.count
  }

  /// The text of `range` in `document`, as ``init(_:range:)-(UnsafeBufferPointer<UInt8>,_)``
  /// reads it; when the document spells it with no white space outside its strings, the text
  /// keeps `document` and points into it instead of copying the bytes.
  public init(_ document: [UInt8], range: Range<Int>) {
    let compacted: [UInt8]? = document.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, range.upperBound <= buffer.count else { return [] }
      let space = Self.firstWhiteSpace(base, range: range)
      return space == range.upperBound ? nil : Self.compacted(buffer, range: range, from: space)
    }
    if let compacted {
      storage = compacted
      self.range = 0..<compacted.count
    } else {
      storage = document
      self.range = range
    }
  }

  private init(storage: [UInt8], range: Range<Int>) {
    self.storage = storage
    self.range = range
  }

  /// Where the first white space outside a string is in `range` of the text at `base`; the
  /// range's end when there is none.
  private static func firstWhiteSpace(_ base: UnsafePointer<UInt8>, range: Range<Int>) -> Int {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      let byte = base[index]
      if byte == 0x22 {
        index = endOfString(base, from: index + 1, to: end)
        continue
      }
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { return index }
      index += 1
    }
    return end
  }

  /// Where the string whose text starts at `start` (after its opening quote) ends, just past
  /// its closing quote (an escaped quote does not end it).
  private static func endOfString(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var index = start
    while true {
      index = ByteScan.quoteOrBackslash(base, from: index, to: end)
      guard index < end, base[index] == 0x5C else { break }
      index += 2
    }
    return index + 1
  }

  /// The bytes of `range` of `document` without the white space outside its strings; the
  /// bytes before `start` have none, and `start` is the first of them or the range's end.
  private static func compacted(_ document: UnsafeBufferPointer<UInt8>, range: Range<Int>, from start: Int) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(range.count)
    guard let base = document.baseAddress else { return out }
    let end = range.upperBound
    var runStart = range.lowerBound
    var space = start
    while space < end {
      out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: space - runStart))
      // The whole run of white space at once: a pretty-printed file indents every line.
      let index = ByteScan.endOfWhiteSpace(base, from: space, to: end)
      runStart = index
      space = firstWhiteSpace(base, range: index..<end)
    }
    if end > runStart { out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: end - runStart)) }
    return out
  }

  /// When this text is an object with the one member `name` (`{"name":…}`), the text of that
  /// member's value (in the same bytes); otherwise nil.
  public func member(only name: String) -> JSONText? {
    let head = Array("{\"\(name)\":".utf8)
    let end: Int? = withBytes { buffer in
      guard let base = buffer.baseAddress, buffer.count > head.count + 1, buffer.starts(with: head),
        buffer.last == 0x7D
      else { return nil }
      return JSONParser.endOfValue(base, count: buffer.count, from: head.count)
    }
    // The value must be the whole rest but the closing brace: no second member after it.
    guard let end, end == count - 1 else { return nil }
    return JSONText(storage: storage, range: (range.lowerBound + head.count)..<(range.upperBound - 1))
  }

  /// Whether `range` of `document` is exactly these bytes.
  public func isSpelling(of document: [UInt8], _ range: Range<Int>) -> Bool {
    guard range.count == count, range.lowerBound >= 0, range.upperBound <= document.count else { return false }
    return document.withUnsafeBufferPointer { other in
      withBytes { own in
        guard let ownBase = own.baseAddress, let otherBase = other.baseAddress else { return own.isEmpty }
        var offset = 0
        while offset < own.count {
          if ownBase[offset] != otherBase[range.lowerBound + offset] { return false }
          offset += 1
        }
        return true
      }
    }
  }

  /// Texts of the same bytes are equal, wherever they are kept.
  public static func == (left: JSONText, right: JSONText) -> Bool {
    left.count == right.count && left.withBytes { own in right.withBytes { other in own.elementsEqual(other) } }
  }

  public func hash(into hasher: inout Hasher) {
    withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
