import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "aak-impression-signing-input"`: the bytes an ad network signs for an
/// AdAttributionKit impression, and whether its header and payload have Apple's shape (SIG-18).
enum JWSImpressionBuilding {
  typealias Input = SignatureSuite.Input

  static func signingInput(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let header = try reader.string(Input.header.rawValue)
    let payload = try reader.string(Input.payload.rawValue)
    let reason = AdAttributionKitSignature.impressionShape(header: header, payload: payload)
    try SignatureSuite.refuseUndecodable(reason)
    return SignatureSuite.Output.object([
      .signingInput: .string(CompactJWS.signingInput(header: header, payload: payload)),
      .reason: .string(reason.rawValue),
    ])
  }
}
