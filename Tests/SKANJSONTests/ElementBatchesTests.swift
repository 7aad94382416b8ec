import SKANJSON
import Testing

/// The summarized array read from its first element in batches
/// (`summarizeElements(bytes:from:summarizing:batch:deliver:)` from `firstElement(in:within:)`)
/// gives, batch after batch, the summaries one parse of the whole document gives; a problem in
/// an element stops it after the batches before that element, and the parse of the whole
/// document taking those summaries over gives the same result as a parse on its own.
@Suite("Summarizing an array's elements in batches")
struct ElementBatchesTests {
  /// Reuses the six-case document of the tail tests, its fourth case's input being `input`.
  static func bytes(_ input: String) -> [UInt8] { Array(SummarizedElementsTests.document(input: input).utf8) }

  /// The batches read from the first element, concatenated, their sizes, and the end.
  static func batches(_ bytes: [UInt8], size: Int) -> (all: ObjectSummaries?, sizes: [Int], end: Int?) {
    guard let first = JSONParser.firstElement(in: bytes, within: "cases") else { return (nil, [], nil) }
    var all: ObjectSummaries?
    var sizes: [Int] = []
    let end = JSONParser.summarizeElements(
      bytes: bytes, from: first, summarizing: SummarizedElementsTests.keys, batch: size
    ) { batch in
      sizes.append(batch.count)
      if all == nil { all = batch } else { all?.append(contentsOf: batch) }
      return true
    }
    return (all, sizes, end)
  }

  @Test("every batch size gives the whole parse's summaries, in batches of that size", arguments: [1, 2, 4, 6, 100])
  func sameSummaries(size: Int) throws {
    let bytes = Self.bytes(#"{"a": 1}"#)
    let (_, whole) = try JSONParser.parse(bytes: bytes, summarizing: SummarizedElementsTests.keys, within: "cases")
    let (all, sizes, end) = Self.batches(bytes, size: size)
    let read = try #require(all)
    #expect(SummarizedElementsTests.spans(read) == SummarizedElementsTests.spans(whole))
    #expect(sizes == Array(repeating: size, count: 6 / size) + (6 % size == 0 ? [] : [6 % size]))
    // The whole parse takes them over from the first element and gives the same result.
    let first = try #require(JSONParser.firstElement(in: bytes, within: "cases"))
    let tail = SummarizedElements(summaries: read, end: try #require(end))
    var taken = false
    let (value, summaries) = try JSONParser.parse(
      bytes: bytes, summarizing: SummarizedElementsTests.keys, within: "cases",
      tail: (
        first,
        { () -> SummarizedElements? in
          taken = true
          return tail
        }
      ))
    #expect(taken)
    #expect(
      value == (try JSONParser.parse(bytes: bytes, summarizing: SummarizedElementsTests.keys, within: "cases")).value)
    #expect(SummarizedElementsTests.spans(summaries) == SummarizedElementsTests.spans(whole))
  }

  @Test("a problem in the fourth element stops the read after the batches before it", arguments: [1, 2, 3])
  func problemStops(size: Int) {
    let (all, sizes, end) = Self.batches(Self.bytes(#"{"a": 1, "a": 2}"#), size: size)
    #expect(end == nil)
    #expect((all?.count ?? 0) == 3 / size * size, "batch size \(size): \(sizes)")
  }

  @Test("reading stops when told")
  func stopped() throws {
    let bytes = Self.bytes(#"{"a": 1}"#)
    let first = try #require(JSONParser.firstElement(in: bytes, within: "cases"))
    var batches = 0
    let end = JSONParser.summarizeElements(
      bytes: bytes, from: first, summarizing: SummarizedElementsTests.keys, batch: 2
    ) { _ in
      batches += 1
      return false
    }
    #expect(end == nil)
    #expect(batches == 1)
  }

  @Test("the first element is where a parse meets it; nil when the text before it is not read as a parse reads it")
  func firstElement() throws {
    let bytes = Self.bytes(#"{"a": 1}"#)
    let first = try #require(JSONParser.firstElement(in: bytes, within: "cases"))
    #expect(bytes[first] == UInt8(ascii: "{"))
    #expect(String(decoding: bytes[first..<first + 9], as: UTF8.self) == #"{"id": "a"#)
    let members = Array(#"{"$schema": "x", "n": [1, {"cases": [{"no": 1}]}], "cases": [ {"id": 1}]}"#.utf8)
    let found = try #require(JSONParser.firstElement(in: members, within: "cases"))
    #expect(String(decoding: members[found...], as: UTF8.self) == #"{"id": 1}]}"#, "not the nested one")
    for text in [
      #"{"cases": []}"#, #"{"cases": [1, {"id": 1}]}"#, #"{"cases": {"id": 1}}"#, #"{"ca\u0073es": [{"id": 1}]}"#,
      #"{"a": tru, "cases": [{"id": 1}]}"#, #"["cases", [{"id": 1}]]"#, #"{"a": 1}"#, "",
      "\u{FEFF}" + #"{"cases": [{"id": 1}]}"#,
    ] {
      #expect(JSONParser.firstElement(in: Array(text.utf8), within: "cases") == nil, "\(text)")
    }
  }
}
