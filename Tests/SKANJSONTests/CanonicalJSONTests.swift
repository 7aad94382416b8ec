import SKANJSON
import Testing

@Suite("Canonical JSON")
struct CanonicalJSONTests {
  @Test("sorts keys, indents by two spaces, ends with a newline")
  func pretty() {
    let value: JSONValue = ["b": [1, 2], "a": ["z": nil, "y": true], "c": [:], "d": []]
    let expected = """
      {
        "a": {
          "y": true,
          "z": null
        },
        "b": [
          1,
          2
        ],
        "c": {},
        "d": []
      }

      """
    #expect(CanonicalJSON.pretty(value) == expected)
  }

  @Test("escapes as Python's json.dumps(ensure_ascii=False) does")
  func escapes() {
    // Python: json.dumps("q\"\\\n\t\x01/é\u2063") == '"q\\"\\\\\\n\\t\\u0001/é\u2063"'
    #expect(CanonicalJSON.compact(.string("q\"\\\n\t\u{01}/é\u{2063}")) == "\"q\\\"\\\\\\n\\t\\u0001/é\u{2063}\"")
  }

  @Test(
    "writes doubles as Python's repr does",
    arguments: [
      (0.1, "0.1"), (1.0, "1.0"), (1e20, "1e+20"), (1e-05, "1e-05"), (0.30000000000000004, "0.30000000000000004"),
      (12_345_678.92, "12345678.92"), (-0.0, "-0.0"), (1e16, "1e+16"), (123456789012345.6, "123456789012345.6"),
    ])
  func doubles(value: Double, text: String) {
    #expect(CanonicalJSON.compact(.double(value)) == text)
  }

  @Test("round-trips through the parser")
  func roundTrip() throws {
    let value: JSONValue = ["k": ["x", 1, 2.5, nil, false, ["n": "é"]]]
    #expect(try JSONParser.parse(CanonicalJSON.pretty(value)) == value)
  }
}
