import SKANJSON
import Testing

@Suite("JSON comparison")
struct JSONDiffTests {
  @Test("an absent key is not null")
  func absentIsNotNull() {
    let differences = JSONDiff.differences(expected: ["a": nil], actual: [:])
    #expect(differences == [JSONDiff.Difference(path: "$.a", expected: .null, actual: nil)])
  }

  @Test("strings compare code point by code point, not by canonical equivalence")
  func stringsByCodePoint() {
    // "é" precomposed and decomposed; the Kelvin sign and "K": equal for Swift's `==`.
    let pairs: [(String, String)] = [("caf\u{E9}", "cafe\u{301}"), ("K", "\u{212A}"), ("a;b", "a\u{37E}b")]
    for (expected, actual) in pairs {
      #expect(expected == actual, "the premise: Swift's == is canonical equivalence")
      let differences = JSONDiff.differences(expected: ["s": .string(expected)], actual: ["s": .string(actual)])
      #expect(differences == [JSONDiff.Difference(path: "$.s", expected: .string(expected), actual: .string(actual))])
      #expect(JSONDiff.differences(expected: ["s": .string(expected)], actual: ["s": .string(expected)]).isEmpty)
    }
  }

  @Test("a key canonically equivalent to the expected one is another key: one missing, one extra")
  func keysByCodePoint() {
    let differences = JSONDiff.differences(
      expected: ["caf\u{E9}": 1, "z": 2], actual: ["cafe\u{301}": 1, "z": 2])
    #expect(differences.map(\.path).sorted() == ["$[\"cafe\u{301}\"]", "$[\"caf\u{E9}\"]"].sorted())
    #expect(differences.contains { $0.expected == 1 && $0.actual == nil })
    #expect(differences.contains { $0.expected == nil && $0.actual == 1 })
  }

  @Test("integers equal integral doubles")
  func integerDouble() {
    #expect(JSONDiff.matches(.integer(5), .double(5)))
    #expect(!JSONDiff.matches(.integer(5), .integer(6)))
    #expect(!JSONDiff.matches(.integer(9_007_199_254_740_993), .integer(9_007_199_254_740_992)))
  }

  @Test("expected doubles match within 1e-9, not within float precision")
  func tolerance() {
    #expect(JSONDiff.matches(.double(0.9999999999999999), .double(1.0)))
    #expect(JSONDiff.matches(.double(1.0), .double(0.9999999999999999)))
    #expect(JSONDiff.matches(.double(1.0), .integer(1)))
    // Ten additions of 0.1 in 32-bit floats give 1.0000001192092896.
    #expect(!JSONDiff.matches(.double(0.9999999999999999), .double(1.0000001192092896)))
  }

  @Test("expected integers match exactly, with no tolerance")
  func integersExact() {
    #expect(!JSONDiff.matches(.integer(1_700_172_800_123), .double(1_700_172_800_123.5)))
    #expect(!JSONDiff.matches(.integer(12), .double(12.000000001)))
    #expect(JSONDiff.matches(.integer(12), .double(12.0)))
  }

  @Test("booleans are not numbers")
  func booleans() {
    #expect(!JSONDiff.matches(.bool(true), .integer(1)))
  }

  @Test("paths name array elements and odd keys")
  func paths() {
    let differences = JSONDiff.differences(
      expected: ["steps": [["x": 1], ["x": 2]], "a-b": 1], actual: ["steps": [["x": 1], ["x": 3]], "a-b": 2])
    #expect(differences.map(\.path) == ["$[\"a-b\"]", "$.steps[1].x"])
  }

  @Test("arrays of different length report the length and each element one side lacks")
  func lengths() {
    let differences = JSONDiff.differences(expected: [1, 2, ["x": 3]], actual: [1])
    #expect(differences.map(\.path) == ["$.length", "$[1]", "$[2]"])
    #expect(differences[1].expected == 2 && isAbsent(differences[1].actual))
    #expect(differences[2].expected == ["x": 3])
    let extra = JSONDiff.differences(expected: [1], actual: [1, "more"])
    #expect(extra.map(\.path) == ["$.length", "$[1]"])
    #expect(isAbsent(extra[1].expected) && extra[1].actual == "more")
  }

  @Test("one storage is one value; a copy changed in one member is walked and the member found")
  func sharedStorage() {
    let members: [String: JSONValue] = ["window": 1, "steps": [["at": 5], ["at": 6]], "name": "e\u{301}"]
    let value = JSONValue.object(members)
    #expect(JSONDiff.differences(expected: value, actual: value).isEmpty)
    var changed = members
    changed["name"] = "\u{e9}"  // canonically equivalent to the original, other code points
    #expect(JSONDiff.differences(expected: value, actual: .object(changed)).map(\.path) == ["$.name"])
    var nested = members
    nested["steps"] = [["at": 5], ["at": 7]]
    #expect(JSONDiff.differences(expected: value, actual: .object(nested)).map(\.path) == ["$.steps[1].at"])
    let elements: [JSONValue] = [1, 2, 3]
    var other = elements
    other[2] = 4
    #expect(JSONDiff.sharesStorage(elements, elements) && !JSONDiff.sharesStorage(elements, other))
    #expect(!JSONDiff.sharesStorage(members, changed))
  }

  /// Whether a side of a difference is absent (`nil`, not JSON `null`: `JSONValue` is
  /// expressible by `nil`, so `== nil` would compare with `null`).
  func isAbsent(_ value: JSONValue?) -> Bool {
    if case .none = value { return true }
    return false
  }
}
