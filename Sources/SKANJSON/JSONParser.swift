/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Strict where it matters to a conformance kit: duplicate object keys, trailing commas,
/// comments, lone surrogates, leading zeros and text after the value are all errors, each
/// reported with its line and column. Nesting is capped so hostile input cannot exhaust
/// the stack.
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// Parses one JSON value that fills the whole text (white space around it allowed).
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(_ text: String) throws(JSONError) -> JSONValue {
    try parse(bytes: Array(text.utf8))
  }

  /// Parses one JSON value from UTF-8 bytes.
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(bytes: [UInt8]) throws(JSONError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw parser.error("a byte-order mark is not allowed")
    }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected text after the JSON value")
    }
    return value
  }

  // MARK: - Values

  private mutating func parseValue() throws(JSONError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character \(describe(bytes[index]))")
    }
  }

  private mutating func parseObject() throws(JSONError) -> JSONValue {
    try enter()
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
      let keyStart = index
      let key = try parseString()
      if members[key] != nil {
        index = keyStart
        throw error("duplicate key \"\(key)\"")
      }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
      index += 1
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(members)
      default: throw error("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray() throws(JSONError) -> JSONValue {
    try enter()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements)
      default: throw error("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func enter() throws(JSONError) {
    depth += 1
    if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth)") }
  }

  // MARK: - Strings

  private mutating func parseString() throws(JSONError) -> String {
    index += 1  // opening quote
    var scalars = String.UnicodeScalarView()
    var runStart = index
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        // Without escapes the string is its bytes: no scalar-by-scalar copy.
        let text = scalars.isEmpty ? try validated(from: runStart, to: index) : nil
        if text == nil { try appendRun(from: runStart, to: index, into: &scalars) }
        index += 1
        return text ?? String(scalars)
      }
      if byte < 0x20 { throw error("control character \(describe(byte)) in a string") }
      if byte == UInt8(ascii: "\\") {
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

  /// The bytes from `start` to `end` as a string, or an error when they are not UTF-8.
  private mutating func validated(from start: Int, to end: Int) throws(JSONError) -> String {
    guard start < end else { return "" }
    guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
      index = start
      throw error("invalid UTF-8 in a string")
    }
    return text
  }

  private mutating func parseEscape(into scalars: inout String.UnicodeScalarView) throws(JSONError) {
    index += 1
    guard index < bytes.count else { throw error("unterminated escape") }
    let byte = bytes[index]
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
      if (0xD800...0xDBFF).contains(high) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("a high surrogate must be followed by a low surrogate") }
        index += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
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
    guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit in \\u escape")
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
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), isDigit(first) else { throw error("expected a digit") }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = peek(), isDigit(next) { throw error("leading zeros are not allowed") }
    } else {
      while let byte = peek(), isDigit(byte) { index += 1 }
    }
    if peek() == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard let byte = peek(), isDigit(byte) else { throw error("expected a digit after '.'") }
      while let byte = peek(), isDigit(byte) { index += 1 }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard let byte = peek(), isDigit(byte) else { throw error("expected a digit in the exponent") }
      while let byte = peek(), isDigit(byte) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text) is out of range")
    }
    return .double(value)
  }

  // MARK: - Helpers

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
    let expected = literal.withUTF8Buffer { Array($0) }
    guard index + expected.count <= bytes.count,
      Array(bytes[index..<index + expected.count]) == expected
    else { throw error("invalid literal") }
    index += expected.count
  }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
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
    for byte in bytes[0..<min(index, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return JSONError(reason: reason, line: line, column: column)
  }
}
