import Foundation
import SKANJSON
import Testing

/// A parse that takes over the summaries of the array's last elements from another reader
/// (`parse(bytes:summarizing:within:tail:)` with `summarizeElements(bytes:from:summarizing:stop:)`)
/// gives exactly what one parse on its own gives, the same value and summaries or the same
/// error, wherever the other reader was told to start: at an element, inside a string that
/// spells `},{`, inside a nested array of objects, or where it finds a problem.
@Suite("Summarizing an array's last elements apart")
struct SummarizedElementsTests {
  static let keys = ["id", "input", "expected", "absent"]

  /// A vector file of six cases whose fourth case's `input` is `input`, with traps for the
  /// guess of an element's start: `},{` inside strings, and nested arrays of objects that
  /// begin with the elements' first key (`id`).
  static func document(input: String) -> String {
    """
    {"cases": [
      {"id": "a", "input": {"t": 1}, "expected": {"output": {"w": [1, 2]}}},
      {"id": "b},{\\"id\\": \\"x\\"}", "input": [{"id": 1},{"id": 2}], "expected": {"error": "e"}},
      {"id": "c", "input": {"s": "} , {"}, "expected": {"output": 1}},
      {"id": "d", "input": \(input), "expected": {"output": 2}},
      {"id": "e", "input": [], "expected": {"error": "f"}}  ,
        {"id": "f", "input": 1, "expected": {"output": {"x": "}, {"}}}
    ], "input": {"outside": [{"id": "x"},{"id": "y"}]}}
    """
  }

  static let inputs: [String] = [
    #"{"a": 1, "b": [true, false, null]}"#,
    #""a \" ] },{ string""#,
    #"[{"x": 1},{"y": 2}]"#,
    // Broken: each must fail where and as a plain parse fails.
    #"{"a": 1, "a": 2}"#,
    #"{"a": 1,}"#,
    #"[1, 2,]"#,
    #""unterminated"#,
    #""\ud800 lone""#,
    String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
  ]

  /// Every place the guess can name: each position after which it finds something.
  static func guesses(_ bytes: [UInt8]) -> [Int] {
    var found: [Int] = []
    for position in 0..<bytes.count {
      if let start = JSONParser.elementStart(in: bytes, after: position, within: "cases"), found.last != start {
        found.append(start)
      }
    }
    return found
  }

  @Test("taken over from any guess, or refused, the result is a plain parse's", arguments: inputs)
  func sameResult(input: String) throws {
    let bytes = Array(Self.document(input: input).utf8)
    let alone = Result { () throws(JSONError) in
      try JSONParser.parse(bytes: bytes, summarizing: Self.keys, within: "cases")
    }
    let guesses = Self.guesses(bytes)
    #expect(guesses.count >= 7, "the traps and the elements give guesses: \(guesses)")
    for start in guesses {
      let tail = JSONParser.summarizeElements(bytes: bytes, from: start, summarizing: Self.keys) { false }
      for given in [tail, nil] {
        let split = Result { () throws(JSONError) in
          try JSONParser.parse(bytes: bytes, summarizing: Self.keys, within: "cases", tail: (start, { given }))
        }
        switch (split, alone) {
        case (.failure(let splitError), .failure(let aloneError)):
          #expect(splitError == aloneError, "from \(start): \(input)")
        case (.success(let (splitValue, splitSummaries)), .success(let (aloneValue, aloneSummaries))):
          #expect(splitValue == aloneValue, "from \(start): \(input)")
          #expect(Self.spans(splitSummaries) == Self.spans(aloneSummaries), "from \(start): \(input)")
        default:
          Issue.record("from \(start), one parse failed and the other did not: \(input)")
        }
      }
    }
  }

  @Test("the summaries are taken once, and only at an element that starts where they do")
  func takenAtAnElement() throws {
    let bytes = Array(Self.document(input: "1").utf8)
    let text = String(decoding: bytes, as: UTF8.self)
    // The `{` before `"id": <id>` of each case.
    let elements = ["\"a\"", "\"b},{", "\"c\"", "\"d\"", "\"e\"", "\"f\""].map { id -> Int in
      guard let range = text.range(of: "{\"id\": " + id) else { return -1 }
      return text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
    }
    #expect(!elements.contains(-1))
    for start in Self.guesses(bytes) {
      var taken = 0
      let tail = JSONParser.summarizeElements(bytes: bytes, from: start, summarizing: Self.keys) { false }
      let (_, summaries) = try JSONParser.parse(
        bytes: bytes, summarizing: Self.keys, within: "cases",
        tail: (
          start,
          {
            taken += 1
            return tail
          }
        ))
      let isElement = elements.dropFirst().contains(start)
      #expect(taken == (isElement ? 1 : 0), "from \(start)")
      #expect(summaries.count == 6)
      if isElement { #expect(tail?.summaries.count == 6 - (elements.firstIndex(of: start) ?? 0)) }
    }
  }

  @Test("a reader told to stop gives nothing")
  func stops() {
    let bytes = Array(Self.document(input: "1").utf8)
    let start = JSONParser.elementStart(in: bytes, after: 0, within: "cases") ?? -1
    var asked = 0
    let tail = JSONParser.summarizeElements(bytes: bytes, from: start, summarizing: Self.keys) {
      asked += 1
      return asked > 2
    }
    #expect(tail == nil)
    #expect(asked == 3, "asked before each element")
    #expect(JSONParser.summarizeElements(bytes: bytes, from: bytes.count, summarizing: Self.keys) { false } == nil)
  }

  @Test("the guess is a brace after `}` and `,` that opens with the first element's first key")
  func guess() {
    func start(_ text: String) -> Int? { JSONParser.elementStart(in: Array(text.utf8), after: 0, within: "cases") }
    let spaced = "{\"cases\": [ {\"a\":1} ,\n {\"a\":2}]}"
    #expect(start(spaced) == Array(spaced.utf8).lastIndex(of: 0x7B))
    #expect(start(#"{"cases": [{"a":1},{"b":2}]}"#) == nil, "another first key")
    #expect(start(#"{"other": [{"a":1},{"a":2}]}"#) == nil, "another array")
    #expect(start(#"{"cases": [1, {"a":1},{"a":2}]}"#) == nil, "no object first")
  }

  /// Each element's span and its members' spans, in order.
  static func spans(_ summaries: ObjectSummaries) -> [[Range<Int>?]] {
    summaries.indices.map { position in
      [summaries.span(of: position)] + keys.indices.map { summaries.member($0, of: position) }
    }
  }
}
