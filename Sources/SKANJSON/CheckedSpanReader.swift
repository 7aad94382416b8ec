/// Reads the common, plain shapes of values straight from the text of a span that
/// ``JSONParser`` has already checked, without setting up a parse: a string with no escape
/// and only ASCII, an array of such strings, an object with one member.
///
/// Each answers `nil` for any other shape (an escape, a byte outside ASCII, another kind of
/// value), for which the caller parses the span; what it does answer is what a parse gives.
/// Only for checked spans: it does not check what it steps over.
public enum CheckedSpanReader {
  /// The string the span spells, when it is one with no escape and only printable ASCII.
  public static func plainString(_ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>) -> String? {
    guard let base = text.baseAddress, span.count >= 2, span.upperBound <= text.count,
      base[span.lowerBound] == 0x22, base[span.upperBound - 1] == 0x22
    else { return nil }
    return string(base, from: span.lowerBound + 1, to: span.upperBound - 1)
  }

  /// Whether the span spells a plain string (``plainString(_:_:)``), checked without making
  /// it; with `nonEmpty`, one of at least one character.
  public static func isPlainString(
    _ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>, nonEmpty: Bool = false
  ) -> Bool {
    guard let base = text.baseAddress, span.count >= (nonEmpty ? 3 : 2), span.upperBound <= text.count,
      base[span.lowerBound] == 0x22, base[span.upperBound - 1] == 0x22
    else { return false }
    return ByteScan.stringStop(base, from: span.lowerBound + 1, to: span.upperBound - 1) == span.upperBound - 1
  }

  /// The strings of the array the span spells, when every element is a plain string
  /// (``plainString(_:_:)``).
  public static func plainStrings(_ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>) -> [String]? {
    guard let base = text.baseAddress, span.count >= 2, span.upperBound <= text.count,
      base[span.lowerBound] == 0x5B
    else { return nil }
    var strings: [String] = []
    var index = skipWhiteSpace(base, from: span.lowerBound + 1, to: span.upperBound)
    if index < span.upperBound, base[index] == 0x5D { return strings }
    while index < span.upperBound {
      guard base[index] == 0x22 else { return nil }
      var end = index + 1
      while end < span.upperBound, base[end] != 0x22 { end += 1 }
      guard end < span.upperBound, let string = string(base, from: index + 1, to: end) else { return nil }
      strings.append(string)
      index = skipWhiteSpace(base, from: end + 1, to: span.upperBound)
      guard index < span.upperBound else { return nil }
      if base[index] == 0x5D { return index + 1 == span.upperBound ? strings : nil }
      guard base[index] == 0x2C else { return nil }
      index = skipWhiteSpace(base, from: index + 1, to: span.upperBound)
    }
    return nil
  }

  /// The key and the value's span of the object the span spells, when it has exactly one
  /// member and its key is a plain string.
  public static func soleMember(
    _ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>
  ) -> (key: String, value: Range<Int>)? {
    guard let members = members(text, span), members.count == 1 else { return nil }
    return members[0]
  }

  /// The keys and the values' spans of the object the span spells, in the order written,
  /// when every key is a plain string.
  public static func members(
    _ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>
  ) -> [(key: String, value: Range<Int>)]? {
    guard let base = text.baseAddress, span.count >= 2, span.upperBound <= text.count,
      base[span.lowerBound] == 0x7B, base[span.upperBound - 1] == 0x7D
    else { return nil }
    let end = span.upperBound - 1
    var members: [(key: String, value: Range<Int>)] = []
    var keyStart = skipWhiteSpace(base, from: span.lowerBound + 1, to: end)
    if keyStart == end { return members }
    while true {
      guard keyStart < end, base[keyStart] == 0x22 else { return nil }
      var keyEnd = keyStart + 1
      while keyEnd < end, base[keyEnd] != 0x22 { keyEnd += 1 }
      guard keyEnd < end, let key = string(base, from: keyStart + 1, to: keyEnd) else { return nil }
      let colon = skipWhiteSpace(base, from: keyEnd + 1, to: end)
      guard colon < end, base[colon] == 0x3A else { return nil }
      let valueStart = skipWhiteSpace(base, from: colon + 1, to: end)
      guard let valueEnd = JSONParser.endOfValue(base, count: end, from: valueStart), valueEnd > valueStart else {
        return nil
      }
      members.append((key, valueStart..<valueEnd))
      let next = skipWhiteSpace(base, from: valueEnd, to: end)
      if next == end { return members }
      guard base[next] == 0x2C else { return nil }
      keyStart = skipWhiteSpace(base, from: next + 1, to: end)
    }
  }

  /// The spans of the elements of the array the span spells, in order.
  public static func elements(_ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>) -> [Range<Int>]? {
    guard let base = text.baseAddress, span.count >= 2, span.upperBound <= text.count,
      base[span.lowerBound] == 0x5B, base[span.upperBound - 1] == 0x5D
    else { return nil }
    let end = span.upperBound - 1
    var elements: [Range<Int>] = []
    var start = skipWhiteSpace(base, from: span.lowerBound + 1, to: end)
    if start == end { return elements }
    while true {
      guard let valueEnd = JSONParser.endOfValue(base, count: end, from: start), valueEnd > start else { return nil }
      elements.append(start..<valueEnd)
      let next = skipWhiteSpace(base, from: valueEnd, to: end)
      if next == end { return elements }
      guard base[next] == 0x2C else { return nil }
      start = skipWhiteSpace(base, from: next + 1, to: end)
    }
  }

  /// The bytes from `start` to `end` as a string, when they are all printable ASCII with no
  /// backslash (so no escape) and no quote.
  private static func string(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> String? {
    guard ByteScan.stringStop(base, from: start, to: end) == end else { return nil }
    return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
  }

  private static func skipWhiteSpace(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    ByteScan.endOfWhiteSpace(base, from: start, to: end)
  }
}
