import ArgumentParser
import Foundation
import SKANAudit
import SKANJSON
import SKANModel
import SKANRunner
import SKANSuiteCodecs
import SKANVectors

/// `skan-conform audit`: a receiver's stored postbacks judged by the receiving model.
struct AuditCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract: "Audit the postbacks a receiver stored, and what it counted.",
    discussion: """
      Reads ARRIVALS, one JSON object a line ({"at": Unix ms, "path": "...", "body": the body \
      as received, text or object}, in arrival order; `-` for standard input), and judges each \
      arrival as the receiving suite's model does with the receiver described by --receiver \
      (the receiving input's `receiver`, `skadnetwork_public_key` and `aak_keys` members): \
      verdict, status (counted, duplicate of which line, excluded and why), and the fields \
      Apple's devices cannot send. With --claimed (the receiver's own outcome, one line per \
      arrival: {"counted": true, "environment": "production"}), every arrival where the \
      receiver differs is named by kind. See docs/audit.md and Spec/audit.md. Exit codes: 0 \
      clean (something was audited, no counted postback has an impossible field, and with \
      --claimed the receiver agrees on every arrival); 1 not clean; 2 a usage error or a file \
      that is not what `audit` reads (the line is named).
      """,
    subcommands: [AuditFileCommand.self, AuditMergeCommand.self],
    defaultSubcommand: AuditFileCommand.self)
}

/// `skan-conform audit [file] ARRIVALS --receiver FILE`.
struct AuditFileCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "file", abstract: "Audit one file of stored arrivals (the default).")

  @Argument(help: ArgumentHelp("The stored arrivals, JSON lines; `-` for standard input.", valueName: "arrivals"))
  var arrivals: String

  @Option(help: ArgumentHelp("The receiver's configuration (JSON).", valueName: "file"))
  var receiver: String

  @Option(help: ArgumentHelp("The receiver's own outcome per arrival (JSON lines).", valueName: "file"))
  var claimed: String?

  @Option(help: ArgumentHelp("Audit only shard I of N (partitioned by postback identifier).", valueName: "I/N"))
  var shard: String = "1/1"

  @Option(name: .customLong("report-json"), help: ArgumentHelp("Write the JSON report here.", valueName: "file"))
  var reportJSON: String?

  @Option(help: ArgumentHelp("Write a Markdown report here.", valueName: "file"))
  var markdown: String?

  @Option(help: ArgumentHelp("Write an HTML report with charts here.", valueName: "file"))
  var html: String?

  @Option(help: ArgumentHelp("Write every audited arrival's outcome here (JSON lines).", valueName: "file"))
  var arrivalsOut: String?

  @Option(help: ArgumentHelp("The longest line read, in bytes.", valueName: "n"))
  var maxLineBytes: Int = 1 << 20

  @Option(help: ArgumentHelp("How many arrivals each list of the report names.", valueName: "n"))
  var listLimit: Int = 10_000

  @Option(help: ArgumentHelp("Verifying workers (default: one per core).", valueName: "n"))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  func run() async throws {
    guard let part = AuditShard(shard) else {
      printError("error: --shard must be I/N with 1 <= I <= N <= 65536, not \(DisplayText(shard))")
      throw KitExit.usage
    }
    guard maxLineBytes >= 1024, maxLineBytes <= 1 << 30, listLimit >= 0, jobs >= 1, jobs <= 1024 else {
      printError("error: --max-line-bytes must be 1024 to 2^30, --list-limit at least 0, --jobs 1 to 1024")
      throw KitExit.usage
    }
    let configurationBytes = try AuditFiles.read(receiver, what: "receiver configuration", limit: 1 << 20)
    let postbackReceiver: PostbackReceiver
    do {
      let value = try JSONParser.parse(bytes: configurationBytes)
      postbackReceiver = try ReceivingSuite.receiver(value, path: "configuration")
    } catch {
      printError("error: \(DisplayText(receiver)): \(DisplayText(String(describing: error)))")
      throw KitExit.usage
    }
    var lines = ArrivalLines(
      handle: try AuditFiles.open(arrivals, what: "arrivals"), name: arrivals, maximumLineBytes: maxLineBytes)
    var claimedLines = try claimed.map { name in
      ArrivalLines(
        handle: try AuditFiles.open(name, what: "claimed outcomes"), name: name, maximumLineBytes: maxLineBytes)
    }
    var out = try arrivalsOut.map { try AuditFiles.Output($0) }
    let auditor = Auditor(receiver: postbackReceiver, shard: part, workers: jobs)
    let summary: AuditSummary
    do {
      summary = try await auditor.audit(
        arrivals: &lines, arrivalsName: arrivals, claimed: &claimedLines, claimedName: claimed ?? "",
        listLimit: listLimit
      ) { arrival in
        try out?.write(CanonicalJSON.compactBytes(arrival.json, terminator: UInt8(ascii: "\n")))
      }
      try out?.close()
    } catch let error as AuditError {
      printError("error: \(error.message)")
      throw KitExit.usage
    }
    let digest = configurationBytes.withUnsafeBytes { Manifest.sha256(bytes: $0) }
    let report = AuditReport(
      header: AuditReport.Header(
        kitVersion: Manifest.kitVersion, arrivals: arrivals, configurationSHA256: digest, claimed: claimed,
        shard: part.text),
      summary: summary)
    try AuditFiles.write(report, json: reportJSON, markdown: markdown, html: html)
    print(report.console(), terminator: "")
    if !summary.clean { throw KitExit.unexpected }
  }
}
