import ArgumentParser
import Foundation
import SKANJSON
import SKANReporting
import SKANRunner
import SKANVectors
import SKANVerdicts

/// `skan-conform report merge SHARD… -o FILE`: the shards of one run made into one report.
struct ReportMergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merge the JSON reports of `run --shard I/N` into the report of the whole selection.",
    discussion: """
      The shards must come from the same kit version, vector digest, implementation, target \
      (the --cli command or --endpoint URL), shard \
      count and selection, be complete (unless --allow-incomplete), and cover every selected \
      case exactly once; otherwise the command names the file and the case and exits 2. The \
      vectors (--vectors, default as for `run`) must be the ones the shards were run on: the \
      selection is applied to them again to know every case. Every result is judged again \
      against its vector: a status its own recorded reply does not earn (at the run's level, \
      --strict-diagnostics included), or an expected_status that the expectations file given \
      with --expectations (the run's) does not state, or any without one, is refused the same \
      way. The merged report lists the \
      results in vector order, as one unsharded run would have. Exit codes, as `run`'s for the \
      merged report: 0 every result as expected; 1 unexpected results (or an incomplete merge \
      with --allow-incomplete, no case executed, or a suite --require-suite names skipped); 2 \
      shards that do not make one run, a result that does not stand, or a usage error.
      """)

  @Argument(help: ArgumentHelp("The shards' JSON reports (--report-json), in any order.", valueName: "shard.json"))
  var files: [String]

  @Option(
    name: [.short, .customLong("output")], help: ArgumentHelp("Write the merged JSON report here.", valueName: "file"))
  var output: String?

  @OptionGroup var reports: ReportOptions

  @OptionGroup var certificate: CertificateOptions

  @OptionGroup var source: VectorSourceOptions

  @Option(
    help: ArgumentHelp(
      "The expectations file the shards were run with: every expected_status must be its.", valueName: "file"))
  var expectations: String?

  @Flag(help: "Merge a shard marked incomplete (an interrupted run) anyway; the merged report is incomplete.")
  var allowIncomplete = false

  @OptionGroup var strictness: ExpectationStrictness

  @OptionGroup var gate: GateOptions

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("name the shards' JSON reports to merge") }
  }

  func run() throws {
    var inputs: [ReportMerge.Input] = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else {
        printError("error: \(file) does not exist or cannot be read")
        throw KitExit.usage
      }
      do {
        inputs.append(ReportMerge.Input(file: file, report: try JSONReportReader.read(bytes: Array(data))))
      } catch {
        printError(
          "error: \(file) is not a JSON report from `skan-conform run --report-json`: \(DisplayText(String(describing: error)))"
        )
        throw KitExit.usage
      }
    }
    let vectors: VectorSet
    do {
      vectors = try source.load()
    } catch {
      // Vectors that do not load cannot be the ones the shards were run on.
      printError("error: cannot merge without the vectors the shards were run on")
      throw KitExit.usage
    }
    let known = try expectations.map(ExpectationsFile.load)
    var merged: RunReport
    do {
      merged = try ReportMerge.merge(
        inputs, vectors: vectors, expectations: known, allowIncomplete: allowIncomplete)
    } catch {
      printError("error: the reports are not the shards of one run, as run:\n\(error)")
      throw KitExit.usage
    }
    if merged.complete { merged.recordSkippedRequiredSuites(gate.names) }
    if let output { try ReportOptions.write(JSONReport.text(merged), to: output) }
    try reports.write(merged)
    try certificate.write(merged)
    print(ConsoleReport.text(merged, color: Terminal.colorOnStandardOutput))
    print("merged \(inputs.count) shard report(s): \(merged.results.count) cases")
    if !merged.complete {
      printError("incomplete: a shard was interrupted, so the merged report is marked incomplete")
    }
    if !strictness.succeeded(merged) { throw KitExit.unexpected }
  }
}
