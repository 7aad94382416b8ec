import SKANJSON
import Testing

/// A text read from a document that spells it on one line points into the document's bytes
/// instead of copying them; it must read, compare, hash and give its member exactly as a
/// copied text does, wherever in the document it sits.
@Suite("JSON text kept in its document")
struct JSONTextSliceTests {
  static let values: [String] = [
    #"{"output":{"a":[1,"}"]}}"#,
    #"{"output": {"a": [1, "}"]}}"#,
    #"{"output":5}"#,
    #""a string with \" and  two spaces""#,
    #"{"output":1,"x":2}"#,
    #"[1,2,{"output":3}]"#,
  ]

  @Test("a text read in place reads as a copied one", arguments: values)
  func sameAsCopy(value: String) throws {
    for prefix in ["", "[0, ", #"{"cases": [{"id": "a", "input": "#] {
      let document = Array((prefix + value + "]").utf8)
      let range = prefix.utf8.count..<(prefix.utf8.count + value.utf8.count)
      let inPlace = JSONText(document, range: range)
      let copied = document.withUnsafeBufferPointer { JSONText($0, range: range) }
      #expect(inPlace == copied, "\(prefix)\(value)")
      #expect(inPlace.bytes == copied.bytes)
      #expect(inPlace.count == copied.count)
      #expect(Set([inPlace, copied]).count == 1, "equal texts hash alike")
      #expect(inPlace.member(only: "output")?.bytes == copied.member(only: "output")?.bytes, "\(prefix)\(value)")
      #expect(inPlace.member(only: "output") == copied.member(only: "output"))
      let compact = !value.contains(" ") || value.hasPrefix("\"")
      #expect(inPlace.isSpelling(of: document, range) == compact, "\(prefix)\(value)")
      #expect(try JSONParser.parse(bytes: inPlace.bytes) == JSONParser.parse(bytes: Array(value.utf8)))
      #expect(DeferredJSON(text: inPlace).value == DeferredJSON(text: copied).value)
    }
  }
}
