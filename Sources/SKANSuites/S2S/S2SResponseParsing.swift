import SKANJSON
import SKANModel

/// `op: "parse-response"`: input JSON to ``S2SResponseContract`` and back (S2S-12 to S2S-16).
enum S2SResponseParsing {
  static func parse(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let apiText = try reader.string("api")
    guard let body = reader.members["body"] else { throw reader.missing("body") }
    guard let api = S2SResponseContract.API(rawValue: apiText) else {
      throw ModelError(.invalidInput, "input.api \"\(apiText)\" is not appsflyer-v1, appsflyer-v2 or singular")
    }
    return encode(try S2SResponseContract.update(api: api, body: body))
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
      "window": .optional(update.window),
      "fine_applies": .optional(update.fineApplies),
    ]
  }
}
