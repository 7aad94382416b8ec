import ArgumentParser
import Foundation
import SKANReporting
import SKANRunner
import SKANVerdicts

/// `skan-conform report diff OLD NEW` and `skan-conform report merge SHARD…`.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Work with JSON reports.", subcommands: [Diff.self, ReportMergeCommand.self])

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
      if before.digest != after.digest && !allowDifferentVectors {
        printError(
          "error: the reports come from different vectors (digest \(before.digest.prefix(12)) in \(old), \(after.digest.prefix(12)) in \(new)); pass --allow-different-vectors to compare them anyway"
        )
        throw KitExit.usage
      }
      var regressions: [String] = []
      var fixes: [String] = []
      var expectationChanges: [String] = []
      for (id, result) in after.results.sorted(by: { $0.key < $1.key }) {
        guard let earlier = before.results[id], earlier.good != result.good else { continue }
        // A case ID is read from a report file: shown with its control characters visible.
        let line = "\(DisplayText(id)): \(earlier.describe) → \(result.describe)"
        if earlier.status == result.status {
          expectationChanges.append(line)
        } else if earlier.good {
          regressions.append(line)
        } else {
          fixes.append(line)
        }
      }
      let onlyAfter = Set(after.results.keys).subtracting(before.results.keys)
      let onlyBefore = Set(before.results.keys).subtracting(after.results.keys)
      let added = onlyAfter.filter { after.results[$0]?.status != "skipped" }.sorted()
      let removed = onlyBefore.filter { before.results[$0]?.status != "skipped" }.sorted()
      let skippedOnly = onlyAfter.count - added.count + onlyBefore.count - removed.count
      for line in regressions { print("REGRESSION \(line)") }
      for line in fixes { print("FIXED \(line)") }
      for line in expectationChanges { print("EXPECTATION CHANGED \(line)") }
      for id in added { print("ADDED \(DisplayText(id)): \(after.results[id]?.describe ?? "")") }
      for id in removed { print("REMOVED \(DisplayText(id)): \(before.results[id]?.describe ?? "")") }
      print(
        "\(regressions.count) regression(s), \(fixes.count) fix(es), \(expectationChanges.count) expectation change(s), \(added.count) added, \(removed.count) removed, \(skippedOnly) skipped case(s) in one report only"
      )
      if !regressions.isEmpty { throw KitExit.unexpected }
    }

    private struct Entry {
      var status: String
      var expected: String?
      var good: Bool
      var describe: String {
        guard let expected else { return status }
        return status == expected ? "\(status) (expected)" : "\(status) (expected \(expected))"
      }
    }

    private struct Loaded {
      var digest: String
      var results: [String: Entry]
    }

    private func load(_ path: String) throws -> Loaded {
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
      var entries: [String: Entry] = [:]
      for result in report.results {
        entries[result.id] = Entry(
          status: result.status.rawValue, expected: result.expectedStatus?.rawValue, good: result.isAsExpected)
      }
      return Loaded(digest: report.vectorDigest, results: entries)
    }
  }
}
