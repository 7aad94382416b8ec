import Foundation
import SKANAudit
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANTestSupport
import Testing

/// Runs the auditor in process over files, as `skan-conform audit` does.
enum AuditHarness {
  /// The committed corpus of Tests/Fixtures/audit (Tests/Fixtures/make_audit_corpus.py).
  static let corpus = RepositoryPaths.fixture("audit")

  /// The audit of `arrivals` under the configuration `receiver`, with `claimed` when given:
  /// the summary and every audited arrival's record, in line order.
  static func audit(
    arrivals: String, receiver: String, claimed: String? = nil, shard: AuditShard = .whole, workers: Int = 2,
    batchLines: Int = 64, listLimit: Int = 10_000
  ) async throws -> (summary: AuditSummary, records: [JSONValue]) {
    let configuration = try JSONParser.parse(bytes: Array(try #require(FileManager.default.contents(atPath: receiver))))
    let postbackReceiver = try ReceivingSuite.receiver(configuration, path: "configuration")
    var lines = ArrivalLines(
      handle: try #require(FileHandle(forReadingAtPath: arrivals)), name: arrivals, maximumLineBytes: 1 << 20)
    var claimedLines = try claimed.map { path in
      ArrivalLines(handle: try #require(FileHandle(forReadingAtPath: path)), name: path, maximumLineBytes: 1 << 20)
    }
    var records: [JSONValue] = []
    let auditor = Auditor(receiver: postbackReceiver, shard: shard, workers: workers, batchLines: batchLines)
    let summary = try await auditor.audit(
      arrivals: &lines, arrivalsName: arrivals, claimed: &claimedLines, claimedName: claimed ?? "",
      listLimit: listLimit
    ) { records.append($0.json) }
    return (summary, records)
  }

  /// A report of `summary` with a fixed header.
  static func report(_ summary: AuditSummary, shard: String = "1/1") -> AuditReport {
    AuditReport(
      header: AuditReport.Header(
        kitVersion: "test", arrivals: "arrivals.jsonl", configurationSHA256: "0", claimed: nil, shard: shard),
      summary: summary)
  }

  /// `text` written to a new temporary file.
  static func file(_ text: String) -> String { ScratchFiles.write(text, suffix: ".jsonl") }
}
