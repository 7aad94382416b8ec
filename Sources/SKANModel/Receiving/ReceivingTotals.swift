import SKANJSON

/// What a dashboard shows for a batch: the number of requests of each status, and the counted
/// postbacks grouped by environment, framework, ad network, conversion type, window and
/// `did-win` (Spec/receiving.md, RCV-19; kit-defined order).
public struct ReceivingTotals: Sendable, Hashable {
  /// The counted postbacks of one combination.
  public struct Row: Sendable, Hashable {
    /// Production or development (RCV-15: never added together).
    public var environment: ReceivedPostback.Environment
    /// SKAdNetwork or AdAttributionKit.
    public var framework: ReceivedPostback.Framework
    /// The ad network.
    public var adNetworkID: String
    /// Download, redownload or re-engagement.
    public var conversionType: PostbackScenario.ConversionType
    /// The conversion window; `nil` only under a rule variant that reads none, and then
    /// before window 0.
    public var window: Int?
    /// Winners or losers.
    public var didWin: Bool
    /// How many counted postbacks have these values.
    public var count: Int

    /// Creates a row.
    public init(
      environment: ReceivedPostback.Environment, framework: ReceivedPostback.Framework, adNetworkID: String,
      conversionType: PostbackScenario.ConversionType, window: Int?, didWin: Bool, count: Int
    ) {
      self.environment = environment
      self.framework = framework
      self.adNetworkID = adNetworkID
      self.conversionType = conversionType
      self.window = window
      self.didWin = didWin
      self.count = count
    }

    /// RCV-19's order: environment, framework, ad network ID, conversion type (strings by code
    /// point), window, then `did-win` with `false` first.
    static func precedes(_ left: Row, _ right: Row) -> Bool {
      let leftText = [
        left.environment.rawValue, left.framework.rawValue, left.adNetworkID, left.conversionType.rawValue,
      ]
      let rightText = [
        right.environment.rawValue, right.framework.rawValue, right.adNetworkID, right.conversionType.rawValue,
      ]
      for (l, r) in zip(leftText, rightText) where !l.utf8.elementsEqual(r.utf8) {
        return CodePointOrder.precedes(l, r)
      }
      let leftWindow = left.window ?? -1
      let rightWindow = right.window ?? -1
      if leftWindow != rightWindow { return leftWindow < rightWindow }
      return !left.didWin && right.didWin
    }
  }

  /// Every request.
  public var received: Int
  /// Requests of each status (RCV-2 to RCV-12).
  public var byStatus: [ReceivedPostback.Status: Int]
  /// One row per combination of the counted postbacks, in RCV-19's order.
  public var rows: [Row]

  /// The totals of `postbacks`, the outcome of each request of a batch.
  public init(_ postbacks: [ReceivedPostback]) {
    var tally = ReceivingTally()
    for postback in postbacks { tally.add(postback) }
    self = tally.totals
  }

  /// Totals of `received` postbacks with these counts by status and these rows (in the rows'
  /// order).
  public init(received: Int, byStatus: [ReceivedPostback.Status: Int], rows: [Row]) {
    self.received = received
    self.byStatus = byStatus
    self.rows = rows
  }

  /// The number of requests with `status`.
  public func count(_ status: ReceivedPostback.Status) -> Int { byStatus[status] ?? 0 }
}
