import Foundation
import SKANAudit
import SKANJSON
import SKANModel
import SKANTestSupport
import Testing

/// The audit of the generated corpus (Tests/Fixtures/audit) finds exactly what the generator
/// planted: arrivals by status, findings by code, and, against a receiver that counts every
/// verified body as production, each double-counted arrival by line.
@Suite("Audit of a generated corpus")
struct AuditCorpusTests {
  static func expected() throws -> JSONValue {
    try JSONParser.parse(
      bytes: Array(try #require(FileManager.default.contents(atPath: AuditHarness.corpus + "/expected.json"))))
  }

  func audit(claimed: String?) async throws -> (summary: AuditSummary, records: [JSONValue]) {
    try await AuditHarness.audit(
      arrivals: AuditHarness.corpus + "/arrivals.jsonl", receiver: AuditHarness.corpus + "/receiver.json",
      claimed: claimed.map { AuditHarness.corpus + "/" + $0 })
  }

  @Test("statuses and findings are the planted numbers")
  func planted() async throws {
    let expected = try Self.expected()
    let (summary, _) = try await audit(claimed: nil)
    #expect(summary.audited == expected["arrivals"]?.exactInteger)
    let totals = summary.tally.totals
    for status in ReceivedPostback.Status.allCases {
      #expect(
        totals.count(status) == (expected["statuses"]?[status.rawValue]?.exactInteger ?? 0), "status \(status)")
    }
    let findings = (expected["findings"]?.objectValue ?? [:]).compactMapValues(\.exactInteger)
    #expect(summary.findings == findings)
    #expect(summary.countedWithFindings == findings.values.reduce(0, +))
    #expect(!summary.clean, "counted postbacks with impossible fields are not clean")
  }

  @Test("a receiver that counts retries, copies and development as production is named arrival by arrival")
  func doubleCounting() async throws {
    let expected = try Self.expected()
    let (summary, records) = try await audit(claimed: "claimed-double.jsonl")
    let kinds = (expected["disagreements"]?["double"]?.objectValue ?? [:]).compactMapValues(\.exactInteger)
    #expect((summary.disagreements ?? [:]).filter { $0.value > 0 } == kinds)
    let lines = (expected["double_counted_lines"]?.arrayValue ?? []).compactMap(\.exactInteger)
    #expect(lines.count > 10)
    let named = records.filter { $0["disagreement"]?.stringValue == Disagreement.duplicateCounted.rawValue }
      .compactMap { $0["line"]?.exactInteger }
    #expect(named == lines)
    #expect(summary.disagreementList.filter { $0.kind == "duplicate-counted" }.map(\.line) == lines)
    // Each names the counted arrival it repeats.
    for record in records where record["disagreement"]?.stringValue == Disagreement.duplicateCounted.rawValue {
      let first = try #require(record["duplicate_of_line"]?.exactInteger)
      #expect(records[first - 1]["status"]?.stringValue == "counted", "line \(first)")
    }
  }

  @Test("a receiver that counts as the kit does has no disagreement")
  func honest() async throws {
    let (summary, _) = try await audit(claimed: "claimed-honest.jsonl")
    #expect(summary.disagreements?.values.allSatisfy { $0 == 0 } == true)
    #expect(summary.claimedCounted == summary.tally.totals.count(.counted))
  }

  @Test("three shards merged are the whole file's audit, arrival by arrival")
  func shards() async throws {
    let whole = try await audit(claimed: "claimed-double.jsonl")
    var merged: AuditSummary?
    var records: [JSONValue] = []
    for index in 1...3 {
      let shard = try #require(AuditShard("\(index)/3"))
      let part = try await AuditHarness.audit(
        arrivals: AuditHarness.corpus + "/arrivals.jsonl", receiver: AuditHarness.corpus + "/receiver.json",
        claimed: AuditHarness.corpus + "/claimed-double.jsonl", shard: shard)
      #expect(part.summary.audited > 50 && part.summary.audited < whole.summary.audited, "shard \(index)")
      #expect(part.summary.lines == whole.summary.lines)
      records += part.records
      if merged == nil { merged = part.summary } else { merged?.merge(part.summary) }
    }
    records.sort { ($0["line"]?.exactInteger ?? 0) < ($1["line"]?.exactInteger ?? 0) }
    #expect(records.count == whole.records.count)
    let differing = zip(records, whole.records).filter { $0 != $1 }.map { $0.1["line"]?.exactInteger ?? 0 }
    #expect(differing.isEmpty, "arrivals whose merged record differs, by line: \(differing.prefix(10))")
    let mergedJSON = AuditHarness.report(try #require(merged)).json
    #expect(CanonicalJSON.compact(mergedJSON) == CanonicalJSON.compact(AuditHarness.report(whole.summary).json))
  }

  @Test("cut lists merge to the whole file's cut lists: the first entries by line")
  func shortLists() async throws {
    func audit(_ shard: AuditShard) async throws -> AuditSummary {
      try await AuditHarness.audit(
        arrivals: AuditHarness.corpus + "/arrivals.jsonl", receiver: AuditHarness.corpus + "/receiver.json",
        claimed: AuditHarness.corpus + "/claimed-double.jsonl", shard: shard, listLimit: 5
      ).summary
    }
    let whole = try await audit(.whole)
    #expect(whole.disagreementList.count == 5 && whole.findingList.count == 5)
    var merged = try await audit(try #require(AuditShard("1/2")))
    merged.merge(try await audit(try #require(AuditShard("2/2"))))
    #expect(merged.disagreementList == whole.disagreementList)
    #expect(merged.findingList == whole.findingList)
  }

  @Test("the JSON report reads back as the same report")
  func roundTrip() async throws {
    let (summary, _) = try await audit(claimed: "claimed-double.jsonl")
    let json = AuditHarness.report(summary).json
    let read = try AuditReport(json: JSONParser.parse(CanonicalJSON.compact(json)), name: "report.json")
    #expect(CanonicalJSON.compact(read.json) == CanonicalJSON.compact(json))
  }
}
