public import SKANJSON

/// The one error type of SKANConformance: a case whose answer does not conform, or an answer
/// (or the kit's vectors) that could not be read.
///
/// Its ``description`` reads as one short issue per case, for a test runner that prints a
/// thrown error (Swift Testing, XCTest): the vector ID and a one-line reason, the requirement
/// IDs, what the case checks, the input on one line, and the first
/// ``differenceLimit`` differing members, each `path: expected X, got Y`. Every value is
/// canonical JSON cut at ``fieldLimit`` characters, and every character that could act on a
/// terminal is written visibly (`\u{1B}`), so that no text of an answer reaches a terminal
/// raw. The properties hold the values whole, and `Conformance.case(error.id)` reruns the
/// case.
public struct ConformanceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The characters of one value shown at most (the input, one side of a difference, the
  /// reason); a longer one is cut, saying how long it was.
  public static let fieldLimit = 300
  /// The differing members shown at most; the report says how many more there are.
  public static let differenceLimit = 5

  /// The vector ID, `<suite>/<slug>`.
  public var id: String
  /// The IDs of the requirements the case tests (`Spec/<suite>.md`, "Requirements").
  public var requirements: [String]
  /// The verdict, as the kit's reports name it: `fail` (a differing output, or an output where
  /// an error was expected), `error` (an error where an output was expected, or the wrong
  /// code) or `protocol-error` (an answer that could not be read).
  public var verdict: String
  /// One line for people: where the answer differs, or why it could not be read.
  public var message: String
  /// What the case checks and which mistake it catches (the vector's description).
  public var checks: String
  /// The input the case gives.
  public var input: JSONValue
  /// The expected answer as the vector file writes it: `{"output": …}` or `{"error": "<code>"}`.
  public var expected: JSONValue
  /// The actual answer (``ConformanceAnswer/json``), or `nil` when there was none that could
  /// be read.
  public var actual: JSONValue?
  /// Where the answer differs: one entry per differing member, with its JSON path.
  public var differences: [JSONDiff.Difference]

  /// Creates an error.
  public init(
    id: String, requirements: [String] = [], verdict: String, message: String, checks: String, input: JSONValue,
    expected: JSONValue, actual: JSONValue?, differences: [JSONDiff.Difference]
  ) {
    self.id = id
    self.requirements = requirements
    self.verdict = verdict
    self.message = message
    self.checks = checks
    self.input = input
    self.expected = expected
    self.actual = actual
    self.differences = differences
  }

  /// The issue, at most 11 lines: `<id>: <verdict>: <message>`, then `requirements`,
  /// `checks` and `input` on a line each, then the first ``differenceLimit`` differing members
  /// under `differences` and a line counting the rest. The actual answer is shown on a line
  /// too unless both answers are outputs (an error code, an output where an error was
  /// expected), and the expected one when no member differs (an error where an output was
  /// expected, an answer that could not be read).
  public var description: String {
    var lines = [
      "\(Self.shown(id)): \(Self.shown(verdict)): \(Self.shown(message))",
      "  requirements: \(requirements.isEmpty ? "(none)" : Self.shown(requirements.joined(separator: ", ")))",
      "  checks: \(VisibleText.visible(checks))",
      "  input: \(Self.shown(input))",
    ]
    if differences.isEmpty { lines.append("  expected: \(Self.shown(expected))") }
    // Differing members say all there is of an output compared with an output; of any other
    // answer (an error, an output where an error was expected) the answer says more.
    if differences.isEmpty || expected["output"] == nil || actual?["output"] == nil {
      lines.append("  actual: \(actual.map(Self.shown) ?? "(no answer that could be read)")")
    }
    if !differences.isEmpty {
      lines.append("  differences:")
      for difference in differences.prefix(Self.differenceLimit) {
        let expected = difference.expected.map(Self.shown) ?? "(absent)"
        let actual = difference.actual.map(Self.shown) ?? "(absent)"
        lines.append("    \(Self.shown(difference.path)): expected \(expected), got \(actual)")
      }
      if differences.count > Self.differenceLimit {
        lines.append("    … \(differences.count - Self.differenceLimit) more differences")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `value` as canonical JSON on one line, visible and cut as text is.
  static func shown(_ value: JSONValue) -> String {
    shown(CanonicalJSON.compact(value))
  }

  /// `text` on one line, every hazardous character written visibly (``VisibleText``), cut at
  /// ``fieldLimit`` characters with a note of how long it was.
  static func shown(_ text: String) -> String {
    let visible = VisibleText.visible(text)
    guard visible.count > fieldLimit else { return visible }
    return String(visible.prefix(fieldLimit)) + "… (cut at \(fieldLimit) of \(visible.count) characters)"
  }
}
