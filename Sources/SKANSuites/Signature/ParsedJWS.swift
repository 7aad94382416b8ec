import SKANJSON
import SKANModel
import SKANSignatures

/// A compact JWS split and decoded strictly (RFC 7515 section 7.1; SIG-14).
struct ParsedJWS {
  let kid: String
  let signingInput: String
  let payload: [String: JSONValue]
  let signature: [UInt8]

  static func parse(_ jws: String) -> Result<ParsedJWS, PostbackVerdictFailure> {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3,
      let headerBytes = Base64Codec.decodeURL(parts[0]),
      let header = (try? JSONParser.parse(bytes: headerBytes))?.objectValue,
      let payloadBytes = Base64Codec.decodeURL(parts[1]),
      let payload = (try? JSONParser.parse(bytes: payloadBytes))?.objectValue,
      let signature = Base64Codec.decodeURL(parts[2])
    else { return .failure(PostbackVerdictFailure(.malformedJWS)) }
    guard header["alg"]?.stringValue == "ES256" else { return .failure(PostbackVerdictFailure(.unsupportedAlgorithm)) }
    guard let kid = header["kid"]?.stringValue else { return .failure(PostbackVerdictFailure(.malformedJWS)) }
    return .success(
      ParsedJWS(kid: kid, signingInput: parts[0] + "." + parts[1], payload: payload, signature: signature))
  }

  /// `nil` when the signature verifies; otherwise the rejection.
  func verify(with key: P256VerificationKey) -> PostbackVerdict? {
    do {
      return try key.verifyRaw(signature: signature, message: Array(signingInput.utf8))
        ? nil : PostbackVerdict(.rejected, .badSignature)
    } catch {
      return PostbackVerdict(.rejected, .malformedSignature)
    }
  }
}
