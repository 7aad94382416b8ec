import ArgumentParser
import Foundation
import SKANJSON
import SKANReporting
import SKANRunner
import SKANVerdicts

/// `skan-conform expectations update`.
struct ExpectationsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "expectations", abstract: "Maintain an expectations file.", subcommands: [Update.self])

  /// Writes an expectations file from a JSON report.
  struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "update",
      abstract: "Write an expectations file that accepts every non-passing result of a JSON report.",
      discussion: "Reasons and links already in --output are kept for the IDs that are still there.")

    @Option(help: ArgumentHelp("A report written by `skan-conform run --report-json`.", valueName: "file"))
    var report: String

    @Option(help: ArgumentHelp("The expectations file to write.", valueName: "file"))
    var output: String

    func run() throws {
      guard let data = FileManager.default.contents(atPath: report) else {
        printError("error: \(report) does not exist or cannot be read")
        throw KitExit.usage
      }
      let results: [CaseResult]
      do {
        results = try JSONReportReader.read(bytes: Array(data)).results
      } catch {
        printError("error: \(report) is not a JSON report from `skan-conform run --report-json`: \(error)")
        throw KitExit.usage
      }
      let previous = FileManager.default.fileExists(atPath: output) ? try ExpectationsFile.load(output) : nil
      let recorded = Expectations.recording(results, keeping: previous)
      let text = CanonicalJSON.pretty(recorded.json)
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
      } catch {
        printError("error: cannot write \(output): \(error.localizedDescription)")
        throw KitExit.usage
      }
      print("wrote \(recorded.entries.count) expectation(s) to \(output)")
    }
  }
}
