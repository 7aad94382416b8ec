import ArgumentParser
import Foundation
import SKANAudit
import SKANJSON
import SKANRunner

/// `skan-conform audit merge`: the shards of one audit as the whole file's audit.
struct AuditMergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merge the JSON reports (and arrival files) of an audit's shards.",
    discussion: """
      Each report must come from `audit --shard I/N --report-json` over the same arrivals, \
      configuration, claimed file and kit, every shard of N exactly once. The merged report \
      (and, with --arrivals, the merged arrivals file) is the one the unsharded audit writes, \
      but for its `shard` member. Exit codes as for `audit`.
      """)

  @Argument(help: ArgumentHelp("The shards' JSON reports.", valueName: "report.json"))
  var reports: [String]

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp("The shards' --arrivals-out files, to merge into --arrivals-out.", valueName: "file"))
  var arrivals: [String] = []

  @Option(help: ArgumentHelp("Write the merged arrivals here.", valueName: "file"))
  var arrivalsOut: String?

  @Option(name: .customLong("report-json"), help: ArgumentHelp("Write the merged JSON report here.", valueName: "file"))
  var reportJSON: String?

  @Option(help: ArgumentHelp("Write a Markdown report here.", valueName: "file"))
  var markdown: String?

  @Option(help: ArgumentHelp("Write an HTML report with charts here.", valueName: "file"))
  var html: String?

  func run() throws {
    guard !reports.isEmpty else {
      printError("error: give the shards' JSON reports")
      throw KitExit.usage
    }
    guard arrivals.isEmpty == (arrivalsOut == nil) else {
      printError("error: --arrivals and --arrivals-out go together")
      throw KitExit.usage
    }
    var parts: [AuditReport] = []
    for name in reports {
      let bytes = try AuditFiles.read(name, what: "report", limit: 1 << 30)
      do {
        parts.append(try AuditReport(json: try JSONParser.parse(bytes: bytes), name: name))
      } catch let error as AuditError {
        printError("error: \(error.message)")
        throw KitExit.usage
      } catch {
        printError("error: \(DisplayText(name)) is not JSON: \(DisplayText(String(describing: error)))")
        throw KitExit.usage
      }
    }
    let merged: AuditReport
    do {
      merged = try AuditReport.merging(parts, names: reports)
      if let arrivalsOut {
        var sources = try arrivals.map { name in
          ArrivalLines(handle: try AuditFiles.open(name, what: "arrivals file"), name: name, maximumLineBytes: 1 << 30)
        }
        var out = try AuditFiles.Output(arrivalsOut)
        try ArrivalRecordMerge.merge(&sources, names: arrivals) { line in
          try out.write(Array(line) + [UInt8(ascii: "\n")])
        }
        try out.close()
      }
    } catch let error as AuditError {
      printError("error: \(error.message)")
      throw KitExit.usage
    }
    try AuditFiles.write(merged, json: reportJSON, markdown: markdown, html: html)
    print(merged.console(), terminator: "")
    if !merged.summary.clean { throw KitExit.unexpected }
  }
}
