public import SKANJSON

/// The one error type of SKANConformance: a case whose answer does not conform, or an answer
/// (or the kit's vectors) that could not be read.
///
/// Its ``description`` is the whole report of the case, as the kit's console report shows a
/// case that did not pass: the vector ID and a one-line reason, what the case checks, its
/// input, the expected answer, the actual answer and each differing member, so that a test
/// runner that prints a thrown error (Swift Testing, XCTest) shows everything needed to
/// reproduce the case.
public struct ConformanceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The characters of one pretty-printed value shown at most; a longer value is cut, with a
  /// line that says so.
  public static let fieldLimit = 4000

  /// The vector ID, `<suite>/<slug>`.
  public var id: String
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
    id: String, verdict: String, message: String, checks: String, input: JSONValue, expected: JSONValue,
    actual: JSONValue?, differences: [JSONDiff.Difference]
  ) {
    self.id = id
    self.verdict = verdict
    self.message = message
    self.checks = checks
    self.input = input
    self.expected = expected
    self.actual = actual
    self.differences = differences
  }

  /// The report of the case: `<id>: <verdict>: <message>`, then the labelled sections
  /// `checks`, `input`, `expected`, `actual` and `differences`, each value pretty-printed
  /// (canonical JSON, two-space indent) and indented under its label.
  public var description: String {
    var lines = ["\(id): \(verdict): \(message)", "  checks: \(checks)", "  input:"]
    lines += Self.lines(input).map { "    " + $0 }
    lines.append("  expected:")
    lines += Self.lines(expected).map { "    " + $0 }
    lines.append("  actual:")
    lines += actual.map { Self.lines($0).map { "    " + $0 } } ?? ["    (no answer that could be read)"]
    if !differences.isEmpty {
      lines.append("  differences:")
      lines += differences.map { "    " + Self.cut($0.description, separator: " ") }
    }
    return lines.joined(separator: "\n")
  }

  /// `value` pretty-printed, cut at ``fieldLimit`` characters with a closing line saying so.
  static func lines(_ value: JSONValue) -> [String] {
    var text = CanonicalJSON.pretty(value)
    if text.hasSuffix("\n") { text.removeLast() }
    return cut(text, separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// `text`, or its first ``fieldLimit`` characters and, after `separator`, a sentence
  /// saying how long it was.
  static func cut(_ text: String, separator: String) -> String {
    guard text.count > fieldLimit else { return text }
    return String(text.prefix(fieldLimit)) + separator + "… (cut at \(fieldLimit) of \(text.count) characters)"
  }
}
