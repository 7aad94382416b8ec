import SKANJSON
import SKANModel
import SKANVocabulary

/// What an audit found, in memory bounded by the number of distinct values it counts, not
/// by the arrivals: counts by outcome, the receiving totals (RCV-19), and the first
/// arrivals (by line) of each list. Two shards' summaries merge into the whole file's.
public struct AuditSummary: Sendable {
  /// One arrival named in a list: its line and what it is listed for.
  public struct Entry: Sendable, Hashable {
    /// Its line, from 1.
    public var line: Int
    /// The finding's code or the disagreement's kind.
    public var kind: String
    /// The member a finding is about; for a counted duplicate, the line of the counted one.
    public var detail: String?
  }

  /// The lines read (every shard reads every line).
  public private(set) var lines = 0
  /// The arrivals this audit judged (its shard's).
  public private(set) var audited = 0
  /// The receiving totals of the audited arrivals.
  public private(set) var tally = ReceivingTally()
  /// Arrivals by verdict reason.
  public private(set) var reasons: [String: Int] = [:]
  /// Arrivals by dimension (`framework`, `environment`, `postback_index`,
  /// `source_identifier_digits`), value and status: what the charts show.
  public private(set) var breakdown: [String: [String: [String: Int]]] = [:]
  /// Findings by code.
  public private(set) var findings: [String: Int] = [:]
  /// Arrivals with at least one finding.
  public private(set) var arrivalsWithFindings = 0
  /// Counted arrivals with a finding: postbacks a receiver counts although Apple's devices
  /// cannot send them (an unsigned member changed after signing).
  public private(set) var countedWithFindings = 0
  /// Disagreements by kind; `nil` without `--claimed`.
  public private(set) var disagreements: [String: Int]?
  /// Arrivals the receiver says it counted; `nil` without `--claimed`.
  public private(set) var claimedCounted: Int?
  /// The first arrivals with a finding, one entry per finding, by line.
  public private(set) var findingList: [Entry] = []
  /// The first arrivals with a disagreement, by line.
  public private(set) var disagreementList: [Entry] = []
  /// The dimensions of ``breakdown`` that are the receiving answer's members.
  static let framework = ReceivingSuite.Answer.framework.rawValue
  static let environment = ReceivingSuite.Answer.environment.rawValue
  /// How many entries each list keeps.
  public let listLimit: Int

  /// An empty summary whose lists keep at most `listLimit` entries each.
  public init(listLimit: Int, claimed: Bool) {
    self.listLimit = listLimit
    if claimed {
      disagreements = Dictionary(uniqueKeysWithValues: Disagreement.allCases.map { ($0.rawValue, 0) })
      claimedCounted = 0
    }
  }

  /// Counts a line that another shard judges.
  mutating func skip() { lines += 1 }

  /// Counts `arrival`.
  mutating func add(_ arrival: AuditedArrival) {
    lines += 1
    audited += 1
    let postback = arrival.postback
    tally.add(postback)
    reasons[postback.verdict.reason.rawValue, default: 0] += 1
    let status = postback.status.rawValue
    count(Self.framework, postback.framework?.rawValue ?? "none", status)
    count(Self.environment, postback.reading?.environment.rawValue ?? "none", status)
    count("postback_index", postback.reading?.window.map(String.init) ?? "none", status)
    count("source_identifier_digits", arrival.sourceDigits.map(String.init) ?? "none", status)
    if !arrival.findings.isEmpty {
      arrivalsWithFindings += 1
      if postback.status == .counted { countedWithFindings += 1 }
    }
    for finding in arrival.findings {
      findings[finding.code.rawValue, default: 0] += 1
      append(&findingList, Entry(line: arrival.line, kind: finding.code.rawValue, detail: finding.field))
    }
    if let claimed = arrival.claimed, claimed.counted { claimedCounted? += 1 }
    if let disagreement = arrival.disagreement {
      disagreements?[disagreement.rawValue, default: 0] += 1
      let detail = disagreement == .duplicateCounted ? postback.duplicateOf.map { "\($0)" } : nil
      append(&disagreementList, Entry(line: arrival.line, kind: disagreement.rawValue, detail: detail))
    }
  }

  private mutating func count(_ dimension: String, _ value: String, _ status: String) {
    breakdown[dimension, default: [:]][value, default: [:]][status, default: 0] += 1
  }

  private func append(_ list: inout [Entry], _ entry: Entry) {
    if list.count < listLimit { list.append(entry) }
  }

  /// Adds `other`, the summary of another shard of the same file: counts add up, lists are
  /// merged by line and cut to the limit, which keeps the whole file's first entries.
  public mutating func merge(_ other: AuditSummary) {
    audited += other.audited
    tally.merge(other.tally)
    for (reason, count) in other.reasons { reasons[reason, default: 0] += count }
    for (dimension, values) in other.breakdown {
      for (value, statuses) in values {
        for (status, count) in statuses {
          breakdown[dimension, default: [:]][value, default: [:]][status, default: 0] += count
        }
      }
    }
    for (code, count) in other.findings { findings[code, default: 0] += count }
    arrivalsWithFindings += other.arrivalsWithFindings
    countedWithFindings += other.countedWithFindings
    if let theirs = other.disagreements {
      for (kind, count) in theirs { disagreements?[kind, default: 0] += count }
    }
    if let theirs = other.claimedCounted { claimedCounted? += theirs }
    findingList = Array((findingList + other.findingList).sorted(by: Self.precedes).prefix(listLimit))
    disagreementList = Array((disagreementList + other.disagreementList).sorted(by: Self.precedes).prefix(listLimit))
  }

  /// Entries by line, then kind, then detail.
  static func precedes(_ left: Entry, _ right: Entry) -> Bool {
    (left.line, left.kind, left.detail ?? "") < (right.line, right.kind, right.detail ?? "")
  }

  /// Restores a summary from its fields (a shard report read back).
  init(
    lines: Int, audited: Int, tally: ReceivingTally, reasons: [String: Int],
    breakdown: [String: [String: [String: Int]]], findings: [String: Int], arrivalsWithFindings: Int,
    countedWithFindings: Int, disagreements: [String: Int]?, claimedCounted: Int?, findingList: [Entry],
    disagreementList: [Entry],
    listLimit: Int
  ) {
    self.lines = lines
    self.audited = audited
    self.tally = tally
    self.reasons = reasons
    self.breakdown = breakdown
    self.findings = findings
    self.arrivalsWithFindings = arrivalsWithFindings
    self.countedWithFindings = countedWithFindings
    self.disagreements = disagreements
    self.claimedCounted = claimedCounted
    self.findingList = findingList
    self.disagreementList = disagreementList
    self.listLimit = listLimit
  }

  /// Whether something was audited, the receiver's outcomes (with `--claimed`) agree with the
  /// kit's on every audited arrival, and no counted postback has a finding: the audit's pass.
  public var clean: Bool {
    audited > 0 && countedWithFindings == 0 && (disagreements?.values.allSatisfy { $0 == 0 } ?? true)
  }
}
