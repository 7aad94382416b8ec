import ArgumentParser
import Foundation
import SKANReporting
import SKANRunner
import SKANVerdicts

/// `skan-conform report diff OLD NEW`, `report merge SHARD…` and `report verify REPORT`.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Work with JSON reports.",
    subcommands: [Diff.self, ReportMergeCommand.self, ReportVerifyCommand.self])

  /// Regressions, fixes, added and removed cases between two reports.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "diff",
      abstract: "Compare two JSON reports; exit 1 only on regressions.",
      discussion: """
        A regression is a case whose status was as expected in OLD (as `run` judges it: a \
        pass, a skip without an expectation, or its expected status) and whose status changed \
        in NEW to one that is not; a fix is the \
        reverse. A case whose status is the same in both but whose expectation changed is \
        listed as such, not as a regression. Cases run in only one report are listed as added \
        or removed; cases skipped in the one report and absent from the other are counted, not \
        listed. Both reports must be complete and come from the same vectors (the same \
        vector digest), unless --allow-incomplete or --allow-different-vectors says otherwise; \
        else exit 2.
        """)

    @Argument(help: "The earlier report (--report-json).")
    var old: String

    @Argument(help: "The later report.")
    var new: String

    @Flag(help: "Compare a report marked incomplete (an interrupted run) anyway.")
    var allowIncomplete = false

    @Flag(help: "Compare reports made from different vector sets anyway.")
    var allowDifferentVectors = false

    func run() throws {
      let before = try load(old)
      let after = try load(new)
      if before.vectorDigest != after.vectorDigest && !allowDifferentVectors {
        printError(
          "error: the reports come from different vectors (digest \(DisplayText(String(before.vectorDigest.prefix(12)))) in \(old), \(DisplayText(String(after.vectorDigest.prefix(12)))) in \(new)); pass --allow-different-vectors to compare them anyway"
        )
        throw KitExit.usage
      }
      let diff = ReportDiff(before: before, after: after)
      for line in diff.lines { print(line) }
      if diff.hasRegressions { throw KitExit.unexpected }
    }

    private func load(_ path: String) throws -> RunReport {
      guard let data = FileManager.default.contents(atPath: path) else {
        printError("error: \(path) does not exist or cannot be read")
        throw KitExit.usage
      }
      let report: RunReport
      do {
        report = try JSONReportReader.read(bytes: Array(data))
      } catch {
        printError(
          "error: \(path) is not a JSON report from `skan-conform run --report-json`: \(DisplayText(String(describing: error)))"
        )
        throw KitExit.usage
      }
      if !report.complete && !allowIncomplete {
        printError(
          "error: \(path) is an incomplete report (an interrupted run, or no footer); pass --allow-incomplete to compare it anyway"
        )
        throw KitExit.usage
      }
      return report
    }
  }
}
