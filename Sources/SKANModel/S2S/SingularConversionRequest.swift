public import SKANJSON

/// The request the Singular SKAN 4 S2S client sends (S2S-18): the snippet's
/// `prepareQueryParams`, the fixed keys, then every snapshot key that has a value.
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
    /// `idfa`.
    public var idfa: String

    /// Creates a configuration.
    public init(apiKey: String, osVersion: String, bundleID: String, appVersion: String, idfv: String, idfa: String) {
      self.apiKey = apiKey
      self.osVersion = osVersion
      self.bundleID = bundleID
      self.appVersion = appVersion
      self.idfv = idfv
      self.idfa = idfa
    }
  }

  /// The Singular conversion-value endpoint of the guide's snippet.
  public static let url = "https://sdk-api-v1.singular.net/api/v2/conversion_value"

  /// The HTTP method.
  public let method = "GET"
  /// The query parameters: numbers in decimal, revenue objects as compact JSON.
  public let query: [String: String]

  /// Builds the request for an event after the lifecycle reached `snapshot`.
  public init(configuration: Configuration, event: String, snapshot: SingularLifecycle.Snapshot) {
    var query = [
      "a": configuration.apiKey, "v": configuration.osVersion, "i": configuration.bundleID,
      "app_v": configuration.appVersion, "n": event, "p": "iOS", "idfv": configuration.idfv,
      "idfa": configuration.idfa,
    ]
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
