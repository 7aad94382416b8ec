import SKANJSON
import Testing

/// `parse(bytes:recordingSpansOf:atDepth:within:checkingOnly:)` checks the values it records
/// exactly as a plain parse does: every document it accepts, a plain parse accepts, with the
/// same spans and each recorded value the one its span spells; every document a plain parse
/// refuses, it refuses with the same error, line and column.
@Suite("Checking recorded values without building them")
struct CheckedSpanTests {
  /// A vector file whose second case's `input` is `input` and whose third case's `expected`
  /// is `expected`, so that a fault sits in the middle of the file, not in its first case.
  static func document(input: String, expected: String = #"{"output":1}"#) -> String {
    """
    {"cases": [
      {"id": "a", "input": {"t": 1}, "expected": {"output": {"w": [1, 2]}}},
      {"id": "b", "input": \(input), "expected": {"error": "e"}},
      {"id": "c", "input": [], "expected": \(expected)}
    ], "input": {"outside": true}}
    """
  }

  static let values: [String] = [
    #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#,
    #""a \" ] } string with \u00e9 and é""#,
    #"-12.5e+3"#,
    #"123456789012345678901234567890"#,
    #"[[[[[]]]]]"#,
    #"{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18}"#,
    #"{"e\u0301": 1, "é": 2}"#,
    // Broken: each must fail, as a plain parse fails.
    #"{"a": 1, "a": 2}"#,
    #"{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":18}"#,
    #"{"é": 1, "e\u0301": 2}"#,
    #"{"a": 1,}"#,
    #"[1, 2,]"#,
    #"{"a" 1}"#,
    #"{1: 2}"#,
    #""unterminated"#,
    #""bad \x escape""#,
    #""\ud800 lone""#,
    "\"tab\there\"",
    #"01"#,
    #"1e999"#,
    #"tru"#,
    #"-"#,
    #"{"a": [1 2]}"#,
    String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    "\"" + String(repeating: "\u{0301}", count: 31) + "\"",
    "\"\u{FF}\"",
  ]

  static func outcome(_ text: String, checkingOnly: Bool) -> Result<(JSONValue, [[Range<Int>]]), JSONError> {
    Result { () throws(JSONError) in
      try JSONParser.parse(
        bytes: Array(text.utf8), recordingSpansOf: ["input", "expected"], atDepth: 3, within: "cases",
        checkingOnly: checkingOnly)
    }
  }

  @Test("a value in the middle of a file is accepted or refused as a plain parse does", arguments: values)
  func sameVerdict(value: String) throws {
    for text in [Self.document(input: value), Self.document(input: "1", expected: value)] {
      let checked = Self.outcome(text, checkingOnly: true)
      let built = Self.outcome(text, checkingOnly: false)
      switch (checked, built) {
      case (.failure(let checkedError), .failure(let builtError)):
        #expect(checkedError == builtError, "\(value)")
      case (.success(let (checkedValue, checkedSpans)), .success(let (builtValue, builtSpans))):
        #expect(checkedSpans == builtSpans, "\(value)")
        let bytes = Array(text.utf8)
        let builtCases = try #require(builtValue["cases"]?.arrayValue)
        let checkedCases = try #require(checkedValue["cases"]?.arrayValue)
        for (index, (key, list)) in zip(["input", "expected"], checkedSpans).enumerated() {
          #expect(list.count == 3, "\(value)")
          for (position, span) in list.enumerated() {
            // The value is left out of the tree, and its span spells the value a parse builds.
            #expect(checkedCases[position][key] == .null, "\(key) of case \(position): \(value)")
            let text = bytes.withUnsafeBufferPointer { JSONText($0, range: span) }
            #expect(DeferredJSON(text: text).value == builtCases[position][key], "\(index) \(value)")
          }
        }
        // What lies outside the cases is built as before.
        #expect(checkedValue["input"] == builtValue["input"])
      default:
        Issue.record("one parse failed and the other did not for \(value): \(checked) / \(built)")
      }
    }
  }

  @Test("a deferred value is parsed once, shared by its copies, and equal to the value it spells")
  func deferredValue() throws {
    let bytes = Array(#"{"b": [1, {"c": null}], "a": "x"}"#.utf8)
    let text = bytes.withUnsafeBufferPointer { JSONText($0, range: 0..<bytes.count) }
    let deferred = DeferredJSON(text: text)
    let copy = deferred
    #expect(deferred.text == text)
    #expect(copy.value == (try JSONParser.parse(bytes: bytes)))
    #expect(deferred == DeferredJSON(try JSONParser.parse(bytes: bytes)))
    #expect(deferred != DeferredJSON(.object(["a": "x"])))
    #expect(DeferredJSON(.integer(1)).text == nil)
  }
}
