import SKANJSON
import SKANVerdicts
import Testing

@testable import SKANRunner

/// Which replies the runner judges where they were read (an HTTP event loop): only those that
/// cost next to nothing to compare and measure. Any other reply, however the implementation
/// built it, is judged on the cooperative pool, so that it cannot hold the responses and
/// deadlines of the other cases in flight.
@Suite("Replies judged in place")
struct JudgedInPlaceTests {
  static let expected: JSONValue = ["postbacks": [["tier": 2, "fine": 40]], "ok": true]

  @Test("a reply with no message is judged in place")
  func noMessage() {
    for reply: Verdict.Reply in [.timedOut(2), .crashed("reset"), .httpStatus(500), .notJSON("x"), .oversized(9)] {
      #expect(Runner.judgedInPlace(reply, expected: Self.expected), "\(reply)")
    }
  }

  @Test("a small message is judged in place, whatever its output")
  func small() {
    let reply: JSONValue = ["seq": 3, "output": ["postbacks": [], "ok": false]]
    #expect(Runner.judgedInPlace(.message(reply), expected: Self.expected))
  }

  @Test("an output that is the expected value itself costs nothing, however large")
  func sameStorage() {
    let members = Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("k\($0)", JSONValue.integer(0)) })
    let expected = JSONValue.object(members)
    #expect(Runner.judgedInPlace(.message(["seq": 1, "output": expected]), expected: expected))
    // Equal, but another collection: it would have to be walked.
    let copy = JSONValue.object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) }))
    #expect(!Runner.judgedInPlace(.message(["seq": 1, "output": copy]), expected: expected))
  }

  @Test(
    "a reply with many values, long text or deep nesting leaves the event loop",
    arguments: [
      ("many keys", JSONValue.object(Dictionary(uniqueKeysWithValues: (0..<2_000).map { ("k\($0)", .integer(0)) }))),
      ("many elements", .array(Array(repeating: .integer(1), count: 2_000))),
      ("a long string", .string(String(repeating: "a", count: 100_000))),
      (
        "long keys",
        .object(
          Dictionary(uniqueKeysWithValues: (0..<40).map { (String(repeating: "k", count: 2_000) + "\($0)", .null) }))
      ),
      ("deep nesting", (0..<1_500).reduce(JSONValue.null) { inner, _ in .array([inner]) }),
    ])
  func large(name: String, output: JSONValue) {
    #expect(!Runner.judgedInPlace(.message(["seq": 1, "output": output]), expected: Self.expected), "\(name)")
    // The same value outside `output`, or as the whole message.
    #expect(!Runner.judgedInPlace(.message(["seq": 1, "output": 0, "extra": output]), expected: Self.expected))
    #expect(!Runner.judgedInPlace(.message(output), expected: Self.expected), "\(name) as the message")
  }
}
