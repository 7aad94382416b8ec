import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVocabulary

/// An audit's report (Spec/audit.md, "Reports"): where it came from, and its summary. Its JSON
/// form (Spec/schema/audit-report.schema.json) is what `audit merge` reads back; the console,
/// Markdown and HTML forms are written from it.
public struct AuditReport: Sendable {
  /// Where the audit came from: shards of one audit agree on everything but `shard`.
  public struct Header: Sendable, Hashable {
    /// The kit's version.
    public var kitVersion: String
    /// The arrivals file as named on the command line (`-` for standard input).
    public var arrivals: String
    /// The SHA-256 of the receiver's configuration file, lower-case hex.
    public var configurationSHA256: String
    /// The claimed-outcomes file, with `--claimed`.
    public var claimed: String?
    /// The part of the file audited (`1/1` for the whole), or the shards merged (`merged 4`).
    public var shard: String

    /// Creates a header.
    public init(kitVersion: String, arrivals: String, configurationSHA256: String, claimed: String?, shard: String) {
      self.kitVersion = kitVersion
      self.arrivals = arrivals
      self.configurationSHA256 = configurationSHA256
      self.claimed = claimed
      self.shard = shard
    }
  }

  /// The format's version.
  public static let schemaVersion = 1
  /// Where it came from.
  public var header: Header
  /// What it found.
  public var summary: AuditSummary

  /// Creates a report.
  public init(header: Header, summary: AuditSummary) {
    self.header = header
    self.summary = summary
  }

  /// The JSON report: every member always present.
  public var json: JSONValue {
    func counts(_ values: [String: Int]) -> JSONValue { .object(values.mapValues { .integer($0) }) }
    func list(_ entries: [AuditSummary.Entry]) -> JSONValue {
      .array(
        entries.map { entry in
          .object([
            "line": .integer(entry.line), "kind": .string(entry.kind),
            "detail": entry.detail.map(JSONValue.string) ?? .null,
          ])
        })
    }
    return .object([
      "schema_version": .integer(Self.schemaVersion),
      "header": .object([
        "kit_version": .string(header.kitVersion), "arrivals": .string(header.arrivals),
        "configuration_sha256": .string(header.configurationSHA256),
        "claimed": header.claimed.map(JSONValue.string) ?? .null, "shard": .string(header.shard),
        "list_limit": .integer(summary.listLimit),
      ]),
      "clean": .bool(summary.clean), "lines": .integer(summary.lines), "audited": .integer(summary.audited),
      "totals": ReceivingSuite.encode(summary.tally.totals),
      "reasons": counts(summary.reasons),
      "breakdown": .object(summary.breakdown.mapValues { values in .object(values.mapValues(counts)) }),
      "findings": counts(summary.findings), "arrivals_with_findings": .integer(summary.arrivalsWithFindings),
      "counted_with_findings": .integer(summary.countedWithFindings),
      "disagreements": summary.disagreements.map(counts) ?? .null,
      "claimed_counted": summary.claimedCounted.map(JSONValue.integer) ?? .null,
      "finding_list": list(summary.findingList), "disagreement_list": list(summary.disagreementList),
    ])
  }

