import SKANJSON
import Testing

@Suite("JSON parser")
struct JSONParserTests {
  @Test("keeps integers and doubles apart")
  func numbers() throws {
    #expect(try JSONParser.parse("12") == .integer(12))
    #expect(try JSONParser.parse("12.0") == .double(12))
    #expect(try JSONParser.parse("1e2") == .double(100))
    #expect(try JSONParser.parse("-0") == .integer(0))
    #expect(try JSONParser.parse("99999999999999999999") == .double(1e20))
  }

  @Test("parses nested values, escapes and surrogate pairs")
  func structure() throws {
    let value = try JSONParser.parse(#"{"a": [true, false, null], "b": "x\u00e9\ud83d\ude00\n\/"}"#)
    #expect(value["a"] == .array([.bool(true), .bool(false), .null]))
    #expect(value["b"] == .string("xé😀\n/"))
  }

  @Test(
    "rejects what RFC 8259 forbids, with a position",
    arguments: [
      ("{\"a\":1,\"a\":2}", "duplicate key"),
      ("[1,]", "unexpected character"),
      ("01", "leading zeros"),
      ("{\"a\":1} x", "after the JSON value"),
      ("\"\\ud800\"", "low surrogate"),
      ("// c\n1", "unexpected character"),
      ("\"a\u{01}\"", "control character"),
      ("[", "unexpected end"),
      ("1e999", "out of range"),
      ("", "unexpected end"),
    ])
  func rejects(text: String, reason: String) {
    #expect {
      _ = try JSONParser.parse(text)
    } throws: { error in
      guard let error = error as? JSONError else { return false }
      return error.reason.contains(reason) && error.line >= 1 && error.column >= 1
    }
  }

  @Test("reports the line and column of the problem")
  func position() {
    #expect(throws: JSONError(reason: "expected ',' or '}' in an object", line: 3, column: 3)) {
      _ = try JSONParser.parse("{\n \"a\": 1\n  \"b\": 2}")
    }
  }

  @Test("reads integers at the edges of Int exactly, and larger ones as doubles")
  func integerEdges() throws {
    #expect(try JSONParser.parse("9223372036854775807") == .integer(Int.max))
    #expect(try JSONParser.parse("-9223372036854775808") == .integer(Int.min))
    #expect(try JSONParser.parse("999999999999999999") == .integer(999_999_999_999_999_999))
    #expect(try JSONParser.parse("-1234567890123456789") == .integer(-1_234_567_890_123_456_789))
    #expect(try JSONParser.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
    #expect(try JSONParser.parse("[-0.5e-3, 0, -7]") == [.double(-0.0005), 0, -7])
  }

  @Test("strings: empty, non-ASCII keys and values, escapes at either end, invalid UTF-8 refused")
  func strings() throws {
    let value = try JSONParser.parse(#"{"": "", "é": "ü\n", "\"k": "\u0041b\\"}"#)
    #expect(value == ["": "", "é": "ü\n", "\"k": "Ab\\"])
    #expect(throws: JSONError(reason: "invalid UTF-8 in a string", line: 1, column: 2)) {
      _ = try JSONParser.parse(bytes: [0x22, 0x61, 0xC3, 0x28, 0x22])
    }
    #expect(throws: JSONError(reason: "unterminated string", line: 1, column: 5)) {
      _ = try JSONParser.parse("\"abc")
    }
  }

  @Test("parses from a buffer the caller owns, as from a string or an array")
  func buffer() throws {
    let bytes = Array(#"{"a": [1, "x"]}"#.utf8)
    let fromBuffer = try bytes.withUnsafeBufferPointer { buffer in try JSONParser.parse(utf8: buffer) }
    #expect(fromBuffer == ["a": [1, "x"]])
    #expect(try JSONParser.parse(bytes: bytes) == fromBuffer)
    #expect(throws: JSONError(reason: "unexpected end of input", line: 1, column: 1)) {
      _ = try JSONParser.parse(utf8: UnsafeBufferPointer(start: nil, count: 0))
    }
  }

  @Test("caps nesting depth instead of overflowing the stack")
  func depth() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONError.self) { _ = try JSONParser.parse(deep) }
  }

  @Test("exactInteger accepts integral doubles only")
  func exactInteger() {
    #expect(JSONValue.double(12).exactInteger == 12)
    #expect(JSONValue.double(12.5).exactInteger == nil)
    #expect(JSONValue.double(1e30).exactInteger == nil)
    #expect(JSONValue.bool(true).exactInteger == nil)
    #expect(JSONValue.string("12").exactInteger == nil)
  }
}

@Suite("JSON text spans")
struct JSONTextTests {
  @Test("summaries give the spans of one key in each case, compacted outside strings only")
  func spans() throws {
    let text = """
      {
        "cases": [
          {"id": "a", "input": {"s": "a \\" b: c,  d", "t": [1, 2.5, "\\\\"], "input": 3}},
          {"input": [ ], "id": "b"},
          {"id": "c", "input": "x\\u0020y"}
        ],
        "input": 9
      }
      """
    let bytes = Array(text.utf8)
    let (value, summaries) = try JSONParser.parse(bytes: bytes, summarizing: ["input"], within: "cases")
    let spans = summaries.compactMap { $0?.members[0] }
    #expect(spans.count == 3, "the nested \"input\" and the top-level one are at other depths")
    let compacted = spans.map { span in
      bytes.withUnsafeBufferPointer { String(decoding: JSONText($0, range: span).bytes, as: UTF8.self) }
    }
    #expect(compacted[0] == #"{"s":"a \" b: c,  d","t":[1,2.5,"\\"],"input":3}"#)
    #expect(compacted[1] == "[]")
    #expect(compacted[2] == #""x\u0020y""#)
    let first = try JSONParser.parse(bytes: bytes)["cases"]?.arrayValue?.first?["input"]
    let firstText = bytes.withUnsafeBufferPointer { JSONText($0, range: spans[0]) }
    #expect(try JSONParser.parse(bytes: firstText.bytes) == first)
    #expect(value["cases"]?.arrayValue == [.null, .null, .null], "the cases themselves are not built")
  }
}
