import SKANJSON
import Testing

/// `parse(bytes:deferring:)` and `parse(bytes:range:nestedAt:)` together read a document as a
/// plain parse does: whenever both succeed, the deferred member parsed from its span gives the
/// same document; whenever the plain parse fails, one of them fails.
@Suite("Deferred member parsing")
struct DeferredParseTests {
  /// The document with its deferred `output` parsed from the span, or nil when either parse fails.
  static func twoStep(_ text: String) -> JSONValue? {
    let bytes = Array(text.utf8)
    guard let (envelope, deferred) = try? JSONParser.parse(bytes: bytes, deferring: "output") else { return nil }
    guard let span = deferred else { return envelope }
    guard case .object(var members) = envelope,
      let output = try? JSONParser.parse(bytes: bytes, range: span, nestedAt: 1)
    else { return nil }
    members["output"] = output
    return .object(members)
  }

  static let lines: [String] = [
    #"{"seq":1,"output":{"a":[1,2,{"b":"}]"}],"c":"\"}"}}"#,
    #"{"output":"a \" ] } string","seq":2}"#,
    #"{"output": 12.5e3 ,"seq":3}"#,
    #"{"output":true,"seq":4}"#,
    #"{"output":null}"#,
    #"{"output":[],"id":"x"}"#,
    #"{"seq":5,"error":{"code":"invalid-input"}}"#,
    #"[{"output":1}]"#,
    #"{"nested":{"output":{"x":1}},"output":2}"#,
    // Broken ones: each must fail one way or the other.
    #"{"output":}"#,
    #"{"output":{"a":1,"a":2}}"#,
    #"{"output":{"a":1},"output":2}"#,
    #"{"output":{"a":1}}}"#,
    #"{"output":{"a":1"#,
    #"{"output":{"a":"unterminated}}"#,
    #"{"output":12 13}"#,
    #"{"output":tru}"#,
    #"{"output":[1,]}"#,
    #"{"output":"\x"}"#,
    #"{"output":{"a":1}, "seq": 01}"#,
  ]

  @Test("the two steps give what a plain parse gives, or fail when it fails", arguments: lines)
  func sameAsPlain(_ line: String) {
    let plain = try? JSONParser.parse(line)
    #expect(Self.twoStep(line) == plain, "line \(line)")
  }

  @Test("the deferred member is null in the envelope and its span is its text, white space around it excluded")
  func span() throws {
    let text = #"{"id":"a", "output" :  {"k": [1, "]"]}  ,"seq":1}"#
    let bytes = Array(text.utf8)
    let (envelope, deferred) = try JSONParser.parse(bytes: bytes, deferring: "output")
    let span = try #require(deferred)
    #expect(String(decoding: bytes[span], as: UTF8.self) == #"{"k": [1, "]"]}"#)
    #expect(envelope["output"] == .null)
    #expect(envelope["seq"] == 1)
  }

  @Test("the nesting cap counts from the enclosing document")
  func depth() {
    let cap = JSONParser.maximumDepth
    // An output nested cap - 1 deep fits in a document whose own object is one level more.
    let fits = "{\"output\":" + String(repeating: "[", count: cap - 1) + String(repeating: "]", count: cap - 1) + "}"
    let tooDeep = "{\"output\":" + String(repeating: "[", count: cap) + String(repeating: "]", count: cap) + "}"
    #expect((try? JSONParser.parse(fits)) != nil)
    #expect(Self.twoStep(fits) != nil)
    #expect((try? JSONParser.parse(tooDeep)) == nil)
    #expect(Self.twoStep(tooDeep) == nil)
  }

  @Test("member(only:) gives the value of a one-member object, and nothing for two members")
  func onlyMember() throws {
    func text(_ string: String) -> JSONText {
      let bytes = Array(string.utf8)
      return bytes.withUnsafeBufferPointer { JSONText($0, range: 0..<bytes.count) }
    }
    #expect(text(#"{"output": {"a": [1, "}"]}}"#).member(only: "output")?.bytes == Array(#"{"a":[1,"}"]}"#.utf8))
    #expect(text(#"{"output": 5}"#).member(only: "output")?.bytes == Array("5".utf8))
    #expect(text(#"{"output": {"a": 1}, "note": "x"}"#).member(only: "output") == nil)
    #expect(text(#"{"diagnostic": [], "output": 1}"#).member(only: "output") == nil)
  }
}
