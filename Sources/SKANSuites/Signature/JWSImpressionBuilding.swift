import SKANJSON
import SKANModel
import SKANSignatures

/// `op: "aak-impression-signing-input"`: the bytes an ad network signs for an
/// AdAttributionKit impression, and whether its header and payload have Apple's shape (SIG-18).
enum JWSImpressionBuilding {
  static func signingInput(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let header = try reader.string("header")
    let payload = try reader.string("payload")
    // RFC 7515 section 5.1: the base64url of the UTF-8 bytes of each JSON text, exactly as
    // given (the signature covers these bytes, so member order and spacing matter).
    let input = Base64Codec.encodeURL(Array(header.utf8)) + "." + Base64Codec.encodeURL(Array(payload.utf8))
    return ["signing_input": .string(input), "reason": .string(judge(header: header, payload: payload).rawValue)]
  }

  private static func judge(header: String, payload: String) -> PostbackVerdict.Reason {
    guard let headerObject = (try? JSONParser.parse(header))?.objectValue,
      let payloadObject = (try? JSONParser.parse(payload))?.objectValue
    else { return .malformedJWS }
    guard headerObject["alg"]?.stringValue == "ES256" else { return .unsupportedAlgorithm }
    guard headerObject["kid"]?.stringValue != nil else { return .malformedJWS }
    return JWSVerification.check(payloadObject, JWSVerification.impressionFields)?.reason ?? .ok
  }
}
