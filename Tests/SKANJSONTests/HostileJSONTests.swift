import Foundation
import SKANJSON
import Testing

/// JSON built to be slow: a reply is the implementation's, and an 8 MiB
/// line holds about 400,000 object keys or 4 million combining marks. Every time bound here
/// is tens of times what the work takes on two loaded cores; the quadratic code these tests
/// replaced took minutes to hours on the same inputs.
@Suite("Hostile JSON")
struct HostileJSONTests {
  /// `count` distinct keys in no particular order, some non-ASCII, so that byte order and
  /// Swift's string order differ.
  static func keys(_ count: Int) -> [String] {
    var random = UInt64(0x2545_F491_4F6C_DD1D)
    return (0..<count).map { index in
      random ^= random << 13
      random ^= random >> 7
      random ^= random << 17
      let prefix = ["k", "é", "Z", "\u{1F600}", "a\u{0301}", ""][Int(random % 6)]
      return "\(prefix)\(random % 1000)-\(index)"
    }
  }

  @Test("CodePointOrder sorts by UTF-8 bytes, as the canonical writer requires")
  func order() {
    let keys = Self.keys(5000)
    let sorted = CodePointOrder.sorted(keys)
    #expect(sorted == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    #expect(CodePointOrder.sorted([]) == [])
    #expect(CodePointOrder.sorted(["b", "a"]) == ["a", "b"])
  }

  @Test("200,000 keys are sorted and written in seconds, not hours", .timeLimit(.minutes(4)))
  func largeObjectIsWrittenQuickly() throws {
    let keys = Self.keys(200_000)
    var members: [String: JSONValue] = [:]
    for (index, key) in keys.enumerated() { members[key] = .integer(index) }
    let started = ContinuousClock.now
    let text = CanonicalJSON.compact(.object(members))
    #expect(ContinuousClock.now - started < .seconds(30), "took \(ContinuousClock.now - started)")
    let reread = try JSONParser.parse(text)
    #expect(reread == .object(members))
    let order = CodePointOrder.sorted(keys)
    let first = "{" + CanonicalJSON.compact(.string(order[0])) + ":"
    #expect(text.hasPrefix(first))
  }

  @Test("a reply of 200,000 extra keys is compared in seconds, and the first differences are in key order")
  func largeObjectIsComparedQuickly() {
    let keys = Self.keys(200_000)
    var members: [String: JSONValue] = ["window": 1]
    for key in keys { members[key] = .null }
    let started = ContinuousClock.now
    let differences = JSONDiff.differences(expected: ["window": 1, "zz": 2], actual: .object(members))
    #expect(ContinuousClock.now - started < .seconds(30), "took \(ContinuousClock.now - started)")
    // What a full sort of both sides' keys would give: the first 20 differing keys.
    let all = CodePointOrder.sorted(keys + ["zz"])
    #expect(differences.count == 20)
    #expect(differences.map(\.path) == all.prefix(20).map(Self.path))
  }

  /// The path JSONDiff gives a member of the top object.
  static func path(_ key: String) -> String {
    let plain = key.unicodeScalars.allSatisfy { scalar in
      (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(scalar) || scalar == "_"
    }
    return plain && !key.isEmpty ? "$." + key : "$[" + CanonicalJSON.compact(.string(key)) + "]"
  }

  @Test("a comparison past its deadline, or in a cancelled task, gives up instead of finishing")
  func comparisonGivesUp() async {
    let elements = JSONValue.array((0..<100_000).map { .integer($0) })
    let other = JSONValue.array((0..<100_000).map { .integer($0 + 1) })
    // Equal, but built apart: two buffers, so the walk cannot take the same-storage shortcut.
    let equal = JSONValue.array((0..<100_000).map { .integer($0) })
    #expect(JSONDiff.differences(expected: elements, actual: equal, until: .now - .seconds(1)) == nil)
    #expect(JSONDiff.differences(expected: elements, actual: other, until: .now + .seconds(600))?.count == 20)
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return JSONDiff.differences(expected: elements, actual: equal, until: nil)
    }
    #expect(await cancelled.value == nil)
  }

  @Test("a run of more than 30 combining marks is refused where it is read, with its position")
  func combiningRuns() throws {
    func text(_ marks: [String], key: Bool = false) -> String {
      let string = "\"a" + marks.joined() + "\""
      return key ? "{\"x\": 1,\n " + string + ": 2}" : "[" + string + "]"
    }
    let accent = "\u{0301}"
    let alternating = (0..<31).map { $0 % 2 == 0 ? "\u{0301}" : "\u{0316}" }
    _ = try JSONParser.parse(text(Array(repeating: accent, count: 30)))
    _ = try JSONParser.parse(text(Array(repeating: accent, count: 15) + ["b"] + Array(repeating: accent, count: 30)))
    #expect(throws: JSONError.self) { try JSONParser.parse(text(Array(repeating: accent, count: 31))) }
    #expect(throws: JSONError.self) { try JSONParser.parse(text(alternating)) }
    // Written as escapes, and across an escape.
    #expect(throws: JSONError.self) { try JSONParser.parse(text(Array(repeating: "\\u0301", count: 31))) }
    #expect(throws: JSONError.self) {
      try JSONParser.parse(text(Array(repeating: accent, count: 16) + Array(repeating: "\\u0316", count: 15)))
    }
    // U+0F73 is a starter that decomposes into two combining marks.
    _ = try JSONParser.parse(text(Array(repeating: "\u{0F73}", count: 15)))
    #expect(throws: JSONError.self) { try JSONParser.parse(text(Array(repeating: "\u{0F73}", count: 16))) }
    do {
      _ = try JSONParser.parse(text(Array(repeating: accent, count: 40), key: true))
      Issue.record("a key with 40 combining marks was accepted")
    } catch {
      #expect(error.line == 2)
      #expect(error.reason.contains("more than 30 combining marks"), "\(error)")
    }
  }

  @Test("a key of 80,000 alternating combining marks is refused at once, not hashed for half a minute")
  func longCombiningKey() {
    let marks = (0..<80_000).map { $0 % 2 == 0 ? "\u{0301}" : "\u{0316}" }.joined()
    let started = ContinuousClock.now
    #expect(throws: JSONError.self) { try JSONParser.parse("{\"a\(marks)\": 1}") }
    #expect(ContinuousClock.now - started < .seconds(10), "took \(ContinuousClock.now - started)")
  }
}
