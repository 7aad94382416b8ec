import SKANJSON
import SKANModel

/// `op: "parse-response"`: a conversion-value response body to the update a client applies
/// (S2S-14 to S2S-17).
enum S2SResponseParsing {
  static func parse(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let api = try reader.string("api")
    guard let body = reader.members["body"] else { throw reader.missing("body") }
    let update: S2SUpdate
    switch api {
    case "appsflyer-v1": update = try appsFlyer(body, v2: false)
    case "appsflyer-v2": update = try appsFlyer(body, v2: true)
    case "singular": update = try singular(body)
    default:
      throw ModelError(.invalidInput, "input.api \"\(api)\" is not appsflyer-v1, appsflyer-v2 or singular")
    }
    return encode(update)
  }

  /// The output shape of an update.
  static func encode(_ update: S2SUpdate) -> JSONValue {
    [
      "apply": .bool(update.apply),
      "fine": .optional(update.fine?.rawValue),
      "coarse": .optional(update.coarse?.rawValue),
      "lock": .bool(update.lock),
      "postback_sequence_index": .optional(update.postbackSequenceIndex),
      "next_w_time": .optional(update.nextWindowTime),
    ]
  }

  /// AppsFlyer: `value` (v1, v2); `coarse_value`, `lock`, `next_w_time`,
  /// `postback_sequence_index` (v2), checked in that order (S2S-14, S2S-15, S2S-16).
  static func appsFlyer(_ body: JSONValue, v2: Bool) throws(ModelError) -> S2SUpdate {
    guard let members = body.objectValue else {
      throw ModelError(.malformedResponse, "the response body must be a JSON object, not \(body.typeName)")
    }
    let fine = try ValueReader.fine(members["value"])
    guard v2 else { return S2SUpdate(apply: true, fine: fine, coarse: nil, lock: false) }
    let coarse = try ValueReader.coarse(members["coarse_value"])
    let lock = try ValueReader.lock(members["lock"])
    var nextTime: Int?
    if let value = members["next_w_time"], !value.isNull {
      guard let number = value.exactInteger, number >= 0, number <= InputReader.maximumTime else {
        throw ModelError(.invalidWindowTime, "next_w_time must be a non-negative integer, not \(value)")
      }
      nextTime = number
    }
    var index: Int?
    if let value = members["postback_sequence_index"], !value.isNull {
      guard let number = value.exactInteger, (0...2).contains(number) else {
        throw ModelError(.invalidSequenceIndex, "postback_sequence_index must be 0, 1 or 2, not \(value)")
      }
      index = number
    }
    return S2SUpdate(
      apply: true, fine: fine, coarse: coarse, lock: lock, postbackSequenceIndex: index, nextWindowTime: nextTime)
  }

  /// Singular: as the lifecycle suite reads a server response (S2S-17, LIF-3, LIF-4).
  static func singular(_ body: JSONValue) throws(ModelError) -> S2SUpdate {
    guard let members = body.objectValue else {
      throw ModelError(.malformedResponse, "the response body must be a JSON object, not \(body.typeName)")
    }
    guard let fineValue = members["conversion_value"], !fineValue.isNull else {
      if members["status"]?.stringValue == "ok" { return S2SUpdate(apply: false, fine: nil, coarse: nil, lock: false) }
      let reason = members["reason"]?.stringValue ?? "no reason given"
      throw ModelError(.serverError, "the server answered without a value: \(reason)")
    }
    let fine = try ValueReader.fine(fineValue)
    var coarse: CoarseValue?
    if let code = try ValueReader.coarseCode(members["skan_updated_coarse_value"]) {
      coarse = try CoarseValue(code: code)
    }
    let lock: Bool
    switch members["skan_updated_lock_window_value"] {
    case nil, .null?: lock = false
    case .bool(let flag)?: lock = flag
    case let number? where number.exactInteger == 0: lock = false
    case let number? where number.exactInteger == 1: lock = true
    case let other?:
      throw ModelError(.lockNotBoolean, "skan_updated_lock_window_value must be a boolean or 0/1, not \(other)")
    }
    return S2SUpdate(apply: true, fine: fine, coarse: coarse, lock: lock)
  }
}
