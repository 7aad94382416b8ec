import SKANJSON
import Testing

/// `CheckedSpanReader` answers only what a parse of the span gives, and nothing for the
/// shapes it leaves to the parser.
@Suite("Reading plain values from checked spans")
struct CheckedSpanReaderTests {
  static let strings = [#""abc""#, #""""#, #""a b-c/1""#, #""é""#, #""a\"b""#, #""a\u0041""#, "12", "[]"]
  static let arrays = [
    #"[]"#, #"[ ]"#, #"["a"]"#, #"[ "a" , "b" ]"#, #"["a","b","c"]"#, #"["a",1]"#, #"["a\n"]"#, #"["é"]"#,
    #"{"a":1}"#, #""a""#,
  ]
  static let objects = [
    #"{"output":{"a":[1,{"b":2}]}}"#, #"{ "error" : "x" }"#, #"{"output":12}"#, #"{"output":-1.5e3 }"#,
    #"{"output":"a}"}"#, #"{"output":null,"seq":1}"#, #"{}"#, #"{"\u006futput":1}"#, #"[1]"#,
  ]

  /// The span of the whole of `text`, read with `read`.
  static func read<Value>(_ text: String, _ read: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Value) -> Value {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { read($0, 0..<bytes.count) }
  }

  @Test("a plain string is the string a parse gives; anything else is left to the parser", arguments: strings)
  func plainString(text: String) throws {
    let parsed = try JSONParser.parse(text)
    let read = Self.read(text, CheckedSpanReader.plainString)
    let plain = text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x5C } && parsed.stringValue != nil
    #expect(read == (plain ? parsed.stringValue : nil), "\(text)")
  }

  @Test("an array of plain strings is the array a parse gives", arguments: arrays)
  func plainStrings(text: String) throws {
    let parsed = try JSONParser.parse(text)
    guard let read = Self.read(text, CheckedSpanReader.plainStrings) else {
      let plain =
        parsed.arrayValue?.allSatisfy { $0.stringValue != nil } == true && !text.contains("\\")
        && text.utf8.allSatisfy { $0 < 0x80 }
      #expect(!plain, "a plain array left to the parser: \(text)")
      return
    }
    #expect(parsed == .array(read.map(JSONValue.string)), "\(text)")
  }

  @Test("an object's sole member is the key and the value a parse gives", arguments: objects)
  func soleMember(text: String) throws {
    let bytes = Array(text.utf8)
    let parsed = try JSONParser.parse(bytes: bytes)
    guard let (key, span) = Self.read(text, CheckedSpanReader.soleMember) else {
      #expect(parsed.objectValue?.count != 1 || text.contains("\\"), "a one-member object left to the parser: \(text)")
      return
    }
    let value = try JSONParser.parse(bytes: bytes, range: span, nestedAt: 1)
    #expect(parsed == .object([key: value]), "\(text)")
  }
}
