import SKANJSON
import SKANModel
import SKANVocabulary

/// The `metadata` suite's codec: `{"metadata": {…strings…}, "ios_version", "att", "idfa"}` to
/// the SKAdNetwork call, the overlay and the forwarded IDFA.
extension MetadataSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let iosVersion = try reader.string(Input.iosVersion.rawValue)
    var metadata: [String: String] = [:]
    for (key, value) in try reader.object(Input.metadata.rawValue) {
      guard let text = value.stringValue ?? (RuleVariant.metadataNonStringsAsText.isActive ? written(value) : nil)
      else {
        throw ModelError(
          .invalidInput, "input.\(Input.metadata.rawValue).\(key) must be a string, not \(value.typeName)")
      }
      metadata[key] = RuleVariant.metadataValuesTrimmed.isActive ? text.trimmingWhiteSpace : text
    }
    let tracking = try reader.tracking(Input.att.rawValue)
    var idfa: String?
    if RuleVariant.idfaNumberAsText.isActive, let number = input[Input.idfa]?.exactInteger {
      idfa = String(number)
    } else {
      idfa = try reader.optionalString(Input.idfa.rawValue)
    }
    let decision = try MetadataContract.decide(
      metadata: metadata, iosVersion: iosVersion, idfa: idfa, tracking: tracking)
    let call: JSONValue =
      decision.skanCall.map { call in
        SKANCall.object([
          .api: .string(call.api.rawValue),
          .fine: .integer(call.fine.rawValue),
          .coarse: .optional(call.coarse?.rawValue),
          .lock: .optional(call.lock),
        ])
      } ?? .null
    let overlay: JSONValue =
      decision.overlay.map { overlay in
        Overlay.object([
          .appID: .string(overlay.appID),
          .position: .string(overlay.position.rawValue),
          .dismissible: .bool(overlay.dismissible),
        ])
      } ?? .null
    return Output.object([.skanCall: call, .overlay: overlay, .idfa: .optional(decision.idfa?.text)])
  }

  /// A metadata integer or boolean written as text (``RuleVariant/metadataNonStringsAsText``).
  private static func written(_ value: JSONValue) -> String? {
    value.exactInteger.map { String($0) } ?? value.boolValue.map { $0 ? "true" : "false" }
  }
}
