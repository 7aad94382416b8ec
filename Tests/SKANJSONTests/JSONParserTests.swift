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
