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

  @Test("sorts keys by code point, as Python does, not by Swift's string order")
  func keyOrder() {
    // "\u{FB01}" (a ligature) sorts after "z" by code point; "e\u{301}" (decomposed) sorts
    // before "f" by its bytes, whatever its canonical equivalence to "é".
    let keys = CanonicalJSON.sortedKeys(["z": 1, "\u{FB01}": 2, "a": 3, "e\u{301}": 4, "f": 5, "": 6, "aa": 7])
    #expect(keys == ["", "a", "aa", "e\u{301}", "f", "z", "\u{FB01}"])
  }

  @Test("writes integers at the edges of Int, and a wire line with its newline")
  func integersAndLines() {
    #expect(
      CanonicalJSON.compact(.array([.integer(Int.min), .integer(Int.max), 0, -7, 10]))
        == "[-9223372036854775808,9223372036854775807,0,-7,10]")
    #expect(
      CanonicalJSON.compactBytes(["b": 1, "a": "\u{7}"], terminator: 0x0A)
        == Array("{\"a\":\"\\u0007\",\"b\":1}\n".utf8))
  }

  @Test("round-trips through the parser")
  func roundTrip() throws {
    let value: JSONValue = ["k": ["x", 1, 2.5, nil, false, ["n": "é"]]]
    #expect(try JSONParser.parse(CanonicalJSON.pretty(value)) == value)
  }
}
