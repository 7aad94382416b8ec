/// Finds the bytes that end a run of plain JSON text, eight bytes at a time.
///
/// Most of a JSON document is the inside of its strings and the indentation of its lines;
/// the parser, the loader and the reply reader step over both. These functions read a word of
/// eight bytes at once and find, with the usual bit tricks, the first byte in it that matters
/// (a quote, a backslash, a control character, a byte outside ASCII), and give the same
/// answer as a loop over the bytes one by one. On a big-endian machine they are that loop.
enum ByteScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080
  private static let quotes = ones &* 0x22
  private static let backslashes = ones &* 0x5C
  private static let controls = ones &* 0x20
  private static let spaces = ones &* 0x20

  /// Where the first quote or backslash at or after `start` is, before `end`; `end` when there
  /// is none.
  static func quoteOrBackslash(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var position = start
    #if _endian(little)
      while position + 8 <= end {
        let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
        let found = zeroBytes(word ^ quotes) | zeroBytes(word ^ backslashes)
        if found != 0 { return position + found.trailingZeroBitCount / 8 }
        position += 8
      }
    #endif
    while position < end, base[position] != 0x22, base[position] != 0x5C { position += 1 }
    return position
  }

  /// Where the first byte at or after `start` that a plain string cannot hold is, before `end`:
  /// a quote, a backslash, a control character (below 0x20) or a byte outside ASCII (0x80
  /// and above); `end` when there is none.
  static func stringStop(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var position = start
    #if _endian(little)
      while position + 8 <= end {
        let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
        let found =
          zeroBytes(word ^ quotes) | zeroBytes(word ^ backslashes) | ((word &- controls) & ~word & highs)
          | (word & highs)
        if found != 0 { return position + found.trailingZeroBitCount / 8 }
        position += 8
      }
    #endif
    while position < end {
      let byte = base[position]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return position }
      position += 1
    }
    return position
  }

  /// Where the run of spaces (0x20 only) that starts at `start` ends, at most at `end`.
  static func endOfSpaces(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var position = start
    #if _endian(little)
      while position + 8 <= end, UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) == spaces {
        position += 8
      }
    #endif
    while position < end, base[position] == 0x20 { position += 1 }
    return position
  }

  /// Where the run of JSON white space (space, tab, line feed, carriage return) that starts
  /// at `start` ends, at most at `end`.
  static func endOfWhiteSpace(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var position = start
    while position < end {
      let byte = base[position]
      if byte == 0x20 {
        position = endOfSpaces(base, from: position, to: end)
        continue
      }
      guard byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
      position += 1
    }
    return position
  }

  /// The high bit of each byte of `word` that is zero, and possibly of bytes after the first
  /// such byte (a borrow carries upwards only): the lowest bit set is always exact.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highs
  }
}
