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

  /// The previous conversion for the app: when it was created and its kind, which chooses
  /// the cooldown (AT-8).
  public struct PreviousConversion: Sendable, Hashable {
    /// When it was created.
    public var time: Timestamp
    /// Whether it was an install or a re-engagement.
    public var kind: Kind

    /// Creates a previous conversion.
    public init(time: Timestamp, kind: Kind) {
      self.time = time
      self.kind = kind
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
  /// The previous conversion (install or re-engagement), for the cooldowns (AT-8).
  public var lastConversion: PreviousConversion?
  /// The device's re-engagement counts and limits (AT-19); `nil` when no limit applies.
  public var reengagementLimits: ReengagementLimits?

  /// Whether the app counts as installed before an event that does not say: a re-engagement
  /// needs it, an install does not have it (kit-defined, Spec/attribution.md).
  public static func defaultAppInstalled(for kind: Kind) -> Bool { kind == .reengagement }

  /// Creates an event.
  public init(
    kind: Kind, time: Timestamp, appInstalled: Bool, firstUpdate: Timestamp?, lastConversion: PreviousConversion?,
    reengagementLimits: ReengagementLimits? = nil
  ) {
    self.kind = kind
    self.time = time
    self.appInstalled = appInstalled
    self.firstUpdate = firstUpdate
    self.lastConversion = lastConversion
    self.reengagementLimits = reengagementLimits
  }
}
