import SKANJSON
import Testing

/// `parse(bytes:summarizing:within:)` checks the objects it summarizes exactly as a plain
/// parse does: every document it accepts, a plain parse accepts, each summarized object's span
/// and members' spans spelling what a parse builds; every document a plain parse refuses, it
/// refuses with the same error, line and column.
@Suite("Summarizing objects without building them")
struct SummarizedObjectTests {
  /// A vector file whose second case's `input` is `input` and whose third case's `expected`
  /// is `expected`, so that a fault sits in the middle of the file, not in its first case.
  static func document(input: String, expected: String = #"{"output":1}"#) -> String {
    """
    {"cases": [
      {"id": "a", "input": {"t": 1}, "expected": {"output": {"w": [1, 2]}}},
      {"id": "b", "input": \(input), "expected": {"error": "e"}},
      7,
      {"id": "c", "input": [], "expected": \(expected), "extra": {"input": 1}}
    ], "input": {"outside": [{"id": "x"}]}}
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
    // The same keys at different depths are no duplicates; nor are keys of sibling objects.
    #"{"a": {"a": {"a": 1}, "b": 2}, "b": {"a": 1, "b": [{"a": 1}, {"a": 2}]}, "c": 3}"#,
    #"{"é": 1, "x": {"x": 2}, "y": 3}"#,
    // Broken: each must fail, as a plain parse fails.
    #"{"a": 1, "\u0061": 2}"#,
    #"{"\u0061": 1, "a": 2}"#,
    #"{"a": {"a": 1}, "b": 2, "a": 3}"#,
    #"{"é": 1, "x": 2, "x": 3}"#,
    #"{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k16":17}"#,
    #"{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k\u0031":18}"#,
    #"{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":{"k17":1},"k18":18,"k17":19}"#,
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

  static let keys = ["id", "input", "expected", "absent"]

  @Test("a value in the middle of a file is accepted or refused as a plain parse does", arguments: values)
  func sameVerdict(value: String) throws {
    for text in [Self.document(input: value), Self.document(input: "1", expected: value)] {
      let bytes = Array(text.utf8)
      let summarized = Result { () throws(JSONError) in
        try JSONParser.parse(bytes: bytes, summarizing: Self.keys, within: "cases")
      }
      let built = Result { () throws(JSONError) in try JSONParser.parse(bytes: bytes) }
      switch (summarized, built) {
      case (.failure(let summarizedError), .failure(let builtError)):
        #expect(summarizedError == builtError, "\(value)")
      case (.success(let (tree, summaries)), .success(let whole)):
        let cases = try #require(whole["cases"]?.arrayValue)
        let left = try #require(tree["cases"]?.arrayValue)
        #expect(summaries.count == cases.count, "one summary per element: \(value)")
        #expect(summaries.map { $0 == nil } == [false, false, true, false], "only objects are summarized")
        #expect(left[2] == 7, "an element that is no object is built")
        // What lies outside the cases is built as before, the nested `input` and `id` included.
        #expect(tree["input"] == whole["input"])
        for (position, summary) in summaries.enumerated() {
          guard let summary else { continue }
          #expect(left[position] == .null, "case \(position) is not built")
          #expect(try JSONParser.parse(bytes: bytes, range: summary.span, nestedAt: 2) == cases[position])
          for (index, key) in Self.keys.enumerated() {
            let member = summary.members[index].map { span in
              bytes.withUnsafeBufferPointer { DeferredJSON(text: JSONText($0, range: span)).value }
            }
            #expect(member == cases[position][key], "\(key) of case \(position): \(value)")
          }
        }
      default:
        Issue.record("one parse failed and the other did not for \(value): \(summarized) / \(built)")
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
