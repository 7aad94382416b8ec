/// The outcome of attribution.
public struct AttributionDecision: Sendable, Hashable {
  /// Whether a conversion was created, and if not why.
  public enum Conversion: String, Sendable, Hashable, CaseIterable {
    /// A conversion with a winner.
    case created
    /// No impression qualified.
    case noEligibleImpression = "no-eligible-impression"
    /// The cooldown since the last conversion had not passed (AT-8).
    case cooldown
    /// Re-engagement needs the app installed (AT-9).
    case appNotInstalled = "app-not-installed"
    /// The app did not update a conversion value in time, so no postback window opened (AT-10).
    case noTimelyUpdate = "no-timely-update"
    /// A production re-engagement when the device's per-app monthly or per-device yearly
    /// re-engagement limit is reached (AT-19, AT-20).
    case reengagementLimit = "reengagement-limit"
  }

  /// What happened to one impression.
  public enum Status: String, Sendable, Hashable, CaseIterable {
    /// It won.
    case winner
    /// It lost and its network gets a `did-win: false` postback.
    case loser
    /// It was considered but gets no postback (its network already has one, five losers were
    /// chosen, or no conversion was created).
    case notChosen = "not-chosen"
    /// It was not considered; the reason says why (including `beyond-six` for one that
    /// qualified but ranked below the six considered).
    case ineligible
  }

  /// Why an impression did not qualify.
  public enum Reason: String, Sendable, Hashable, CaseIterable {
    /// Registered after the event.
    case afterEvent = "after-event"
    /// A view older than its window (AT-1, AT-2).
    case viewWindowExpired = "view-window-expired"
    /// A click older than its window (AT-1, AT-2).
    case clickWindowExpired = "click-window-expired"
    /// Its network's configuration ignores its interaction type (AT-3).
    case ignoredInteraction = "ignored-interaction"
    /// More than 15 views from its source app; it is among the oldest (AT-6).
    case overViewLimit = "over-view-limit"
    /// A development impression where a production one qualified (AT-5).
    case developmentOutranked = "development-outranked"
    /// Beyond the six impressions considered (AT-7).
    case beyondSix = "beyond-six"
    /// Re-engagement comes from clicks only (AT-9).
    case reengagementNeedsClick = "re-engagement-needs-click"
    /// The impression was not marked eligible for re-engagement (AT-9).
    case notEligibleForReengagement = "not-eligible-for-re-engagement"
    /// SKAdNetwork impressions cannot re-engage (AT-9).
    case skadnetworkCannotReengage = "skadnetwork-cannot-re-engage"
  }

  /// One impression's fate.
  public struct Verdict: Sendable, Hashable {
    /// Its ID.
    public var id: String
    /// Its status.
    public var status: Status
    /// Why, for ineligible ones.
    public var reason: Reason?
  }

  /// The conversion.
  public var conversion: Conversion
  /// The winning impression's ID.
  public var winner: String?
  /// The impressions whose networks get a losing postback, best first.
  public var losers: [String]
  /// Every impression, in input order.
  public var verdicts: [Verdict]
}
