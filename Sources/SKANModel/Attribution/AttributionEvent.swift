/// What the attribution is for: an install, or a re-engagement (an app open from an ad).
public struct AttributionEvent: Sendable, Hashable {
  /// Install or re-engagement.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The app was installed (or re-downloaded) and launched.
    case install
    /// An installed app was opened from an ad.
    case reengagement = "re-engagement"

    /// A kind as either of Apple's pages spells it (`reengagement` is `re-engagement`).
    public init?(spelling text: String) {
      self.init(rawValue: PostbackScenario.ConversionType.canonicalSpelling(text))
    }
  }

  /// The kind.
  public var kind: Kind
  /// When it happened.
  public var time: Timestamp
  /// Whether the advertised app was installed before the event (needed for re-engagement).
  public var appInstalled: Bool
  /// When the app first updated a conversion value after the event, if it did.
  public var firstUpdate: Timestamp?
  /// When the last conversion (install or re-engagement) was created, for cooldowns.
  public var lastConversion: Timestamp?

  /// Whether the app counts as installed before an event that does not say: a re-engagement
  /// needs it, an install does not have it (kit-defined, Spec/attribution.md).
  public static func defaultAppInstalled(for kind: Kind) -> Bool { kind == .reengagement }

  /// Creates an event.
  public init(kind: Kind, time: Timestamp, appInstalled: Bool, firstUpdate: Timestamp?, lastConversion: Timestamp?) {
    self.kind = kind
    self.time = time
    self.appInstalled = appInstalled
    self.firstUpdate = firstUpdate
    self.lastConversion = lastConversion
  }
}
