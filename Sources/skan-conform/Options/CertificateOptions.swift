import ArgumentParser
import SKANRunner

/// `--html`: the certification page `run` and `report merge` write.
struct CertificateOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Write a self-contained HTML certification page here, with FILE.badge.svg and FILE.badge.json beside it.",
      valueName: "file"))
  var html: String?

  /// Writes the page and its badges, if asked for.
  func write(_ report: RunReport) throws {
    if let html { try ReportOptions.writeHTML(report, to: html) }
  }
}