  /// Reads a JSON report back; an error naming the member for anything else.
  public init(json value: JSONValue, name: String) throws(AuditError) {
    let file = VisibleName(name)
    func fail(_ member: String) -> AuditError {
      AuditError(.mergeMismatch, "\(file): not an audit report from this kit (`\(member)`)")
    }
    guard value["schema_version"]?.exactInteger == Self.schemaVersion else { throw fail("schema_version") }
    guard let header = value["header"], let kit = header["kit_version"]?.stringValue,
      let arrivals = header["arrivals"]?.stringValue, let digest = header["configuration_sha256"]?.stringValue,
      let shard = header["shard"]?.stringValue, let limit = header["list_limit"]?.exactInteger, limit >= 0
    else { throw fail("header") }
    let claimed = header["claimed"]?.stringValue
    func integer(_ member: String) throws(AuditError) -> Int {
      guard let number = value[member]?.exactInteger, number >= 0 else { throw fail(member) }
      return number
    }
    func counts(_ object: JSONValue?, _ member: String) throws(AuditError) -> [String: Int] {
      guard let members = object?.objectValue else { throw fail(member) }
      var result: [String: Int] = [:]
      for (key, count) in members {
        guard let number = count.exactInteger, number >= 0 else { throw fail(member) }
        result[key] = number
      }
      return result
    }
    func list(_ member: String) throws(AuditError) -> [AuditSummary.Entry] {
      guard let elements = value[member]?.arrayValue, elements.count <= limit else { throw fail(member) }
      var entries: [AuditSummary.Entry] = []
      for element in elements {
        guard let line = element["line"]?.exactInteger, let kind = element["kind"]?.stringValue else {
          throw fail(member)
        }
        entries.append(AuditSummary.Entry(line: line, kind: kind, detail: element["detail"]?.stringValue))
      }
      return entries
    }
    var breakdown: [String: [String: [String: Int]]] = [:]
    guard let dimensions = value["breakdown"]?.objectValue else { throw fail("breakdown") }
    for (dimension, values) in dimensions {
      guard let members = values.objectValue else { throw fail("breakdown") }
      for (key, statuses) in members { breakdown[dimension, default: [:]][key] = try counts(statuses, "breakdown") }
    }
    let totals = try Self.totals(value["totals"], fail: fail)
    let disagreements =
      value["disagreements"]?.isNull == false ? try counts(value["disagreements"], "disagreements") : nil
    let claimedCounted = value["claimed_counted"]?.isNull == false ? try integer("claimed_counted") : nil
    self.header = Header(
      kitVersion: kit, arrivals: arrivals, configurationSHA256: digest, claimed: claimed, shard: shard)
    self.summary = AuditSummary(
      lines: try integer("lines"), audited: try integer("audited"), tally: ReceivingTally(totals),
      reasons: try counts(value["reasons"], "reasons"), breakdown: breakdown,
      findings: try counts(value["findings"], "findings"), arrivalsWithFindings: try integer("arrivals_with_findings"),
      countedWithFindings: try integer("counted_with_findings"), disagreements: disagreements,
      claimedCounted: claimedCounted, findingList: try list("finding_list"),
      disagreementList: try list("disagreement_list"), listLimit: limit)
  }

  /// The totals member read back.
  static func totals(_ value: JSONValue?, fail: (String) -> AuditError) throws(AuditError) -> ReceivingTotals {
    typealias Totals = ReceivingSuite.Totals
    typealias Row = ReceivingSuite.Row
    guard let value else { throw fail("totals") }
    func count(_ member: Totals) throws(AuditError) -> Int {
      guard let number = value[member.rawValue]?.exactInteger, number >= 0 else { throw fail("totals") }
      return number
    }
    func environment(_ text: String) -> ReceivedPostback.Environment? { .init(rawValue: text) }
    func framework(_ text: String) -> ReceivedPostback.Framework? { .init(rawValue: text) }
    func conversionType(_ text: String) -> PostbackScenario.ConversionType? { .init(rawValue: text) }
    var rows: [ReceivingTotals.Row] = []
    for row in value[Totals.rows.rawValue]?.arrayValue ?? [] {
      let environment = row[Row.environment.rawValue]?.stringValue.flatMap(environment(_:))
      let framework = row[Row.framework.rawValue]?.stringValue.flatMap(framework(_:))
      let type = row[Row.conversionType.rawValue]?.stringValue.flatMap(conversionType(_:))
      guard let environment, let framework, let type, let network = row[Row.adNetworkID.rawValue]?.stringValue,
        let didWin = row[Row.didWin.rawValue]?.boolValue, let number = row[Row.count.rawValue]?.exactInteger,
        number >= 0
      else { throw fail("totals.rows") }
      rows.append(
        ReceivingTotals.Row(
          environment: environment, framework: framework, adNetworkID: network, conversionType: type,
          window: row[Row.window.rawValue]?.exactInteger, didWin: didWin, count: number))
    }
    let byStatus: [ReceivedPostback.Status: Int] = [
      .counted: try count(.counted), .duplicate: try count(.duplicates), .excluded: try count(.excluded),
      .rejected: try count(.rejected), .unverifiable: try count(.unverifiable),
    ]
    return ReceivingTotals(received: try count(.received), byStatus: byStatus, rows: rows)
  }
}
