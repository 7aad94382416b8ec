import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "parse-response"`: input JSON to ``S2SResponseContract`` and back (S2S-12 to S2S-16).
enum S2SResponseParsing {
  typealias Input = S2SSuite.Input

  static func parse(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let apiText = try reader.string(Input.api.rawValue)
    // A variant reads an absent body as `null`.
    let absent: JSONValue? = RuleVariant.s2sMissingBodyIsNull.isActive ? .null : nil
    guard let body = reader.members[Input.body.rawValue] ?? absent else { throw reader.missing(Input.body.rawValue) }
    // A variant reads a response of an api it does not know as AppsFlyer v1.
    let unknown: S2SResponseContract.API? = RuleVariant.s2sUnknownParseAPIIsV1.isActive ? .appsFlyerV1 : nil
    guard let api = S2SResponseContract.API(rawValue: apiText) ?? unknown else {
      throw ModelError(
        .invalidInput, "input.\(Input.api.rawValue) \"\(apiText)\" is not \(S2SSuite.ResponseAPI.choiceList)")
    }
    return encode(try S2SResponseContract.update(api: api, body: body))
  }

  /// The output shape of an update.
  static func encode(_ update: S2SUpdate) -> JSONValue {
    S2SSuite.Output.object([
      .apply: .bool(update.apply),
      .fine: .optional(update.fine?.rawValue),
      .coarse: .optional(update.coarse?.rawValue),
      .lock: .bool(update.lock),
      .postbackSequenceIndex: .optional(update.postbackSequenceIndex),
      .nextWindowTime: .optional(update.nextWindowTime),
      .window: .optional(update.window),
      .fineApplies: .optional(update.fineApplies),
    ])
  }
}
