import SKANJSON
import SKANModel
import SKANSignatures

/// `op: "build-request"`: the client side, the request an SDK-less client sends (S2S-13, S2S-18).
enum S2SRequestBuilding {
  /// The Singular conversion-value endpoint of the guide's snippet.
  static let singularURL = "https://sdk-api-v1.singular.net/api/v2/conversion_value"

  static func build(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let api = try reader.string("api")
    switch api {
    case "appsflyer": return try appsFlyer(reader)
    case "singular": return try singular(reader)
    default: throw ModelError(.invalidInput, "input.api \"\(api)\" is not appsflyer or singular")
    }
  }

  /// S2S-13: GET the v2.0 path with app_id, uid, sdk_version; the timestamp (Unix milliseconds,
  /// in decimal) and the signature in headers.
  private static func appsFlyer(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let devKey = try reader.string("dev_key")
    let appID = try reader.string("app_id")
    let uid = try reader.string("uid")
    let time = try reader.timestamp("timestamp")
    guard time.milliseconds >= 0 else {
      throw ModelError(.invalidInput, "input.timestamp must not be negative")
    }
    let timestamp = String(time.milliseconds)
    let message = profile.message(timestamp: timestamp, devKey: devKey, appID: appID, uid: uid)
    return [
      "method": "GET",
      "path": .string(S2SRequestShape.path),
      "query": [
        S2SRequestShape.appID: .string(appID), S2SRequestShape.uid: .string(uid),
        S2SRequestShape.sdkVersion: .string(S2SRequestShape.sdkVersionValue),
      ],
      "headers": [
        S2SRequestShape.timestampHeader: .string(timestamp),
        S2SRequestShape.signatureHeader: .string(HMACSigner.hexSignature(message: message, key: devKey)),
      ],
    ]
  }

  /// S2S-18: the snippet's `prepareQueryParams`: the fixed keys, then every snapshot key
  /// that has a value, numbers in decimal and revenue objects as compact JSON.
  private static func singular(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let config = try InputReader(.object(try reader.object("config")), path: "input.config")
    let event = try reader.string("event")
    let steps = try reader.array("steps")
    var query: [String: JSONValue] = [
      "a": .string(try config.string("api_key")),
      "v": .string(try config.string("os_version")),
      "i": .string(try config.string("bundle_id")),
      "app_v": .string(try config.string("app_version")),
      "n": .string(event),
      "p": "iOS",
      "idfv": .string(try config.string("idfv")),
      "idfa": .string(try config.string("idfa")),
    ]
    let snapshot: JSONValue
    if steps.isEmpty {
      snapshot = LifecycleSuite.encode(SingularLifecycle(profile: .production).snapshot)
    } else {
      let output = try LifecycleSuite.evaluate(["steps": .array(steps)])
      snapshot = output["steps"]?.arrayValue?.last?["snapshot"] ?? .null
    }
    for (key, value) in snapshot.objectValue ?? [:] {
      switch value {
      case .null: continue
      case .integer(let number): query[key] = .string(String(number))
      case .object: query[key] = .string(CanonicalJSON.compact(value))
      default: query[key] = .string(CanonicalJSON.compact(value))
      }
    }
    return ["method": "GET", "url": .string(singularURL), "query": .object(query)]
  }
}
