import ArgumentParser
import Foundation
import SKANJSON
import SKANReporting
import SKANRunner
import SKANVectors

/// `--report-json`, `--junit`, `--markdown`: the report files `run` and `probe` write.
struct ReportOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Write the JSON report here.", valueName: "file"))
  var reportJson: String?

  @Option(help: ArgumentHelp("Write a JUnit XML report here.", valueName: "file"))
  var junit: String?

  @Option(help: ArgumentHelp("Write a Markdown summary here (for CI step summaries).", valueName: "file"))
  var markdown: String?

  @Option(
    help: ArgumentHelp(
      "Write an in-toto Statement about the JSON report here (needs --report-json), for CI to sign; `report verify --attestation` checks a report against it.",
      valueName: "file"))
  var attestation: String?

  func validate() throws {
    if attestation != nil && reportJson == nil {
      throw ValidationError("--attestation needs --report-json: the Statement is about that file")
    }
  }

  /// Writes every report asked for.
  func write(_ report: RunReport) throws {
    if let reportJson {
      let text = JSONReport.text(report)
      try Self.write(text, to: reportJson)
      if let attestation {
        let statement = Attestation.statement(
          report: report, reportName: URL(fileURLWithPath: reportJson).lastPathComponent,
          reportSHA256: Manifest.sha256(text))
        try Self.write(CanonicalJSON.pretty(statement), to: attestation)
      }
    }
    if let junit { try Self.write(JUnitReport.xml(report), to: junit) }
    if let markdown { try Self.write(MarkdownReport.text(report), to: markdown) }
  }

  /// Writes the HTML certification page to `path`, with `FILE.badge.svg` and
  /// `FILE.badge.json` beside it (`FILE` is `path` without `.html`).
  static func writeHTML(_ report: RunReport, to path: String) throws {
    try write(HTMLReport.html(report), to: path)
    let summary = ConformanceSummary(report)
    let base = path.hasSuffix(".html") ? String(path.dropLast(5)) : path
    try write(Badge.svg(summary), to: base + ".badge.svg")
    try write(CanonicalJSON.pretty(Badge.json(summary)), to: base + ".badge.json")
  }

  /// Writes one file; a failure is a usage error (exit 2) naming the file.
  static func write(_ text: String, to path: String) throws {
    do {
      let url = URL(fileURLWithPath: path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      printError("error: cannot write \(path): \(error.localizedDescription)")
      throw KitExit.usage
    }
  }
}
