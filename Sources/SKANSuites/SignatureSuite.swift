import SKANJSON
import SKANModel

/// The `signature` suite's wire shape (see `Spec/signature.md`): one operation per input,
/// named by `op`.
enum SignatureSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let op = try reader.string("op")
    switch op {
    case "verify-postback": return try PostbackVerification.verify(reader)
    case "impression-signed-string": return try ImpressionSigning.signedString(reader)
    case "verify-impression": return try ImpressionSigning.verify(reader)
    case "verify-aak-postback": return try JWSVerification.verifyPostback(reader)
    case "verify-aak-impression": return try JWSVerification.verifyImpression(reader)
    case "aak-impression-signing-input": return try JWSImpressionBuilding.signingInput(reader)
    default:
      throw ModelError(
        .invalidInput,
        "input.op \"\(op)\" is not verify-postback, impression-signed-string, verify-impression, verify-aak-postback, verify-aak-impression or aak-impression-signing-input"
      )
    }
  }

  /// The output of a verification.
  static func encode(_ verdict: PostbackVerdict, _ extra: [String: JSONValue]) -> JSONValue {
    var members = extra
    members["verdict"] = .string(verdict.verdict.rawValue)
    members["reason"] = .string(verdict.reason.rawValue)
    return .object(members)
  }

  /// Apple's published SKAdNetwork P-256 key, read once.
  static let appleSKANKey: (any P256PublicKey)? = try? Suite.crypto.p256PublicKey(spkiBase64: AppleKeys.skanP256)

  /// Apple's published SKAdNetwork 1.0 and 2.0 P-192 key, read once (SIG-6).
  static let appleSKANLegacyKey: (any ECDSAPublicKey)? = try? Suite.crypto.postbackPublicKey(
    spkiBase64: AppleKeys.skanP192)

  /// Apple's published AdAttributionKit keys by `kid`, read once.
  static let appleAAKKeys: [String: any P256PublicKey] = AppleKeys.aakByKID.compactMapValues {
    try? Suite.crypto.p256PublicKey(spkiBase64: $0)
  }

  /// The text of an optional key member, `input.<name>`.
  static func keyText(_ reader: InputReader, _ name: String) throws(ModelError) -> String? {
    guard let value = reader.optional(name) else { return nil }
    guard let text = value.stringValue else { throw reader.mistyped(name, "a string (base64 SPKI DER)", value) }
    return text
  }

  /// A postback key, P-256 or P-192, from base64 SPKI DER; a malformed key is
  /// `invalid-input` naming `path` (SIG-6).
  static func postbackKey(_ text: String, path: String) throws(ModelError) -> any ECDSAPublicKey {
    do {
      return try Suite.crypto.postbackPublicKey(spkiBase64: text)
    } catch {
      throw ModelError(.invalidInput, "\(path): \(error.message)")
    }
  }

  /// A P-256 key from base64 SPKI DER; a malformed key is `invalid-input` naming `path`.
  static func key(_ text: String, path: String) throws(ModelError) -> any P256PublicKey {
    do {
      return try Suite.crypto.p256PublicKey(spkiBase64: text)
    } catch {
      throw ModelError(.invalidInput, "\(path): \(error.message)")
    }
  }
}
