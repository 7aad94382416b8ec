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
        while index < end && base[index] != 0x22 {
          index += base[index] == 0x5C ? 2 : 1
        }
        index += 1
        continue
      }
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
        index += 1
        runStart = index
        continue
      }
      index += 1
    }
    out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: min(index, end) - runStart))
    bytes = out
  }
}
