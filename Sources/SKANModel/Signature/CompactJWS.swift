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
  /// Whether the header's `alg` is `none`, which only a variant accepts.
  package let isUnsigned: Bool

  /// Splits and decodes a compact JWS: three strict base64url parts, a JSON object header and
  /// payload (`malformed-jws`), `alg` `ES256` (`unsupported-alg`), then a string `kid`.
  public static func parse(_ jws: String) -> Result<CompactJWS, SignatureFailure> {
    // A variant decodes leniently: the standard alphabet's `+` and `/` for `-` and `_`, `=` dropped.
    let text =
      RuleVariant.aakLenientBase64URL.isActive
      ? String(jws.compactMap { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 == "=" ? nil : $0 }) : jws
    // Split on the UTF-8 bytes: a dot is one byte, and no grapheme needs forming.
    let bytes = Array(text.utf8)
    let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count == 3,
      let headerBytes = Base64Codec.decodeURL(bytes: parts[0]),
      let header = (try? JSONParser.parse(bytes: headerBytes))?.objectValue,
      let payloadBytes = Base64Codec.decodeURL(bytes: parts[1]),
      let payload = (try? JSONParser.parse(bytes: payloadBytes))?.objectValue,
      let signature = Base64Codec.decodeURL(bytes: parts[2])
    else { return .failure(SignatureFailure(.malformedJWS)) }
    let unsigned = header["alg"]?.stringValue == "none" && RuleVariant.aakUnsignedAccepted.isActive
    guard header["alg"]?.stringValue == "ES256" || unsigned else {
      return .failure(SignatureFailure(.unsupportedAlgorithm))
    }
    guard let kid = header["kid"]?.stringValue else { return .failure(SignatureFailure(.malformedJWS)) }
    return .success(
      CompactJWS(
        kid: kid, signingInput: String(decoding: bytes[..<parts[1].endIndex], as: UTF8.self), payload: payload,
        signature: signature,
        isUnsigned: unsigned))
  }

  /// `nil` when the ES256 signature verifies under `key`; otherwise the rejection: a
  /// signature that is not 64 raw bytes is `malformed-signature` (SIG-14).
  public func rejection(under key: any P256PublicKey) -> PostbackVerdict? {
    // A variant takes a DER signature too.
    if RuleVariant.aakDERSignatureAccepted.isActive, signature.first == 0x30,
      let valid = key.isValidSignature(der: signature, message: Array(signingInput.utf8))
    {
      return valid ? nil : PostbackVerdict(.rejected, .badSignature)
    }
    guard signature.count == 64, let valid = key.isValidSignature(raw: signature, message: Array(signingInput.utf8))
    else { return PostbackVerdict(.rejected, .malformedSignature) }
    return valid || RuleVariant.signatureCheckIgnored.isActive ? nil : PostbackVerdict(.rejected, .badSignature)
  }

  /// The signing input an ad network signs: the base64url of the UTF-8 bytes of each JSON
  /// text, exactly as given, joined by a dot (RFC 7515 section 5.1). The signature covers
  /// these bytes, so member order and spacing matter.
  public static func signingInput(header: String, payload: String) -> String {
    if RuleVariant.aakSigningInputPadded.isActive {
      return Base64Codec.encodeStandard(Array(header.utf8)) + "." + Base64Codec.encodeStandard(Array(payload.utf8))
    }
    if RuleVariant.aakImpressionReserialized.isActive, let written = reserialized(header: header, payload: payload) {
      return Base64Codec.encodeURL(Array(written.header.utf8)) + "."
        + Base64Codec.encodeURL(Array(written.payload.utf8))
    }
    return Base64Codec.encodeURL(Array(header.utf8)) + "." + Base64Codec.encodeURL(Array(payload.utf8))
  }

  /// This JWS with its signing input written again as a variant writes it: the header's and
  /// the payload's members in a fixed order; unchanged when its parts do not decode.
  package func reserialized() -> CompactJWS {
    let parts = signingInput.split(separator: ".").map(String.init)
    guard parts.count == 2, let header = Base64Codec.decodeURL(parts[0]), let payload = Base64Codec.decodeURL(parts[1])
    else { return self }
    let written = Self.signingInput(
      header: String(decoding: header, as: UTF8.self), payload: String(decoding: payload, as: UTF8.self))
    return CompactJWS(
      kid: kid, signingInput: written, payload: self.payload, signature: signature, isUnsigned: isUnsigned)
  }

  /// An impression's header and payload texts written again with their members in a fixed
  /// order: `alg` then `kid`, the payload in its field table's order, the others sorted after;
  /// `nil` when either is not a JSON object (SIG-18's alternative).
  private static func reserialized(header: String, payload: String) -> (header: String, payload: String)? {
    func written(_ text: String, order: [String]) -> String? {
      guard let members = (try? JSONParser.parse(text))?.objectValue else { return nil }
      let names =
        order.filter { members[$0] != nil } + CanonicalJSON.sortedKeys(members).filter { !order.contains($0) }
      let pairs = names.map { CanonicalJSON.compact(.string($0)) + ":" + CanonicalJSON.compact(members[$0] ?? .null) }
      return "{" + pairs.joined(separator: ",") + "}"
    }
    guard let header = written(header, order: ["alg", "kid"]),
      let payload = written(payload, order: AdAttributionKitSignature.impressionFields.map(\.name))
    else { return nil }
    return (header, payload)
  }
}
