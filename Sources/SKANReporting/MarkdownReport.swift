import Foundation
import SKANJSON
public import SKANRunner
import SKANVectors
import SKANVerdicts

/// `--markdown`: a summary for CI step summaries (GitHub's `$GITHUB_STEP_SUMMARY` and the like).
///
/// Text from outside the kit (the implementation's identity, messages, case IDs, a report
/// file's fields, the rerun command) goes through ``escape(_:)``: it renders as the text it
/// is, never as a link, an image, emphasis, a code span or HTML, so the only markup on the
/// page is the kit's. Differences are in fenced code blocks whose fence is longer than any
/// run of back quotes inside.
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
      "Implementation **\(escape(report.implementation.name)) \(escape(report.implementation.version))** (\(escape(report.implementation.language))) over \(report.transport); kit \(escape(report.kitVersion)), vectors <code>\(escape(report.vectorDigest.prefix(16)))</code>."
    )
    lines.append("")
    let statuses = CaseStatus.allCases
    lines.append("| suite | " + statuses.map(\.rawValue).joined(separator: " | ") + " |")
    lines.append("| --- |" + String(repeating: " ---: |", count: statuses.count))
    let suites = Dictionary(grouping: report.results, by: \.suite)
    for name in suites.keys.sorted() {
      let counts = Dictionary(grouping: suites[name] ?? [], by: \.status).mapValues(\.count)
      lines.append("| \(escape(name)) | " + statuses.map { String(counts[$0] ?? 0) }.joined(separator: " | ") + " |")
    }
    let unexpected = report.unexpected
    if !unexpected.isEmpty {
      lines.append("")
      lines.append("### Unexpected results (\(unexpected.count))")
      lines.append("")
      // The first FailureDetail.caseLimit in full (description, input, expected, actual, each
      // bounded), the rest by ID.
      for result in unexpected.prefix(FailureDetail.caseLimit) {
        lines.append(
          "<details><summary><code>\(escape(result.id))</code>: \(result.status.rawValue) — \(escape(result.message ?? ""))</summary>"
        )
        lines.append("")
        let differences = result.differences.map { DisplayText.visible(FailureDetail.difference($0)) }
        let fence = Self.fence(around: differences)
        lines.append(fence)
        lines.append(contentsOf: differences)
        lines.append(fence)
        lines.append("")
        if let description = result.description {
          lines.append("**Checks:** \(escape(description))")
          lines.append("")
        }
        for section in FailureDetail.sections(result) where section.label != "checks" {
          lines.append("**\(section.label.prefix(1).uppercased() + section.label.dropFirst()):**")
          lines.append("")
          let fence = Self.fence(around: section.lines)
          lines.append(fence)
          lines.append(contentsOf: section.lines)
          lines.append(fence)
          lines.append("")
        }
        lines.append("Rerun: <code>\(escape(RerunCommand.text(report, id: result.id)))</code>")
        lines.append("</details>")
      }
      if unexpected.count > FailureDetail.caseLimit {
        lines.append("")
        lines.append(escape(FailureDetail.restSentence(unexpected.count - FailureDetail.caseLimit)))
        lines.append("")
        for result in unexpected.dropFirst(FailureDetail.caseLimit) {
          lines.append("- <code>\(escape(result.id))</code>: \(result.status.rawValue)")
        }
      }
    }
    if !report.unexpectedPasses.isEmpty {
      lines.append("")
      lines.append("### Unexpected passes (update the expectations file)")
      for result in report.unexpectedPasses {
        lines.append("- <code>\(escape(result.id))</code> (expected \(result.expectedStatus?.rawValue ?? ""))")
      }
    }
    if !report.staleExpectations.isEmpty {
      lines.append("")
      lines.append("### Stale expectations")
      for pattern in report.staleExpectations { lines.append("- <code>\(escape(pattern))</code> matches no vector") }
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

  /// Markdown's and HTML's punctuation, written as numeric character references.
  private static let markup = Set("\\`*_~[]()!<>&|#:@".unicodeScalars)

  /// Text from outside the kit as Markdown that shows exactly that text: control characters
  /// written visibly (``DisplayText``), and every character that could start markup (a link
  /// or image, emphasis, strikethrough, a code span, HTML, a table cell, a heading, an
  /// autolink's `:` or `@`, the `.` of `www.`) written as a numeric character reference
  /// (`&#` and the decimal code point, `[` as ninety-one), which CommonMark and GitHub render as the character itself, in a paragraph
  /// and inside HTML blocks such as `<details>` alike.
  package static func escape(_ text: some StringProtocol) -> String {
    var out = ""
    var previous: [Unicode.Scalar] = []
    for scalar in DisplayText.visible(text).unicodeScalars {
      let afterWWW =
        scalar == "." && previous.count == 3 && String(String.UnicodeScalarView(previous)).lowercased() == "www"
      if markup.contains(scalar) || afterWWW {
        out += "&#\(scalar.value);"
      } else {
        out.unicodeScalars.append(scalar)
      }
      previous.append(scalar)
      if previous.count > 3 { previous.removeFirst() }
    }
    return out
  }

  /// A code fence longer than any run of back quotes in `lines` (three at least), so no
  /// line closes it early.
  static func fence(around lines: [String]) -> String {
    var longest = 0
    for line in lines {
      var run = 0
      for character in line {
        run = character == "`" ? run + 1 : 0
        longest = max(longest, run)
      }
    }
    return String(repeating: "`", count: max(3, longest + 1))
  }
}
