public import SKANRunner
import SKANVerdicts

/// What changed between two runs' reports (`skan-conform report diff OLD NEW`): regressions,
/// fixes, changed expectations, and cases run in only one of them.
///
/// A case is *as expected* as `run` judges it (`CaseResult.isAsExpected`: a pass, a skip
/// without an expectation, or its expected status). A regression is a case as expected in
/// the earlier report and not in the later one, with a different status; a fix, the reverse;
/// a case whose status stayed and whose expectation changed is an expectation change, never a
/// regression. Cases skipped in one report and absent from the other are counted, not listed.
public struct ReportDiff: Sendable {
  /// One case's status in a report, with its expectation if it had one.
  public struct Entry: Sendable, Equatable {
    /// The case's status.
    public var status: CaseStatus
    /// The status an expectations file gave it, if any.
    public var expected: CaseStatus?
    /// Whether `run` judged it as expected.
    public var asExpected: Bool

    /// `pass`, `fail (expected)`, `fail (expected timeout)`.
    public var description: String {
      guard let expected else { return status.rawValue }
      return status == expected ? "\(status.rawValue) (expected)" : "\(status.rawValue) (expected \(expected.rawValue))"
    }
  }

  /// A case present in both reports whose judgement changed.
  public struct Change: Sendable, Equatable {
    /// The case ID, as read from the report (untrusted: show it through `DisplayText`).
    public var id: String
    /// Its entry in the earlier report.
    public var before: Entry
    /// Its entry in the later report.
    public var after: Entry
  }

  /// Cases as expected before and not after, in ID order.
  public private(set) var regressions: [Change] = []
  /// Cases not as expected before and as expected after, in ID order.
  public private(set) var fixes: [Change] = []
  /// Cases with the same status whose judgement changed because their expectation did.
  public private(set) var expectationChanges: [Change] = []
  /// Cases in the later report only, not skipped, in ID order, with their entries.
  public private(set) var added: [(id: String, entry: Entry)] = []
  /// Cases in the earlier report only, not skipped, in ID order, with their entries.
  public private(set) var removed: [(id: String, entry: Entry)] = []
  /// Cases in one report only that were skipped there: counted, not listed.
  public private(set) var skippedInOneOnly = 0

  /// Compares `before` with `after`, case by case (by ID).
  public init(before: RunReport, after: RunReport) {
    let earlier = Self.entries(before)
    let later = Self.entries(after)
    for (id, now) in later.sorted(by: { $0.key < $1.key }) {
      guard let then = earlier[id], then.asExpected != now.asExpected else { continue }
      let change = Change(id: id, before: then, after: now)
      if then.status == now.status {
        expectationChanges.append(change)
      } else if then.asExpected {
        regressions.append(change)
      } else {
        fixes.append(change)
      }
    }
    let onlyLater = Set(later.keys).subtracting(earlier.keys)
    let onlyEarlier = Set(earlier.keys).subtracting(later.keys)
    added = onlyLater.compactMap { id in later[id].flatMap { $0.status == .skipped ? nil : (id, $0) } }
      .sorted { $0.id < $1.id }
    removed = onlyEarlier.compactMap { id in earlier[id].flatMap { $0.status == .skipped ? nil : (id, $0) } }
      .sorted { $0.id < $1.id }
    skippedInOneOnly = onlyLater.count - added.count + onlyEarlier.count - removed.count
  }

  /// Whether any case regressed: what makes `report diff` exit 1.
  public var hasRegressions: Bool { !regressions.isEmpty }

  /// The listing `report diff` prints, one line per case (`REGRESSION id: pass → fail`, then
  /// `FIXED`, `EXPECTATION CHANGED`, `ADDED`, `REMOVED`), case IDs shown through
  /// `DisplayText`, and a summary line last.
  public var lines: [String] {
    func change(_ change: Change) -> String {
      "\(DisplayText(change.id)): \(change.before.description) → \(change.after.description)"
    }
    var lines: [String] = []
    lines += regressions.map { "REGRESSION " + change($0) }
    lines += fixes.map { "FIXED " + change($0) }
    lines += expectationChanges.map { "EXPECTATION CHANGED " + change($0) }
    lines += added.map { "ADDED \(DisplayText($0.id)): \($0.entry.description)" }
    lines += removed.map { "REMOVED \(DisplayText($0.id)): \($0.entry.description)" }
    lines.append(
      "\(regressions.count) regression(s), \(fixes.count) fix(es), \(expectationChanges.count) expectation change(s), \(added.count) added, \(removed.count) removed, \(skippedInOneOnly) skipped case(s) in one report only"
    )
    return lines
  }

  private static func entries(_ report: RunReport) -> [String: Entry] {
    var entries: [String: Entry] = [:]
    for result in report.results {
      entries[result.id] = Entry(
        status: result.status, expected: result.expectedStatus, asExpected: result.isAsExpected)
    }
    return entries
  }
}
