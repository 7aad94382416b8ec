import SKANJSON
import SKANModel

/// `op: "aak-impression-signing-input"`: the bytes an ad network signs for an
/// AdAttributionKit impression, and whether its header and payload have Apple's shape (SIG-18).
enum JWSImpressionBuilding {
  static func signingInput(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let header = try reader.string("header")
    let payload = try reader.string("payload")
    return [
      "signing_input": .string(CompactJWS.signingInput(header: header, payload: payload)),
      "reason": .string(AdAttributionKitSignature.impressionShape(header: header, payload: payload).rawValue),
    ]
  }
}
