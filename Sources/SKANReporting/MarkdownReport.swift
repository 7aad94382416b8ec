import Foundation
import SKANJSON
public import SKANRunner
import SKANVectors

/// `--markdown`: a summary for CI step summaries (GitHub's `$GITHUB_STEP_SUMMARY` and the like).
public enum MarkdownReport {
  /// The Markdown text.
  public static func text(_ report: RunReport) -> String {
    var lines: [String] = []
    let summary = ConformanceSummary(report)
    let verdict =
      report.succeeded()
      ? "✅ every result as expected"
      : (report.complete && report.unexpected.isEmpty && !report.gateProblems.isEmpty
        ? "❌ the run failed its gate" : "❌ unexpected results")
    lines.append("## skan-conform: \(verdict)")
    lines.append("")
    lines.append("Conformance level: **\(Badge.message(summary))** (the same as the certification page's).")
    lines.append("")
    lines.append("Vectors: \(ConformanceSummary.vectorsSentence(report)).")
    for problem in report.gateProblems {
      lines.append("")
      lines.append("**Failed:** \(escape(problem)).")
    }
    if let shard = report.shard {
      lines.append("")
      lines.append(
        "Shard \(shard): \(report.results.count) of the \(shard.selectedTotal) selected cases; `skan-conform report merge` makes the shards one report."
      )
    }
    if let sentence = summary.diagnosticsSentence {
      lines.append("")
      lines.append(sentence.prefix(1).uppercased() + sentence.dropFirst() + ".")
    }
    if !summary.suitesNotRun.isEmpty {
      lines.append(
        "Suites not run: \(summary.suitesNotRun.joined(separator: ", ")); the level holds for the suites run only.")
    }
    lines.append("")
    lines.append(
      "Implementation **\(escape(report.implementation.name)) \(escape(report.implementation.version))** (\(escape(report.implementation.language))) over \(report.transport); kit \(report.kitVersion), vectors `\(report.vectorDigest.prefix(16))`."
    )
    lines.append("")
    let statuses = CaseStatus.allCases
    lines.append("| suite | " + statuses.map(\.rawValue).joined(separator: " | ") + " |")
    lines.append("| --- |" + String(repeating: " ---: |", count: statuses.count))
    let suites = Dictionary(grouping: report.results, by: \.suite)
    for name in suites.keys.sorted() {
      let counts = Dictionary(grouping: suites[name] ?? [], by: \.status).mapValues(\.count)
      lines.append("| \(name) | " + statuses.map { String(counts[$0] ?? 0) }.joined(separator: " | ") + " |")
    }
    let unexpected = report.unexpected
    if !unexpected.isEmpty {
      lines.append("")
      lines.append("### Unexpected results (\(unexpected.count))")
      lines.append("")
      for result in unexpected.prefix(200) {
        lines.append(
          "<details><summary><code>\(escape(result.id))</code>: \(result.status.rawValue) — \(escape(result.message ?? ""))</summary>"
        )
        lines.append("")
        lines.append("```")
        for difference in result.differences { lines.append(difference.description) }
        lines.append("```")
        lines.append("")
        lines.append("Rerun: `\(HTMLReport.rerun(report, id: result.id))`")
        lines.append("</details>")
      }
    }
    if !report.unexpectedPasses.isEmpty {
      lines.append("")
      lines.append("### Unexpected passes (update the expectations file)")
      for result in report.unexpectedPasses {
        lines.append("- `\(result.id)` (expected \(result.expectedStatus?.rawValue ?? ""))")
      }
    }
    if !report.staleExpectations.isEmpty {
      lines.append("")
      lines.append("### Stale expectations")
      for pattern in report.staleExpectations { lines.append("- `\(pattern)` matches no vector") }
    }
    if !report.incidents.isEmpty {
      lines.append("")
      lines.append("### Incidents (faults that no case was charged for)")
      for incident in report.incidents { lines.append("- \(escape(incident))") }
    }
    if !report.complete {
      lines.append("")
      lines.append("**The run was interrupted: this report is incomplete.**")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: "\n", with: " ")
  }
}
