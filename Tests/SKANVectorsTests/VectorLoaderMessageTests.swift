import Foundation
import SKANVectors
import SKANVocabulary
import Testing

/// Pins the exact errors of a vector file's decoder, so that reading it through another
/// reader (`JSONFields`) cannot reword them unseen. Each case edits one field of
/// a file that loads; the error names the file, the case where known, and the field.
@Suite("Vector file errors, word for word")
struct VectorLoaderMessageTests {
  static let minimal = """
    {"schema_version": 1, "suite": "window", "number_of_cases": 2, "cases": [
      {"id": "window/z", "description": "d", "requirements": ["WIN-1"], "basis": "apple", "tags": [],
       "input": {}, "expected": {"error": "invalid-input"}},
      {"id": "window/a", "description": "d", "requirements": ["WIN-1"], "basis": "apple", "tags": [],
       "input": {}, "expected": {"error": "invalid-input"}}]}
    """

  /// One edit of the second case (or of the file) and the exact error.
  struct Damage: CustomTestStringConvertible, Sendable {
    let original: String
    let replacement: String
    let message: String
    var testDescription: String { message }
  }

  static let second = #"{"id": "window/a", "description": "d""#
  static let expected = #""expected": {"error": "invalid-input"}}]"#

  static let damages: [Damage] = [
    Damage(original: #"{"schema_version": 1, "#, replacement: "{", message: "w.json: field schema_version: is missing"),
    Damage(
      original: #""schema_version": 1"#, replacement: #""schema_version": "1""#,
      message: #"w.json: schema_version "1" is not supported (this kit reads version 1)"#),
    Damage(
      original: #""suite": "window""#, replacement: #""suite": 1"#, message: "w.json: field suite: must be a string"),
    Damage(
      original: #""suite": "window""#, replacement: #""suite": "windows""#,
      // The registered suites in registry order, comma-separated (not "a, b or c").
      message: #"w.json: field suite: "windows" is not one of "#
        + SuiteID.allCases.map(\.rawValue).joined(separator: ", ")
    ),
    Damage(
      original: #""number_of_cases": 2"#, replacement: #""number_of_cases": 2.5"#,
      message: "w.json: field number_of_cases: must be an integer"),
    Damage(
      original: #""number_of_cases": 2, "cases": ["#, replacement: #""number_of_cases": 2, "cases": 1, "x": ["#,
      message: "w.json: field cases: must be an array"),
    Damage(
      original: second, replacement: #"7, {"description": "d""#, message: "w.json: field cases[1]: must be an object"),
    Damage(
      original: second, replacement: #"{"id": "", "description": "d""#,
      message: "w.json: field cases[1].id: must be a non-empty string"),
    Damage(
      original: second, replacement: #"{"id": 5, "description": "d""#,
      message: "w.json: field cases[1].id: must be a non-empty string"),
    Damage(
      original: second, replacement: #"{"id": "window/A", "description": "d""#,
      message: "w.json: case window/A: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "window/", "description": "d""#,
      message: "w.json: case window/: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "windowx/a", "description": "d""#,
      message: "w.json: case windowx/a: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "windo/a", "description": "d""#,
      message: "w.json: case windo/a: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "values/a", "description": "d""#,
      message: "w.json: case values/a: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "window-a", "description": "d""#,
      message: "w.json: case window-a: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "window/a_b", "description": "d""#,
      message: "w.json: case window/a_b: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "window//a", "description": "d""#,
      message: "w.json: case window//a: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "window", "description": "d""#,
      message: "w.json: case window: field id: must be window/<slug> with lower-case letters, digits and hyphens"),
    Damage(
      original: second, replacement: #"{"id": "window/a", "description": """#,
      message: "w.json: case window/a: field description: must be a non-empty string"),
    Damage(
      original: second, replacement: #"{"id": "window/a", "description": null"#,
      message: "w.json: case window/a: field description: must be a non-empty string"),
    Damage(
      original:
        #""requirements": ["WIN-1"], "basis": "apple", "tags": [],\#n   "input": {}, "expected": {"error": "invalid-input"}}]"#,
      replacement:
        #""requirements": [], "basis": "apple", "tags": [],\#n   "input": {}, "expected": {"error": "invalid-input"}}]"#,
      message: "w.json: case window/a: field requirements: must be a non-empty array of requirement IDs"),
    Damage(
      original:
        #""requirements": ["WIN-1"], "basis": "apple", "tags": [],\#n   "input": {}, "expected": {"error": "invalid-input"}}]"#,
      replacement:
        #""requirements": ["WIN-1", 2], "basis": "apple", "tags": [],\#n   "input": {}, "expected": {"error": "invalid-input"}}]"#,
      message: "w.json: case window/a: field requirements: must hold strings"),
    Damage(
      original: #""basis": "apple", "tags": [],\#n   "input": {}, "expected": {"error": "invalid-input"}}]"#,
      replacement: #""basis": "vendor", "tags": [],\#n   "input": {}, "expected": {"error": "invalid-input"}}]"#,
      message: "w.json: case window/a: field basis: must be apple, seed or kit-defined"),
    Damage(
      original: #""tags": [],\#n   "input": {}, "expected": {"error": "invalid-input"}}]"#,
      replacement: #""tags": ["edge", 1],\#n   "input": {}, "expected": {"error": "invalid-input"}}]"#,
      message: "w.json: case window/a: field tags: must hold strings"),
    Damage(
      original: #""input": {}, "expected": {"error": "invalid-input"}}]"#,
      replacement: #""expected": {"error": "invalid-input"}}]"#,
      message: "w.json: case window/a: field input: is missing"),
    Damage(
      original: expected, replacement: #""expected": []}]"#,
      message: "w.json: case window/a: field expected: must be an object"),
    Damage(
      original: expected, replacement: #""expected": {}}]"#,
      message: "w.json: case window/a: field expected: must have exactly one of output and error"),
    Damage(
      original: expected, replacement: #""expected": {"error": ""}}]"#,
      message: "w.json: case window/a: field expected.error: must be an error code string"),
    Damage(
      original: expected, replacement: #""expected": {"output": {"a": 1}, "diagnostic": ["b"]}}]"#,
      message:
        #"w.json: case window/a: field expected.diagnostic: must name members of expected.output, or array[].member paths into it ("b" is not one)"#
    ),
    Damage(
      original: expected, replacement: #""expected": {"output": {"a": 1}, "diagnostic": "a"}}]"#,
      message:
        "w.json: case window/a: field expected.diagnostic: must be an array of member names or array[].member paths"),
  ]

  @Test("a damaged file's error", arguments: damages)
  func damaged(_ damage: Damage) {
    #expect(Self.minimal.contains(damage.original), "the edit applies")
    let text = Self.minimal.replacingOccurrences(of: damage.original, with: damage.replacement)
    do {
      _ = try VectorLoader.decodeFile(text, name: "w.json")
      Issue.record("loaded; expected: \(damage.message)")
    } catch {
      #expect(error.description == damage.message)
    }
  }

  @Test("the undamaged file loads")
  func loads() throws {
    #expect(try VectorLoader.decodeFile(Self.minimal, name: "w.json").cases.map(\.id) == ["window/z", "window/a"])
  }
}
