import SKANJSON
import SKANModel

/// `op: "build-request"`: the client side, the request an SDK-less client sends (S2S-13, S2S-18).
enum S2SRequestBuilding {
  static func build(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let api = try reader.string("api")
    switch api {
    case "appsflyer": return try appsFlyer(reader)
    case "singular": return try singular(reader)
    default: throw ModelError(.invalidInput, "input.api \"\(api)\" is not appsflyer or singular")
    }
  }

  /// S2S-13, through ``AppsFlyerConversionRequest``.
  private static func appsFlyer(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let devKey = try reader.string("dev_key")
    let appID = try reader.string("app_id")
    let uid = try reader.string("uid")
    let time = try reader.timestamp("timestamp")
    let request: AppsFlyerConversionRequest
    do {
      request = try AppsFlyerConversionRequest(
        profile: profile, devKey: devKey, appID: appID, uid: uid, timestamp: time, crypto: Suite.crypto)
    } catch {
      throw ModelError(error.code, "input.timestamp: \(error.message)")
    }
    return [
      "method": .string(request.method), "path": .string(request.path),
      "query": .object(request.query.mapValues { .string($0) }),
      "headers": .object(request.headers.mapValues { .string($0) }),
    ]
  }

  /// S2S-18, through ``SingularConversionRequest``: the lifecycle's steps replayed by the model,
  /// then the request from the last snapshot.
  private static func singular(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let config = try InputReader(.object(try reader.object("config")), path: "input.config")
    let event = try reader.string("event")
    let steps = try reader.array("steps")
    // The reading order Spec/s2s.md gives: the input's shape (IN-1), then the IDFA's syntax
    // (ATT-4), then each step, read and applied in turn.
    let apiKey = try config.string("api_key")
    let osVersion = try config.string("os_version")
    let bundleID = try config.string("bundle_id")
    let appVersion = try config.string("app_version")
    let idfv = try config.string("idfv")
    let idfaText = try config.string("idfa")
    let tracking = try reader.tracking("att")
    let idfa: AdvertisingIdentifier
    do {
      idfa = try AdvertisingIdentifier(parsing: idfaText)
    } catch {
      throw ModelError(error.code, "input.config.idfa: \(error.message)")
    }
    let configuration = SingularConversionRequest.Configuration(
      apiKey: apiKey, osVersion: osVersion, bundleID: bundleID, appVersion: appVersion, idfv: idfv, idfa: idfa,
      tracking: tracking)
    var lifecycle = SingularLifecycle(profile: SingularConversionRequest.lifecycleProfile)
    for (index, element) in steps.enumerated() {
      _ = try lifecycle.apply(try LifecycleStepDecoder.step(element, path: "input.steps[\(index)]"))
    }
    let request = SingularConversionRequest(configuration: configuration, event: event, snapshot: lifecycle.snapshot)
    return [
      "method": .string(request.method), "url": .string(SingularConversionRequest.url),
      "query": .object(request.query.mapValues { .string($0) }),
    ]
  }
}
