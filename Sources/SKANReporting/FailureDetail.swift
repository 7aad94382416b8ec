public import SKANJSON
import SKANRunner
public import SKANVerdicts

/// What the console, Markdown and JUnit reports show of a case that did not pass: the
/// vector's description, its whole input, the expected answer and the implementation's reply,
/// each pretty-printed (canonical JSON, two-space indent, keys in canonical order), and the
/// one-line rerun command.
///
/// Bounded, since a reply is the implementation's and may be megabytes: each value is cut at
/// ``fieldLimit`` characters of its pretty-printed text, with a line that says so and where
/// the whole value is (the JSON report); lines longer than ``width`` characters are wrapped,
/// each continuation line starting with `↪ `; and each report shows this detail for its first
/// ``caseLimit`` cases only, naming the rest by ID. Every line is written through
/// ``DisplayText``: no character of the implementation's acts on a terminal or a viewer.
public enum FailureDetail {
  /// The characters of one pretty-printed value shown at most.
  public static let fieldLimit = 4000
  /// The characters per line; a longer line is wrapped.
  public static let width = 100
  /// The cases shown in full in one report; the rest are named by ID.
  public static let caseLimit = 50

  /// The differences the console shows of one case; it says how many more there are.
  public static let consoleDifferenceLimit = 5

  /// The names of the members that state a case's outcome: a difference at or under one of
  /// them (`$.arrivals[2].status`, `$.error.code`, `$.winner.id`) is shown before the others
  /// (``outcomeFirst(_:)``).
  public static let outcomeMembers: Set<String> = [
    "status", "verdict", "outcome", "winner", "conversion", "error", "code", "kind",
  ]

  /// `differences` with those that decide the verdict first: the differences whose path names
  /// one of the ``outcomeMembers``, then the others, each group in the comparison's order
  /// (members in canonical order, outermost first). The comparison stops at 20 differences,
  /// so this orders the ones it found.
  public static func outcomeFirst(_ differences: [JSONDiff.Difference]) -> [JSONDiff.Difference] {
    let deciding = differences.filter { namesOutcome($0.path) }
    guard !deciding.isEmpty, deciding.count < differences.count else { return differences }
    return deciding + differences.filter { !namesOutcome($0.path) }
  }

  /// Whether `path` (`$.arrivals[2].status`) names one of the ``outcomeMembers``: a member
  /// written `.name`; a key written `["…"]` is never one of them.
  static func namesOutcome(_ path: String) -> Bool {
    var rest = Substring(path)
    while let dot = rest.firstIndex(of: ".") {
      rest = rest[rest.index(after: dot)...]
      let name = rest.prefix { $0 != "." && $0 != "[" }
      if outcomeMembers.contains(String(name)) { return true }
      rest = rest.dropFirst(name.count)
    }
    return false
  }

  /// The sentence that follows the differences the console shows of a case when `hidden` more
  /// were found, and where they are.
  public static func moreDifferencesSentence(_ hidden: Int) -> String {
    "… \(hidden) more difference(s) not shown; the JSON report (--report-json) lists every difference found (at most 20 a case)"
  }

  /// The lines that show `value`: pretty-printed, cut at ``fieldLimit`` characters with a
  /// closing line saying so, every line visible (``DisplayText``) and wrapped at ``width``.
  public static func lines(_ value: JSONValue) -> [String] {
    var text = CanonicalJSON.pretty(value)
    if text.hasSuffix("\n") { text.removeLast() }
    let total = text.count
    var cut: String?
    if total > fieldLimit {
      text = String(text.prefix(fieldLimit))
      cut = cutSentence(total)
    }
    var out: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      out.append(contentsOf: wrapped(DisplayText.visible(line)))
    }
    if let cut { out.append(cut) }
    return out
  }

  /// One difference on one line, cut at ``fieldLimit`` characters with the same sentence.
  public static func difference(_ difference: JSONDiff.Difference) -> String {
    let text = difference.description
    let total = text.count
    guard total > fieldLimit else { return text }
    return String(text.prefix(fieldLimit)) + " " + cutSentence(total)
  }

  /// The sentence that closes a value cut at ``fieldLimit`` of `total` characters.
  static func cutSentence(_ total: Int) -> String {
    "… (cut at \(grouped(fieldLimit)) of \(grouped(total)) characters; the JSON report (--report-json) has it whole)"
  }

  /// The labelled sections for `result`: `checks`, `input`, `expected`, `actual` (those the
  /// result has; `actual` says when there was no JSON reply), each value's lines indented
  /// by two spaces under its label.
  public static func sections(_ result: CaseResult) -> [(label: String, lines: [String])] {
    var sections: [(label: String, lines: [String])] = []
    if let description = result.description {
      sections.append(("checks", wrapped(DisplayText.visible(description))))
    }
    if let input = result.input { sections.append(("input", lines(input))) }
    if let expected = result.expected { sections.append(("expected", lines(expected))) }
    if let actual = result.actual {
      sections.append(("actual", lines(actual)))
    } else if result.expected != nil {
      sections.append(("actual", ["(no JSON reply)"]))
    }
    return sections
  }

  /// The sentence that follows the cases shown in full when there are more.
  public static func restSentence(_ count: Int) -> String {
    "\(count) more case(s) not shown in full (each report shows the first \(caseLimit)); the JSON report (--report-json) has every one:"
  }

  /// `line` cut into pieces of at most ``width`` characters, each piece after the first
  /// starting with `↪ `.
  static func wrapped(_ line: String) -> [String] {
    guard line.count > width else { return [line] }
    var pieces: [String] = []
    var rest = Substring(line)
    while !rest.isEmpty {
      let room = pieces.isEmpty ? width : width - 2
      let piece = rest.prefix(room)
      pieces.append(pieces.isEmpty ? String(piece) : "↪ " + piece)
      rest = rest.dropFirst(piece.count)
    }
    return pieces
  }

  /// `number` with a comma every three digits: 8,388,608.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }
}
