import SKANJSON

/// The request the Singular SKAN 4 S2S client sends (S2S-18): the snippet's
/// `prepareQueryParams`, the fixed keys, the IDFA when the ATT gate lets it through
/// (ATT-7), then every snapshot key that has a value.
public struct SingularConversionRequest: Sendable, Hashable {
  /// The app and device the client reports.
  public struct Configuration: Sendable, Hashable {
    /// `a`: the SDK key.
    public var apiKey: String
    /// `v`: the iOS version.
    public var osVersion: String
    /// `i`: the bundle ID.
    public var bundleID: String
    /// `app_v`: the app version.
    public var appVersion: String
    /// `idfv`.
    public var idfv: String
    /// The identifier the device returned, forwarded as `idfa` only when ``tracking``
    /// allows it (ATT-7).
    public var idfa: AdvertisingIdentifier
    /// The user's tracking choices; `nil` when unknown, which forwards nothing (ATT-5).
    public var tracking: TrackingState?

    /// Creates a configuration.
    public init(
      apiKey: String, osVersion: String, bundleID: String, appVersion: String, idfv: String,
      idfa: AdvertisingIdentifier, tracking: TrackingState?
    ) {
      self.apiKey = apiKey
      self.osVersion = osVersion
      self.bundleID = bundleID
      self.appVersion = appVersion
      self.idfv = idfv
      self.idfa = idfa
      self.tracking = tracking
    }
  }

  /// The Singular conversion-value endpoint of the guide's snippet.
  public static let url = "https://sdk-api-v1.singular.net/api/v2/conversion_value"

  /// The windows the client's lifecycle is replayed with to get the snapshot a request is
  /// built from: production (S2S-18, Spec/s2s.md); a request has no window profile of its own.
  public static let lifecycleProfile = WindowProfile.production

  /// The HTTP method.
  public let method = "GET"
  /// The query parameters: numbers in decimal, revenue objects as compact JSON.
  public let query: [String: String]

  /// Builds the request for an event after the lifecycle reached `snapshot`.
  public init(configuration: Configuration, event: String, snapshot: SingularLifecycle.Snapshot) {
    var query = [
      "a": configuration.apiKey, "v": configuration.osVersion, "i": configuration.bundleID,
      "app_v": configuration.appVersion, "n": event, "p": "iOS", "idfv": configuration.idfv,
    ]
    // ATT-7: no IDFA to forward means no `idfa` parameter, not the zero UUID.
    if let idfa = IDFAGate.forwarded(configuration.idfa, tracking: configuration.tracking) {
      query["idfa"] = idfa.text
    } else if RuleVariant.zeroIDFASentWhenWithheld.isActive {
      query["idfa"] = AdvertisingIdentifier.zero
    }
    if RuleVariant.configuredIDFAAlwaysSent.isActive { query["idfa"] = configuration.idfa.text }
    for (key, value) in snapshot.guideFields {
      switch value {
      case .null: continue
      case .integer(let number): query[key] = String(number)
      default: query[key] = CanonicalJSON.compact(value)
      }
    }
    self.query = query
  }
}
