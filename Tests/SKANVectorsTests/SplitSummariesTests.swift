import SKANJSON
import Testing

@testable import SKANVectors

/// A large file's summarizing parse, split between two threads at a guessed element near its
/// middle, gives what one parse on one thread gives: the same value and summaries, or the same
/// error at the same line and column, wherever the problem is and whatever the strings
/// around the middle spell.
@Suite("A large file's parse on two threads")
struct SplitSummariesTests {
  static let keys = ["id", "description", "input", "expected"]

  /// A vector-like file over ``SplitSummaries/worthwhileBytes`` whose case `fault` (if any)
  /// holds `broken` as its input; its descriptions spell `},{`, and when `trapped` its inputs
  /// hold long lists of objects that begin with `"id"`, as its cases do.
  static func document(fault: Int? = nil, broken: String = "", trapped: Bool = false) -> [UInt8] {
    let count = 8_000
    var text = #"{"cases": ["#
    for index in 0..<count {
      if index > 0 { text += index % 7 == 0 ? " ,\n  " : "," }
      let description = #"ends},{\"id\": \"x\"}, or }, {"#
      // Objects that begin with the cases' own first key, nested in most of each case.
      let list = trapped ? (0..<40).map { #"{"id": \#($0)}"# }.joined(separator: ",") : #"{"a": 1},{"b": 2}"#
      let input = index == fault ? broken : #"{"at": \#(index), "profile": "production", "list": [\#(list)]}"#
      text +=
        #"{"id": "window/c-\#(index)", "description": "\#(description)", "input": \#(input), "expected": {"output": {"window": \#(index % 3)}}}"#
    }
    text += #"], "suite": "window", "tail": [{"a": 1},{"b": 2}]}"#
    return Array(text.utf8)
  }

  static func compare(_ bytes: [UInt8], _ label: String) -> Bool? {
    let split = Result { () throws(JSONError) in
      try SplitSummaries.parse(bytes: bytes, summarizing: Self.keys, within: "cases")
    }
    let alone = Result { () throws(JSONError) in
      try JSONParser.parse(bytes: bytes, summarizing: Self.keys, within: "cases")
    }
    switch (split, alone) {
    case (.failure(let splitError), .failure(let aloneError)):
      #expect(splitError == aloneError, "\(label)")
      return nil
    case (.success(let (splitValue, splitSummaries, wasSplit)), .success(let (aloneValue, aloneSummaries))):
      #expect(splitValue == aloneValue, "\(label)")
      #expect(Self.spans(splitSummaries) == Self.spans(aloneSummaries), "\(label)")
      return wasSplit
    default:
      Issue.record("one parse failed and the other did not: \(label)")
      return nil
    }
  }

  @Test("a clean file is read on two threads, as one thread reads it")
  func clean() {
    let bytes = Self.document()
    #expect(bytes.count >= SplitSummaries.worthwhileBytes)
    #expect(Self.compare(bytes, "clean") == true, "the second half was taken from the other thread")
  }

  @Test("a guess inside a nested object is not taken, and the result is the same")
  func trapped() {
    #expect(Self.compare(Self.document(trapped: true), "trapped") == false)
  }

  @Test(
    "a problem anywhere is the one a single parse names",
    arguments: [1_000, 3_999, 4_001, 6_500, 7_999]
  )
  func problems(at fault: Int) {
    for broken in [#"{"a": 1, "a": 2}"#, #"[1, 2,]"#, #""\ud800""#, #"{"a": tru}"#] {
      let bytes = Self.document(fault: fault, broken: broken)
      #expect(Self.compare(bytes, "\(broken) at \(fault)") == nil, "refused: \(broken) at \(fault)")
    }
  }

  /// Each element's span and its members' spans, in order.
  static func spans(_ summaries: ObjectSummaries) -> [[Range<Int>?]] {
    summaries.indices.map { position in
      [summaries.span(of: position)] + keys.indices.map { summaries.member($0, of: position) }
    }
  }
}
