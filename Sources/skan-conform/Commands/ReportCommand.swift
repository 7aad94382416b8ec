import ArgumentParser
import Foundation
import SKANJSON

/// `skan-conform report diff OLD NEW`.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Work with JSON reports.", subcommands: [Diff.self])

  /// Regressions, fixes, added and removed cases between two reports.
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare two JSON reports; exit 1 only on regressions.",
      discussion: """
        A regression is a case that was as expected (a pass, a skip, or its expected status) \
        in OLD and is not in NEW; a fix is the reverse. Cases only in one report are listed \
        as added or removed.
        """)

    @Argument(help: "The earlier report (--report-json).")
    var old: String

    @Argument(help: "The later report.")
    var new: String

    func run() throws {
      let before = try load(old)
      let after = try load(new)
      var regressions: [String] = []
      var fixes: [String] = []
      for (id, result) in after.sorted(by: { $0.key < $1.key }) {
        guard let earlier = before[id] else { continue }
        if earlier.good && !result.good { regressions.append("\(id): \(earlier.status) → \(result.status)") }
        if !earlier.good && result.good { fixes.append("\(id): \(earlier.status) → \(result.status)") }
      }
      let added = Set(after.keys).subtracting(before.keys).sorted()
      let removed = Set(before.keys).subtracting(after.keys).sorted()
      for line in regressions { print("REGRESSION \(line)") }
      for line in fixes { print("FIXED \(line)") }
      for id in added { print("ADDED \(id)") }
      for id in removed { print("REMOVED \(id)") }
      print(
        "\(regressions.count) regression(s), \(fixes.count) fix(es), \(added.count) added, \(removed.count) removed")
      if !regressions.isEmpty { throw KitExit.unexpected }
    }

    private struct Entry {
      var status: String
      var good: Bool
    }

    private func load(_ path: String) throws -> [String: Entry] {
      guard let data = FileManager.default.contents(atPath: path), let json = try? JSONParser.parse(bytes: Array(data)),
        let results = json["results"]?.arrayValue
      else {
        printError("error: \(path) is not a JSON report from `skan-conform run --report-json`")
        throw KitExit.usage
      }
      var entries: [String: Entry] = [:]
      for result in results {
        guard let id = result["id"]?.stringValue, let status = result["status"]?.stringValue else { continue }
        let expected = result["expected_status"]?.stringValue
        let good = status == "pass" || status == "skipped" || status == expected
        entries[id] = Entry(status: status, good: good)
      }
      return entries
    }
  }
}
