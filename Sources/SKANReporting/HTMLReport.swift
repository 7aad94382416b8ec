import Foundation
import SKANJSON
public import SKANRunner
import SKANVectors
import SKANVerdicts
import SKANVocabulary

/// `--html`: one self-contained page a partner can read: who was tested with which vectors,
/// the matrix of suites × requirement levels, every failure with its diff and a command to
/// rerun it, and the expected differences with their reasons. No scripts, no external assets.
public enum HTMLReport {
  /// The page.
  public static func html(_ report: RunReport) -> String {
    let summary = ConformanceSummary(report)
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>skan-conform report: \(escape(report.implementation.name))</title>
      <style>
      body { font-family: -apple-system, "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 2em; color: #1d1d1f; max-width: 1100px; }
      h1 { font-size: 1.6em; margin-bottom: 0.2em; }
      table { border-collapse: collapse; margin: 1em 0; }
      th, td { border: 1px solid #c7c7cc; padding: 0.35em 0.8em; text-align: left; }
      th { background: #f2f2f7; }
      td.rate { text-align: right; font-variant-numeric: tabular-nums; }
      .good { background: #e3f6e3; } .bad { background: #fde2e1; } .none { color: #8e8e93; }
      .level { display: inline-block; padding: 0.2em 0.7em; border-radius: 0.3em; color: #fff; font-weight: bold; }
      .level.full { background: #34a853; } .level.core { background: #a4a61d; } .level.partial { background: #e05d44; } .level.custom { background: #8e8e93; }
      pre { background: #f2f2f7; padding: 0.6em; overflow-x: auto; }
      code { font-size: 0.95em; }
      </style>
      </head>
      <body>
      <h1>skan-conform certification report</h1>
      <p><span class="level \(summary.level)">Conformance: \(escape(Badge.message(summary)))</span></p>
      <table>
      <tr><th>Implementation</th><td>\(escape(report.implementation.name)) \(escape(report.implementation.version)) (\(escape(report.implementation.language)))</td></tr>
      <tr><th>Kit</th><td>skan-conform \(escape(report.kitVersion))</td></tr>
      <tr><th>Vectors</th><td>\(escape(ConformanceSummary.vectorsSentence(report))); manifest digest <code>\(escape(report.vectorDigest))</code></td></tr>
      <tr><th>Coverage</th><td>\(summary.overall.applicable) of the \(summary.vectorCases) cases of the vector set executed, \(summary.overall.skipped) skipped</td></tr>\(report.gateProblems.map { "\n<tr><th>Failed</th><td><strong>\(escape($0))</strong></td></tr>" }.joined())
      <tr><th>Transport</th><td>\(escape(report.transport.rawValue)): <code>\(escape(URLRedaction.redactURLs(in: report.target)))</code></td></tr>
      <tr><th>Started</th><td>\(escape(report.startedAt))\(report.complete ? "" : " — <strong>interrupted: incomplete</strong>")\(report.shard.map { " — <strong>shard \($0) only</strong>: \(report.results.count) of the \($0.selectedTotal) selected cases" } ?? "")</td></tr>
      <tr><th>Diagnostics</th><td>\(summary.diagnosticsSentence.map(escape) ?? "no case has diagnostic members")</td></tr>
      <tr><th>Suites not run</th><td>\(summary.suitesNotRun.isEmpty ? "none: every suite of the kit was run" : escape(summary.suitesNotRun.joined(separator: ", ")) + " (the level holds for the suites run only)")</td></tr>
      </table>
      <h2>Matrix: suites × requirement levels</h2>
      <table id="matrix">
      <tr><th>Suite</th>
      """
    for level in ConformanceSummary.levels { page += "<th>\(level.rawValue)</th>" }
    page += "<th>Skipped</th></tr>\n"
    for suite in summary.suites {
      page += "<tr><th>\(escape(suite))</th>"
      var skipped = 0
      for level in ConformanceSummary.levels {
        guard let cell = summary.cells[suite]?[level] else {
          page += "<td class=\"rate none\">—</td>"
          continue
        }
        skipped += cell.skipped
        if let rate = cell.rate {
          let css = cell.passed == cell.applicable ? "good" : "bad"
          page +=
            "<td class=\"rate \(css)\">\(cell.passed)/\(cell.applicable) (\(String(format: "%.0f", rate * 100))%)</td>"
        } else {
          page += "<td class=\"rate none\">not declared</td>"
        }
      }
      page += "<td class=\"rate\">\(skipped)</td></tr>\n"
    }
    page += "</table>\n"

    let failures = report.unexpected
    page += "<h2>Failures (\(failures.count))</h2>\n"
    if failures.isEmpty { page += "<p>None.</p>\n" }
    // The first FailureDetail.caseLimit in full (what it checks, input, expected, actual, each
    // bounded as in the other reports), the rest by ID.
    for result in failures.prefix(FailureDetail.caseLimit) {
      page += "<h3><code>\(escape(result.id))</code>: \(escape(result.status.rawValue))</h3>\n"
      page +=
        "<p>\(escape(result.message ?? "")) — requirements \(result.requirements.map(escape).joined(separator: ", "))</p>\n"
      if !result.differences.isEmpty {
        page +=
          "<pre>" + result.differences.map { escape(FailureDetail.difference($0)) }.joined(separator: "\n") + "</pre>\n"
      }
      // The description as prose (the browser wraps it); the values as bounded, wrapped lines.
      if let description = result.description { page += "<p><em>What it checks:</em> \(escape(description))</p>\n" }
      for section in FailureDetail.sections(result) where section.label != "checks" {
        let label = section.label.prefix(1).uppercased() + section.label.dropFirst()
        page += "<p>\(escape(label)):</p><pre>\(section.lines.map(escape).joined(separator: "\n"))</pre>\n"
      }
      page += "<p>Rerun: <code>\(escape(RerunCommand.text(report, id: result.id)))</code></p>\n"
    }
    if failures.count > FailureDetail.caseLimit {
      page += "<p>\(escape(FailureDetail.restSentence(failures.count - FailureDetail.caseLimit)))</p>\n<ul>\n"
      for result in failures.dropFirst(FailureDetail.caseLimit) {
        page += "<li><code>\(escape(result.id))</code>: \(escape(result.status.rawValue))</li>\n"
      }
      page += "</ul>\n"
    }
    let expected = report.results.filter(\.isExpectedDifference)
    page += "<h2>Expected differences (\(expected.count))</h2>\n"
    if expected.isEmpty {
      page += "<p>None.</p>\n"
    } else {
      page += "<table><tr><th>Case</th><th>Status</th><th>Reason</th></tr>\n"
      for result in expected {
        page +=
          "<tr><td><code>\(escape(result.id))</code></td><td>\(escape(result.status.rawValue))</td><td>\(escape(result.expectationReason ?? ""))</td></tr>\n"
      }
      page += "</table>\n"
    }
    if !report.unexpectedPasses.isEmpty {
      page += "<h2>Unexpected passes</h2>\n<ul>\n"
      for result in report.unexpectedPasses { page += "<li><code>\(escape(result.id))</code></li>\n" }
      page += "</ul>\n"
    }
    page +=
      "<p class=\"none\">Levels: a case counts under the strongest level of the requirements it tests. Full: every applicable case as expected. Core: every MUST case as expected.</p>\n</body>\n</html>\n"
    return page
  }

  /// Escapes text for HTML: markup, and control characters written visibly (``DisplayText``).
  package static func escape(_ text: String) -> String {
    var out = ""
    for character in DisplayText.visible(text) {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#039;"
      default: out.append(character)
      }
    }
    return out
  }
}
