import SKANJSON
import SKANRunner
import SKANVerdicts
import Testing

/// Pins the exact errors of an expectations file's reader, so that reading it through
/// another reader (`JSONFields`) cannot reword or loosen them unseen.
@Suite("Expectations file errors, word for word")
struct ExpectationsMessageTests {
  /// One malformed file and the exact error.
  struct Malformed: CustomTestStringConvertible, Sendable {
    let json: JSONValue
    let message: String
    var testDescription: String { message }
  }

  static let status = "field status must be one of pass, fail, error, skipped, timeout, crash, protocol-error"
  static let needs = #"e.json: needs an "expectations" object keyed by vector ID or glob"#

  static let cases: [Malformed] = [
    Malformed(json: [1], message: needs),
    Malformed(json: [:], message: needs),
    Malformed(json: ["expectations": ["window/a"]], message: needs),
    Malformed(json: ["expectations": nil], message: needs),
    Malformed(
      json: ["schema_version": 2, "expectations": [:]], message: "e.json: schema_version 2 is not supported (1 is)"),
    Malformed(
      json: ["schema_version": "1", "expectations": [:]],
      message: #"e.json: schema_version "1" is not supported (1 is)"#),
    Malformed(
      json: ["expectations": ["window/a": ["status": "fail", "reason": "r"], "window/b": "fail"]],
      message: "e.json: entry window/b: \(status)"),
    Malformed(json: ["expectations": ["window/*": ["reason": "r"]]], message: "e.json: entry window/*: \(status)"),
    Malformed(
      json: ["expectations": ["window/a": ["status": "flaky", "reason": "r"]]],
      message: "e.json: entry window/a: \(status)"),
    Malformed(
      json: ["expectations": ["window/a": ["status": 1, "reason": "r"]]], message: "e.json: entry window/a: \(status)"),
    Malformed(
      json: ["expectations": ["window/a": ["status": "fail", "reason": ""]]],
      message: "e.json: entry window/a: field reason must be a non-empty string"),
    Malformed(
      json: ["expectations": ["window/a": ["status": "fail", "reason": 3]]],
      message: "e.json: entry window/a: field reason must be a non-empty string"),
    Malformed(
      json: ["expectations": ["window/a": ["status": "fail", "reason": "r"], "window/c": ["status": "pass"]]],
      message: "e.json: entry window/c: field reason must be a non-empty string"),
  ]

  @Test("a malformed file's error", arguments: cases)
  func malformed(_ malformed: Malformed) {
    do {
      _ = try Expectations(json: malformed.json, file: "e.json")
      Issue.record("read; expected: \(malformed.message)")
    } catch {
      #expect(error.description == malformed.message)
    }
  }

  @Test("a link that is not a string is left out, and schema_version may be absent")
  func lenient() throws {
    let expectations = try Expectations(
      json: [
        "expectations": [
          "window/a": ["status": "fail", "reason": "r", "link": 5],
          "window/b": ["status": "crash", "reason": "s", "link": "https://x"],
        ]
      ], file: "e.json")
    #expect(expectations.entries.map(\.link) == [nil, "https://x"])
    #expect(expectations.entries.map(\.status) == [.fail, .crash])
  }
}
