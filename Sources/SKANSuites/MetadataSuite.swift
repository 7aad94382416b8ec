import SKANJSON
import SKANModel

/// The `metadata` suite: `{"metadata": {…strings…}, "ios_version", "att", "idfa"}` to the
/// SKAdNetwork call, the overlay and the forwarded IDFA.
enum MetadataSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let iosVersion = try reader.string("ios_version")
    var metadata: [String: String] = [:]
    for (key, value) in try reader.object("metadata") {
      guard let text = value.stringValue else {
        throw ModelError(.invalidInput, "input.metadata.\(key) must be a string, not \(value.typeName)")
      }
      metadata[key] = text
    }
    let tracking = try reader.tracking("att")
    let idfa = try reader.optionalString("idfa")
    let decision = try MetadataContract.decide(
      metadata: metadata, iosVersion: iosVersion, idfa: idfa, tracking: tracking)
    let call: JSONValue =
      decision.skanCall.map { call in
        [
          "api": .string(call.api.rawValue),
          "fine": .integer(call.fine.rawValue),
          "coarse": .optional(call.coarse?.rawValue),
          "lock": .optional(call.lock),
        ]
      } ?? .null
    let overlay: JSONValue =
      decision.overlay.map { overlay in
        [
          "app_id": .string(overlay.appID),
          "position": .string(overlay.position.rawValue),
          "dismissible": .bool(overlay.dismissible),
        ]
      } ?? .null
    return ["skan_call": call, "overlay": overlay, "idfa": .optional(decision.idfa?.text)]
  }
}
