import SKANJSON
public import SKANRunner
import SKANVectors
import SKANVerdicts

/// The console summary: one line per suite, then every unexpected result with its first
/// ``FailureDetail/consoleDifferenceLimit`` differences (those that decide the verdict first:
/// ``FailureDetail/outcomeFirst(_:)``; a line says how many more the JSON report has), and
/// for the first ``FailureDetail/caseLimit`` its description, input, expected answer and reply
/// (bounded: ``FailureDetail``) and the command that reruns it.
///
/// Every text that comes from outside the kit (the implementation's identity, messages, case
/// IDs and fields read from a report file) is written through ``DisplayText``, so no control
/// character from it reaches the terminal: it cannot colour, clear or forge a line.
public enum ConsoleReport {
  /// The text; `color` adds ANSI colours to the verdict words.
  /// `vectors <digest> (official|CUSTOM)`, or `live probe` for a probe's report.
  static func vectorsLabel(_ report: RunReport) -> String {
    if report.vectorDigest == RunReport.liveProbeDigest {
      return report.probe?.seed.map { "live probe, seed \($0)" } ?? "live probe"
    }
    let digest = DisplayText(report.vectorDigest.prefix(12))
    return "vectors \(digest) (\(report.vectorSet == .official ? "official" : "CUSTOM"))"
  }

  public static func text(_ report: RunReport, color: Bool = false) -> String {
    func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func shown(_ text: some StringProtocol) -> DisplayText { DisplayText(text) }
    let identity = report.implementation
    var lines: [String] = []
    lines.append(
      "skan-conform \(shown(report.kitVersion)) · \(vectorsLabel(report)) · \(shown(identity.name)) \(shown(identity.version)) (\(shown(identity.language))) over \(report.transport)"
    )
    // Everything the text counts, in one pass over the results (a run may have hundreds of
    // thousands): a suite's results come together, so each run of them is counted apart and
    // added to its suite's counts once.
    var suites: [String: [CaseStatus: Int]] = [:]
    var bad: [CaseResult] = []
    var unexpectedPasses: [CaseResult] = []
    var expectedCount = 0
    var diagnostics: [DiagnosticAgreement.Status: Int] = [:]
    var current: (suite: String, counts: [Int])?
    let none = [Int](repeating: 0, count: CaseStatus.allCases.count)
    for result in report.results {
      if current?.suite != result.suite {
        if let current {
          suites[current.suite, default: [:]].merge(CaseStatus.counts(current.counts), uniquingKeysWith: +)
        }
        current = (result.suite, none)
      }
      current?.counts[result.status.ordinal] += 1
      if result.isUnexpected { bad.append(result) }
      if result.isUnexpectedPass { unexpectedPasses.append(result) }
      if result.isExpectedDifference { expectedCount += 1 }
      if let status = result.diagnostics?.status { diagnostics[status, default: 0] += 1 }
    }
    if let current {
      suites[current.suite, default: [:]].merge(CaseStatus.counts(current.counts), uniquingKeysWith: +)
    }
    for name in suites.keys.sorted() {
      let counts = suites[name] ?? [:]
      let parts = CaseStatus.allCases.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }
      lines.append("  \(shown(name)): \(parts.joined(separator: ", "))")
    }
    // The first FailureDetail.caseLimit in full (description, input, expected, actual, each
    // bounded), the rest by ID.
    for result in bad.prefix(FailureDetail.caseLimit) {
      lines.append(
        "\(paint(result.status.rawValue.uppercased(), "31")) \(shown(result.id)): \(shown(result.message ?? ""))")
      // The differences that decide the verdict first; the console shows a few and says how
      // many it left out.
      let differences = FailureDetail.outcomeFirst(result.differences)
      for difference in differences.prefix(FailureDetail.consoleDifferenceLimit) {
        lines.append("    \(shown(FailureDetail.difference(difference)))")
      }
      if differences.count > FailureDetail.consoleDifferenceLimit {
        lines.append(
          "    " + FailureDetail.moreDifferencesSentence(differences.count - FailureDetail.consoleDifferenceLimit))
      }
      for section in FailureDetail.sections(result) {
        lines.append("    \(section.label):")
        lines.append(contentsOf: section.lines.map { "      " + $0 })
      }
      lines.append("    rerun: \(shown(RerunCommand.text(report, id: result.id)))")
    }
    if bad.count > FailureDetail.caseLimit {
      lines.append(FailureDetail.restSentence(bad.count - FailureDetail.caseLimit))
      for result in bad.dropFirst(FailureDetail.caseLimit) {
        lines.append("  \(result.status.rawValue.uppercased()) \(shown(result.id))")
      }
    }
    for result in unexpectedPasses {
      lines.append(
        "\(paint("UNEXPECTED PASS", "33")) \(shown(result.id)): expected \(result.expectedStatus?.rawValue ?? "")")
    }
    if expectedCount > 0 { lines.append("\(expectedCount) expected difference(s), as the expectations file says") }
    for pattern in report.staleExpectations { lines.append("stale expectation: \(shown(pattern)) matches no vector") }
    for incident in report.incidents { lines.append("incident (no case charged): \(shown(incident))") }
    if !report.complete { lines.append(paint("INCOMPLETE: the run was interrupted", "31")) }
    if let shard = report.shard {
      lines.append(
        "shard \(shard): \(report.results.count) of the \(shard.selectedTotal) selected cases; `skan-conform report merge` makes the shards one report"
      )
    }
    let counts = suites.values.reduce(into: [CaseStatus: Int]()) { $0.merge($1, uniquingKeysWith: +) }
    // "failed" counts the unexpected results; the suite lines above count raw statuses, so
    // the expected differences are named here too, lest "0 failed" sit beside "3 fail".
    let stated = expectedCount == 0 ? "" : " (and \(expectedCount) expected difference(s), not counted as failed)"
    lines.append(
      "conformance: \(counts[.pass] ?? 0) passed, \(bad.count) failed, \(counts[.skipped] ?? 0) skipped\(stated)")
    if let sentence = ConformanceSummary.diagnosticsSentence(diagnostics) {
      lines.append(sentence)
    }
    if report.vectorSet == .custom || report.probe != nil {
      lines.append("vectors: \(ConformanceSummary.vectorsSentence(report))")
    }
    for problem in report.gateProblems { lines.append("\(paint("FAILED", "31")): \(problem)") }
    return lines.joined(separator: "\n")
  }
}
