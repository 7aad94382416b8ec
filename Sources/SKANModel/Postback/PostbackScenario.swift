/// Everything the device knows when it builds the postbacks of one attribution.
public struct PostbackScenario: Sendable, Hashable {
  /// SKAdNetwork or AdAttributionKit.
  public enum Framework: String, Sendable, Hashable, CaseIterable {
    /// SKAdNetwork (`ad-network-id`, `source-identifier`, `attribution-signature`).
    case skadnetwork
    /// AdAttributionKit (a JWS payload plus outer members).
    case adattributionkit
  }

  /// What brought the user: a view or a click (SKAdNetwork's `fidelity-type` 0 or 1).
  public enum Interaction: String, Sendable, Hashable, CaseIterable {
    /// A view-through impression (`fidelity-type` 0).
    case view
    /// A StoreKit-rendered ad, a web ad or a click (`fidelity-type` 1).
    case click
  }

  /// AdAttributionKit's `conversion-type`.
  public enum ConversionType: String, Sendable, Hashable, CaseIterable {
    /// A first install.
    case download
    /// An install of an app the user had before.
    case redownload
    /// The user came back to an installed app (AAK-RCV writes it `re-engagement`).
    case reengagement = "re-engagement"

    /// A conversion type as either of Apple's pages spells it: `reengagement` (AAK-RCV) is
    /// read as `re-engagement` (PB-11, SIG-18); `nil` for anything else.
    public init?(spelling text: String) {
      self.init(rawValue: Self.canonicalSpelling(text))
    }

    /// `text` with Apple's unhyphenated `reengagement` written `re-engagement`, the one
    /// spelling the kit reports (PB-11, SIG-18); any other text unchanged.
    public static func canonicalSpelling(_ text: String) -> String {
      text == "reengagement" ? "re-engagement" : text
    }
  }

  /// The version of an ad signed for SKAdNetwork 4, whose postbacks follow the conversion
  /// windows (PB-10 to PB-16 for the others).
  public static let skadnetwork4Version = "4.0"
  /// The ad version of a scenario that names none (kit-defined, Spec/postback.md).
  public static let defaultAdVersion = skadnetwork4Version
  /// The conversion type of a scenario that names none (kit-defined, Spec/postback.md).
  public static let defaultConversionType = ConversionType.download
  /// Whether a scenario that does not say won (kit-defined, Spec/postback.md).
  public static let defaultDidWin = true

  /// The framework.
  public var framework: Framework
  /// For SKAdNetwork: the version the ad was signed with (`4.0`, `3.0`, `2.2`, `2.1`).
  public var adVersion: String

  /// Whether the postbacks follow SKAdNetwork 4's conversion windows: AdAttributionKit, or an
  /// ad signed 4.0; older ads follow their version's rules (PB-10, PB-14 to PB-16).
  public var followsConversionWindows: Bool {
    framework == .adattributionkit || adVersion == Self.skadnetwork4Version
  }
  /// Whether the ad is a development ad, whose postbacks Developer Mode shortens (PB-17): a
  /// source app (AdAttributionKit publisher) of 0, or a SKAdNetwork web ad.
  public var isDevelopmentAd: Bool {
    identifiers.sourceAppID == 0 || (framework == .skadnetwork && identifiers.sourceDomain != nil)
      || (profile == .aakDeveloper && RuleVariant.postbackDeveloperModeForProductionAds.isActive)
  }
  /// Whether the postbacks are development postbacks, which carry the highest data tier
  /// whatever the tiers given (PB-22): a source app (AdAttributionKit publisher) of 0, or a
  /// SKAdNetwork web ad clicked while Developer Mode is on (`aak-developer`).
  public var isDevelopmentPostback: Bool {
    identifiers.sourceAppID == 0 || (profile == .aakDeveloper && isDevelopmentAd)
  }
  /// Whether this network's impression won (PB-7).
  public var didWin: Bool
  /// View or click.
  public var interaction: Interaction
  /// The conversion type; for SKAdNetwork only download and redownload exist.
  public var conversionType: ConversionType
  /// The window layout.
  public var profile: WindowProfile
  /// The start of the first window.
  public var t0: Timestamp
  /// The conversion-value updates the app made.
  public var updates: [ConversionUpdate]
  /// The tiers for each postback (sequence index 0, 1, 2).
  public var tiers: [SourceIdentifierTiers]
  /// The ad's identifiers.
  public var identifiers: AdIdentifiers
  /// When a later re-engagement closed this conversion (PB-20, the `attribution` suite's
  /// `closed_at`, AT-17); `nil` when nothing closed it.
  public var closedAt: Timestamp?

  /// Creates a scenario.
  public init(
    framework: Framework, adVersion: String, didWin: Bool, interaction: Interaction, conversionType: ConversionType,
    profile: WindowProfile, t0: Timestamp, updates: [ConversionUpdate], tiers: [SourceIdentifierTiers],
    identifiers: AdIdentifiers, closedAt: Timestamp? = nil
  ) {
    self.closedAt = closedAt
    self.framework = framework
    self.adVersion = adVersion
    self.didWin = didWin
    self.interaction = interaction
    self.conversionType = conversionType
    self.profile = profile
    self.t0 = t0
    self.updates = updates
    self.tiers = tiers
    self.identifiers = identifiers
  }
}

/// The identifiers an ad and its install carry into the postback.
public struct AdIdentifiers: Sendable, Hashable {
  /// The ad network's ID (`ad-network-id`, `ad-network-identifier`).
  public var adNetworkID: String
  /// The source identifier, 0...9999 (SKAdNetwork 4, AdAttributionKit) or the campaign ID
  /// (SKAdNetwork 2 and 3).
  public var sourceIdentifier: Int
  /// The advertised app (`app-id`, `advertised-item-identifier`).
  public var advertisedAppID: Int
  /// The app that showed the ad (`source-app-id`, `publisher-item-identifier`), if an app.
  public var sourceAppID: Int?
  /// The website that showed the ad (`source-domain`), if a web ad.
  public var sourceDomain: String?
  /// The install's country, when its crowd is large enough (`country-code`).
  public var countryCode: String?
  /// AdAttributionKit: the marketplace (`marketplace-identifier`).
  public var marketplaceID: String?
  /// One identifier per postback (`transaction-id`, `postback-identifier`), by sequence index.
  public var postbackIDs: [String]

  /// Creates identifiers.
  public init(
    adNetworkID: String, sourceIdentifier: Int, advertisedAppID: Int, sourceAppID: Int?, sourceDomain: String?,
    countryCode: String?, marketplaceID: String?, postbackIDs: [String]
  ) {
    self.adNetworkID = adNetworkID
    self.sourceIdentifier = sourceIdentifier
    self.advertisedAppID = advertisedAppID
    self.sourceAppID = sourceAppID
    self.sourceDomain = sourceDomain
    self.countryCode = countryCode
    self.marketplaceID = marketplaceID
    self.postbackIDs = postbackIDs
  }
}
