/// A JSON value's text as a document spelled it, with the white space between tokens
/// removed: a single line, ready for the wire.
///
/// For text the kit wrote itself (``CanonicalJSON/pretty(_:)``, every file in `Vectors/`),
/// it is byte for byte ``CanonicalJSON/compactBytes(_:)`` of the parsed value, so a runner can
/// send a case's input without encoding it again. For other valid JSON it is the same value,
/// spelled as its author spelled it (key order, escapes, number forms).
public struct JSONText: Sendable, Hashable {
  /// The UTF-8 bytes, on one line.
  public let bytes: [UInt8]

  /// The text of `range` in `document`, which must be one complete, valid JSON value (as the
  /// parser's recorded spans are), without the white space outside its strings.
  public init(_ document: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    var out = [UInt8]()
    out.reserveCapacity(range.count)
    guard let base = document.baseAddress else {
      bytes = out
      return
    }
    var index = range.lowerBound
    let end = range.upperBound
    var runStart = index
    while index < end {
      let byte = base[index]
      if byte == 0x22 {
        // A string: copied whole, up to its closing quote (an escaped quote does not end it).
        index += 1
        while true {
          index = ByteScan.quoteOrBackslash(base, from: index, to: end)
          guard index < end, base[index] == 0x5C else { break }
          index += 2
        }
        index += 1
        continue
      }
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        if index > runStart {
          out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
        }
        // The whole run of white space at once: a pretty-printed file indents every line.
        index += 1
        while index < end {
          let next = base[index]
          if next == 0x20 {
            index = ByteScan.endOfSpaces(base, from: index, to: end)
            continue
          }
          guard next == 0x0A || next == 0x0D || next == 0x09 else { break }
          index += 1
        }
        runStart = index
        continue
      }
      index += 1
    }
    out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: min(index, end) - runStart))
    bytes = out
  }

  /// When this text is an object with the one member `name` (`{"name":…}`), the text of that
  /// member's value; otherwise nil.
  public func member(only name: String) -> JSONText? {
    let head = Array("{\"\(name)\":".utf8)
    guard bytes.count > head.count + 1, bytes.starts(with: head), bytes.last == 0x7D else { return nil }
    let end = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { JSONParser.endOfValue($0, count: buffer.count, from: head.count) }
    }
    // The value must be the whole rest but the closing brace: no second member after it.
    guard end == bytes.count - 1 else { return nil }
    return JSONText(bytes: Array(bytes[head.count..<(bytes.count - 1)]))
  }

  /// Whether `range` of `document` is exactly these bytes.
  public func isSpelling(of document: [UInt8], _ range: Range<Int>) -> Bool {
    guard range.count == bytes.count, range.lowerBound >= 0, range.upperBound <= document.count else { return false }
    return document.withUnsafeBufferPointer { other in
      bytes.withUnsafeBufferPointer { own in
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

  private init(bytes: [UInt8]) { self.bytes = bytes }
}
