/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Strict where it matters to a conformance kit: duplicate object keys, trailing commas,
/// comments, lone surrogates, leading zeros and text after the value are all errors, each
/// reported with its line and column. Nesting is capped so hostile input cannot exhaust
/// the stack.
///
/// It reads the bytes through a pointer and compares bytes with integer constants, which the
/// compiler inlines even in a debug build (`-Onone`): generic collection calls there cost a
/// runtime metadata lookup each, and the kit's start-up parses over a megabyte of vectors.
/// Bytes are written in hex: 0x22 `"`, 0x5C `\`, 0x7B `{`, 0x7D `}`, 0x5B `[`, 0x5D `]`,
/// 0x3A `:`, 0x2C `,`, 0x2D `-`, 0x2B `+`, 0x2E `.`, 0x30-0x39 the digits.
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 512

  private let base: UnsafePointer<UInt8>
  private let count: Int
  private var index = 0
  private var depth = 0
  /// The member name whose values' spans are recorded, as UTF-8, and the nesting depth of
  /// the objects it is looked for in (1 is the document's own object); empty records nothing.
  private var spanKey: [UInt8] = []
  private var spanDepth = 0
  private var spans: [Range<Int>] = []

  private init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  /// Parses one JSON value that fills the whole text (white space around it allowed).
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(_ text: String) throws(JSONError) -> JSONValue {
    var text = text
    return try text.withUTF8 { buffer in Self.result(buffer) }.get()
  }

  /// Parses one JSON value from UTF-8 bytes.
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(bytes: [UInt8]) throws(JSONError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in Self.result(buffer) }.get()
  }

  /// Parses one JSON value from UTF-8 bytes in memory the caller owns for the call.
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(utf8 buffer: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
    try result(buffer).get()
  }

  /// Parses one JSON value from UTF-8 bytes, and records where the value of every member
  /// named `key` starts and ends in `bytes`, in document order, for objects nested `depth`
  /// deep (1 is the document's own object, 3 an object in an array in it).
  ///
  /// The vector loader uses it to send each case's input as the file spells it, without
  /// encoding the parsed value again (``JSONText``).
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(
    bytes: [UInt8], recordingSpansOf key: String, atDepth depth: Int
  ) throws(JSONError) -> (value: JSONValue, spans: [Range<Int>]) {
    try bytes.withUnsafeBufferPointer { buffer in
      Self.result(buffer) { parser in
        parser.spanKey = Array(key.utf8)
        parser.spanDepth = depth
      }
    }.map { ($0.value, $0.spans) }.get()
  }

  private static func result(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONError> {
    result(buffer) { _ in }.map(\.value)
  }

  private static func result(
    _ buffer: UnsafeBufferPointer<UInt8>, configure: (inout JSONParser) -> Void
  ) -> Result<(value: JSONValue, spans: [Range<Int>]), JSONError> {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      return .failure(JSONError(reason: "unexpected end of input", line: 1, column: 1))
    }
    var parser = JSONParser(base: base, count: buffer.count)
    configure(&parser)
    do {
      let value = try parser.parseDocument()
      return .success((value, parser.spans))
    } catch {
      return .failure(error)
    }
  }

  private mutating func parseDocument() throws(JSONError) -> JSONValue {
    if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
      throw error("a byte-order mark is not allowed")
    }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index < count { throw error("unexpected text after the JSON value") }
    return value
  }

  // MARK: - Values

  private mutating func parseValue() throws(JSONError) -> JSONValue {
    guard index < count else { throw error("unexpected end of input") }
    let byte = base[index]
    if byte == 0x7B { return try parseObject() }
    if byte == 0x5B { return try parseArray() }
    if byte == 0x22 { return .string(try parseString()) }
    if byte == 0x2D || isDigit(byte) { return try parseNumber() }
    if byte == 0x74 {  // t
      try expectLiteral(0x74, 0x72, 0x75, 0x65)
      return .bool(true)
    }
    if byte == 0x66 {  // f
      try expectLiteral(0x66, 0x61, 0x6C, 0x73, 0x65)
      return .bool(false)
    }
    if byte == 0x6E {  // n
      try expectLiteral(0x6E, 0x75, 0x6C, 0x6C)
      return .null
    }
    throw error("unexpected character \(describe(byte))")
  }

  private mutating func parseObject() throws(JSONError) -> JSONValue {
    try enter()
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek() == 0x7D {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == 0x22 else { throw error("expected a string key") }
      let keyStart = index
      let key = try parseString()
      skipWhitespace()
      guard peek() == 0x3A else { throw error("expected ':' after a key") }
      index += 1
      skipWhitespace()
      let recorded = depth == spanDepth && keyIs(spanKey, from: keyStart)
      let valueStart = index
      // One hash of the key, not two: the duplicate shows when the value is stored.
      if members.updateValue(try parseValue(), forKey: key) != nil {
        index = keyStart
        throw error("duplicate key \"\(key)\"")
      }
      if recorded { spans.append(valueStart..<index) }
      skipWhitespace()
      let next = peek()
      if next == 0x2C {
        index += 1
      } else if next == 0x7D {
        index += 1
        depth -= 1
        return .object(members)
      } else {
        throw error("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray() throws(JSONError) -> JSONValue {
    try enter()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == 0x5D {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      let next = peek()
      if next == 0x2C {
        index += 1
      } else if next == 0x5D {
        index += 1
        depth -= 1
        return .array(elements)
      } else {
        throw error("expected ',' or ']' in an array")
      }
    }
  }

  /// Whether the key written at `start` (its opening quote) is `name`, byte for byte and
  /// without escapes.
  private func keyIs(_ name: [UInt8], from start: Int) -> Bool {
    guard !name.isEmpty, start + name.count + 1 < count, base[start + name.count + 1] == 0x22 else { return false }
    var offset = 0
    while offset < name.count {
      if base[start + 1 + offset] != name[offset] { return false }
      offset += 1
    }
    return true
  }

  private mutating func enter() throws(JSONError) {
    depth += 1
    if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth)") }
  }

  // MARK: - Strings

  private mutating func parseString() throws(JSONError) -> String {
    index += 1  // opening quote
    let start = index
    var ascii = true
    var position = index
    while true {
      guard position < count else {
        index = position
        throw error("unterminated string")
      }
      let byte = base[position]
      if byte == 0x22 { break }
      if byte == 0x5C {
        // Rare: the run so far, then the escapes, scalar by scalar.
        index = position
        return try parseEscapedString(from: start)
      }
      if byte < 0x20 {
        index = position
        throw error("control character \(describe(byte)) in a string")
      }
      if byte >= 0x80 { ascii = false }
      position += 1
    }
    index = position + 1
    return ascii ? asciiString(from: start, to: position) : try validated(from: start, to: position)
  }

  /// A string of ASCII bytes: no validation needed, one copy.
  private func asciiString(from start: Int, to end: Int) -> String {
    let length = end - start
    guard length > 0 else { return "" }
    let source = UnsafeRawPointer(base + start)
    return String(unsafeUninitializedCapacity: length) { buffer in
      if let target = buffer.baseAddress { UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: length) }
      return length
    }
  }

  /// The bytes from `start` to `end` as a string, or an error when they are not UTF-8.
  private mutating func validated(from start: Int, to end: Int) throws(JSONError) -> String {
    guard start < end else { return "" }
    guard let text = String(validating: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    else {
      index = start
      throw error("invalid UTF-8 in a string")
    }
    return text
  }

  /// The rest of a string that holds an escape; `index` is at the first backslash.
  private mutating func parseEscapedString(from start: Int) throws(JSONError) -> String {
    var scalars = String.UnicodeScalarView()
    try appendRun(from: start, to: index, into: &scalars)
    var runStart = index
    while true {
      guard index < count else { throw error("unterminated string") }
      let byte = base[index]
      if byte == 0x22 {
        try appendRun(from: runStart, to: index, into: &scalars)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character \(describe(byte)) in a string") }
      if byte == 0x5C {
        try appendRun(from: runStart, to: index, into: &scalars)
        try parseEscape(into: &scalars)
        runStart = index
        continue
      }
      index += 1
    }
  }

  private mutating func appendRun(
    from start: Int, to end: Int, into scalars: inout String.UnicodeScalarView
  ) throws(JSONError) {
    guard start < end else { return }
    scalars.append(contentsOf: try validated(from: start, to: end).unicodeScalars)
  }

  private mutating func parseEscape(into scalars: inout String.UnicodeScalarView) throws(JSONError) {
    index += 1
    guard index < count else { throw error("unterminated escape") }
    let byte = base[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): scalars.append("\"")
    case UInt8(ascii: "\\"): scalars.append("\\")
    case UInt8(ascii: "/"): scalars.append("/")
    case UInt8(ascii: "b"): scalars.append("\u{08}")
    case UInt8(ascii: "f"): scalars.append("\u{0C}")
    case UInt8(ascii: "n"): scalars.append("\n")
    case UInt8(ascii: "r"): scalars.append("\r")
    case UInt8(ascii: "t"): scalars.append("\t")
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if high >= 0xD800 && high <= 0xDBFF {
        guard index + 1 < count, base[index] == 0x5C, base[index + 1] == UInt8(ascii: "u")
        else { throw error("a high surrogate must be followed by a low surrogate") }
        index += 2
        let low = try parseHex4()
        guard low >= 0xDC00 && low <= 0xDFFF else { throw error("invalid low surrogate") }
        let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let scalar = Unicode.Scalar(combined) else { throw error("invalid code point") }
        scalars.append(scalar)
      } else {
        guard let scalar = Unicode.Scalar(high) else { throw error("lone low surrogate") }
        scalars.append(scalar)
      }
    default:
      index -= 1
      throw error("invalid escape \\\(describe(byte))")
    }
  }

  private mutating func parseHex4() throws(JSONError) -> UInt32 {
    guard index + 4 <= count else { throw error("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = base[index]
      let digit: UInt32
      if isDigit(byte) {
        digit = UInt32(byte - 0x30)
      } else if byte >= 0x61 && byte <= 0x66 {
        digit = UInt32(byte - 0x61 + 10)
      } else if byte >= 0x41 && byte <= 0x46 {
        digit = UInt32(byte - 0x41 + 10)
      } else {
        throw error("invalid hex digit in \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  // MARK: - Numbers

  private mutating func parseNumber() throws(JSONError) -> JSONValue {
    let start = index
    var isInteger = true
    let negative = base[index] == 0x2D
    if negative { index += 1 }
    guard index < count, isDigit(base[index]) else { throw error("expected a digit") }
    let digitsStart = index
    if base[index] == 0x30 {
      index += 1
      if index < count && isDigit(base[index]) { throw error("leading zeros are not allowed") }
    } else {
      skipDigits()
    }
    let digitsEnd = index
    if peek() == 0x2E {
      isInteger = false
      index += 1
      guard index < count, isDigit(base[index]) else { throw error("expected a digit after '.'") }
      skipDigits()
    }
    let exponent = peek()
    if exponent == 0x65 || exponent == 0x45 {  // e, E
      isInteger = false
      index += 1
      let sign = peek()
      if sign == 0x2B || sign == 0x2D { index += 1 }
      guard index < count, isDigit(base[index]) else { throw error("expected a digit in the exponent") }
      skipDigits()
    }
    // Up to 18 digits always fit in Int: no overflow check needed.
    if isInteger && digitsEnd - digitsStart <= 18 {
      var value = 0
      var position = digitsStart
      while position < digitsEnd {
        value = value * 10 + Int(base[position] &- 0x30)
        position += 1
      }
      return .integer(negative ? -value : value)
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text) is out of range")
    }
    return .double(value)
  }

  private mutating func skipDigits() {
    while index < count && base[index] >= 0x30 && base[index] <= 0x39 { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  // MARK: - Helpers

  private mutating func expectLiteral(_ bytes: UInt8...) throws(JSONError) {
    guard index + bytes.count <= count else { throw error("invalid literal") }
    for (offset, byte) in bytes.enumerated() where base[index + offset] != byte {
      throw error("invalid literal")
    }
    index += bytes.count
  }

  /// The byte at the current position, or 0 at the end (0 is never valid there).
  private func peek() -> UInt8 { index < count ? base[index] : 0 }

  private mutating func skipWhitespace() {
    while index < count {
      let byte = base[index]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      index += 1
    }
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "0x" + String(byte, radix: 16, uppercase: true)
  }

  private func error(_ reason: String) -> JSONError {
    var line = 1
    var column = 1
    for position in 0..<min(index, count) {
      if base[position] == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return JSONError(reason: reason, line: line, column: column)
  }
}
