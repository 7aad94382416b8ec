/// The totals of a receiver's postbacks, counted one postback at a time (RCV-19): what
/// ``ReceivingTotals`` holds for a batch, kept for a stream of any length in memory bounded by
/// the rows, not the postbacks.
public struct ReceivingTally: Sendable {
  /// How many postbacks were added.
  public private(set) var received = 0
  /// How many had each status.
  public private(set) var byStatus: [ReceivedPostback.Status: Int] = Dictionary(
    uniqueKeysWithValues: ReceivedPostback.Status.allCases.map { ($0, 0) })
  /// The counted postbacks by row, keyed by the row's members' exact bytes (RCV-5's rule for
  /// strings, not Unicode canonical equivalence).
  private var rows: [[UInt8]: ReceivingTotals.Row] = [:]
  /// The rows' keys in the order each first occurred.
  private var firstSeen: [[UInt8]] = []

  /// No postback yet.
  public init() {}

  /// Counts `postback`.
  public mutating func add(_ postback: ReceivedPostback) {
    received += 1
    byStatus[postback.status, default: 0] += 1
    guard postback.status == .counted, let reading = postback.reading, let framework = postback.framework else {
      return
    }
    let environment = RuleVariant.receivingTotalsOneEnvironment.isActive ? .production : reading.environment
    add(
      ReceivingTotals.Row(
        environment: environment, framework: framework, adNetworkID: reading.adNetworkID,
        conversionType: reading.conversionType, window: reading.window, didWin: reading.didWin, count: 1))
  }

  /// Adds `row.count` postbacks of `row`'s combination.
  private mutating func add(_ row: ReceivingTotals.Row) {
    let window = row.window.map(String.init) ?? "null"
    let key = Array(
      "\(row.environment.rawValue)\u{0}\(row.framework.rawValue)\u{0}\(row.adNetworkID)\u{0}\(row.conversionType.rawValue)\u{0}\(window)\u{0}\(row.didWin)"
        .utf8)
    if let count = rows[key]?.count {
      rows[key]?.count = count + row.count
    } else {
      firstSeen.append(key)
      rows[key] = row
    }
  }

  /// The tally whose ``totals`` are `totals` (a report read back).
  public init(_ totals: ReceivingTotals) {
    received = totals.received
    for status in ReceivedPostback.Status.allCases { byStatus[status] = totals.count(status) }
    for row in totals.rows { add(row) }
  }

  /// Adds every count of `other`, a tally of other postbacks (another shard's).
  public mutating func merge(_ other: ReceivingTally) {
    received += other.received
    for (status, count) in other.byStatus { byStatus[status, default: 0] += count }
    for key in other.firstSeen {
      if let row = other.rows[key] { add(row) }
    }
  }

  /// The totals so far, their rows in the order RCV-19 gives.
  public var totals: ReceivingTotals {
    let grouped = firstSeen.compactMap { rows[$0] }
    return ReceivingTotals(
      received: received, byStatus: byStatus,
      rows: RuleVariant.receivingTotalsUnsorted.isActive ? grouped : grouped.sorted(by: ReceivingTotals.Row.precedes))
  }
}
