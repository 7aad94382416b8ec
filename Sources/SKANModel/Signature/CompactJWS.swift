public import SKANJSON

/// An AdAttributionKit compact JWS, split and decoded strictly (RFC 7515 section 7.1; SIG-14).
public struct CompactJWS: Sendable, Hashable {
  /// The header's `kid`.
  public let kid: String
  /// The signed bytes: the first two parts as received, joined by a dot.
  public let signingInput: String
  /// The decoded payload object.
  public let payload: [String: JSONValue]
  /// The signature's bytes.
  public let signature: [UInt8]

  /// Splits and decodes a compact JWS: three strict base64url parts, a JSON object header and
  /// payload (`malformed-jws`), `alg` `ES256` (`unsupported-alg`), then a string `kid`.
  public static func parse(_ jws: String) -> Result<CompactJWS, SignatureFailure> {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3,
      let headerBytes = Base64Codec.decodeURL(parts[0]),
      let header = (try? JSONParser.parse(bytes: headerBytes))?.objectValue,
      let payloadBytes = Base64Codec.decodeURL(parts[1]),
      let payload = (try? JSONParser.parse(bytes: payloadBytes))?.objectValue,
      let signature = Base64Codec.decodeURL(parts[2])
    else { return .failure(SignatureFailure(.malformedJWS)) }
    guard header["alg"]?.stringValue == "ES256" else { return .failure(SignatureFailure(.unsupportedAlgorithm)) }
    guard let kid = header["kid"]?.stringValue else { return .failure(SignatureFailure(.malformedJWS)) }
    return .success(
      CompactJWS(kid: kid, signingInput: parts[0] + "." + parts[1], payload: payload, signature: signature))
  }

  /// `nil` when the ES256 signature verifies under `key`; otherwise the rejection: a
  /// signature that is not 64 raw bytes is `malformed-signature` (SIG-14).
  public func rejection(under key: any P256PublicKey) -> PostbackVerdict? {
    guard signature.count == 64, let valid = key.isValidSignature(raw: signature, message: Array(signingInput.utf8))
    else { return PostbackVerdict(.rejected, .malformedSignature) }
    return valid || RuleVariant.signatureCheckIgnored.isActive ? nil : PostbackVerdict(.rejected, .badSignature)
  }

  /// The signing input an ad network signs: the base64url of the UTF-8 bytes of each JSON
  /// text, exactly as given, joined by a dot (RFC 7515 section 5.1). The signature covers
  /// these bytes, so member order and spacing matter.
  public static func signingInput(header: String, payload: String) -> String {
    Base64Codec.encodeURL(Array(header.utf8)) + "." + Base64Codec.encodeURL(Array(payload.utf8))
  }
}
