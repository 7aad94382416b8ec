import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "build-request"`: the client side, the request an SDK-less client sends (S2S-13, S2S-18).
enum S2SRequestBuilding {
  typealias Input = S2SSuite.Input
  typealias Config = S2SSuite.Config

  static func build(_ reader: InputReader) throws(ModelError) -> JSONValue {
    var api = try reader.string(Input.api.rawValue)
    // A variant builds an AppsFlyer request for an api it does not know.
    if RuleVariant.s2sUnknownAPIIsAppsFlyer.isActive, S2SSuite.RequestAPI(rawValue: api) == nil {
      api = S2SSuite.RequestAPI.appsflyer.rawValue
    }
    switch try S2SSuite.RequestAPI.choice(api, at: "input.\(Input.api.rawValue)") {
    case .appsflyer: return try appsFlyer(reader)
    case .singular: return try singular(reader)
    }
  }

  /// S2S-13, through ``AppsFlyerConversionRequest``.
  private static func appsFlyer(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let devKey = try reader.string(Input.devKey.rawValue)
    let appID = try reader.string(Input.appID.rawValue)
    let uid = try reader.string(Input.uid.rawValue)
    let time = try reader.timestamp(Input.timestamp.rawValue)
    let request: AppsFlyerConversionRequest
    do {
      request = try AppsFlyerConversionRequest(
        profile: profile, devKey: devKey, appID: appID, uid: uid, timestamp: time, crypto: Suite.crypto)
    } catch {
      throw ModelError(error.code, "input.\(Input.timestamp.rawValue): \(error.message)")
    }
    return S2SSuite.Output.object([
      .method: .string(request.method), .path: .string(request.path),
      .query: .object(request.query.mapValues { .string($0) }),
      .headers: .object(request.headers.mapValues { .string($0) }),
    ])
  }

  /// S2S-18, through ``SingularConversionRequest``: the lifecycle's steps replayed by the model,
  /// then the request from the last snapshot.
  private static func singular(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let config = try InputReader(
      .object(try reader.object(Input.config.rawValue)), path: "input.\(Input.config.rawValue)")
    let event = try reader.string(Input.event.rawValue)
    let steps = try reader.array(Input.steps.rawValue)
    // The reading order Spec/s2s.md gives: the input's shape (IN-1), then the IDFA's syntax
    // (ATT-4), then each step, read and applied in turn.
    /// The configuration's member `key`, a string; under a variant, `missing` when it is absent
    /// (empty text, the all-zero UUID for the IDFA).
    func member(_ key: Config, missing: String = "") throws(ModelError) -> String {
      if RuleVariant.s2sMissingConfigEmpty.isActive, config.members[key.rawValue] == nil { return missing }
      return try config.string(key.rawValue)
    }
    let apiKey = try member(.apiKey)
    let osVersion = try member(.osVersion)
    let bundleID = try member(.bundleID)
    let appVersion = try member(.appVersion)
    let idfv = try member(.idfv)
    let idfaText = try member(.idfa, missing: AdvertisingIdentifier.zero)
    let tracking = try reader.tracking(Input.att.rawValue)
    let idfa: AdvertisingIdentifier
    do {
      idfa = try IDFAGate.identifier(parsing: idfaText, tracking: tracking)
    } catch {
      throw ModelError(error.code, "input.\(Input.config.rawValue).\(Config.idfa.rawValue): \(error.message)")
    }
    let configuration = SingularConversionRequest.Configuration(
      apiKey: apiKey, osVersion: osVersion, bundleID: bundleID, appVersion: appVersion, idfv: idfv, idfa: idfa,
      tracking: tracking)
    var lifecycle = SingularLifecycle(profile: SingularConversionRequest.lifecycleProfile)
    for (index, element) in steps.enumerated() {
      _ = try lifecycle.apply(try LifecycleStepDecoder.step(element, path: "input.\(Input.steps.rawValue)[\(index)]"))
    }
    let request = SingularConversionRequest(configuration: configuration, event: event, snapshot: lifecycle.snapshot)
    return S2SSuite.Output.object([
      .method: .string(request.method), .url: .string(SingularConversionRequest.url),
      .query: .object(request.query.mapValues { .string($0) }),
    ])
  }
}
