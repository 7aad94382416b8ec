import SKANJSON
import SKANModel
import SKANVocabulary

/// The `signature` suite's codec (see `Spec/signature.md`): one operation per input, named
/// by `op`.
extension SignatureSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let op = try reader.string(Input.op.rawValue)
    // A variant dispatches on a prefix: an unknown op that begins with `verify` verifies a postback.
    let byPrefix =
      RuleVariant.signatureOperationByPrefix.isActive && Operation(rawValue: op) == nil
      && op.hasPrefix("verify")
    switch byPrefix ? .verifyPostback : try Operation.choice(op, at: "input.\(Input.op.rawValue)") {
    case .verifyPostback: return try PostbackVerification.verify(reader)
    case .impressionSignedString: return try ImpressionSigning.signedString(reader)
    case .verifyImpression: return try ImpressionSigning.verify(reader)
    case .verifyAAKPostback: return try JWSVerification.verifyPostback(reader)
    case .verifyAAKImpression: return try JWSVerification.verifyImpression(reader)
    case .aakImpressionSigningInput: return try JWSImpressionBuilding.signingInput(reader)
    }
  }

  /// The output of a verification.
  static func encode(_ verdict: PostbackVerdict, _ extra: [Output: JSONValue]) throws(ModelError) -> JSONValue {
    try refuseUndecodable(verdict.reason)
    var members: [String: JSONValue] = [:]
    for (name, value) in extra { members[name.rawValue] = value }
    members[Output.verdict.rawValue] = .string(verdict.verdict.rawValue)
    members[Output.reason.rawValue] = .string(verdict.reason.rawValue)
    return .object(members)
  }

  /// Under a variant, a signature or a JWS that cannot be decoded, `reason`, is `invalid-input`
  /// instead of a verdict.
  static func refuseUndecodable(_ reason: PostbackVerdict.Reason) throws(ModelError) {
    if reason == .malformedSignature, RuleVariant.malformedSignatureThrown.isActive {
      throw ModelError(.invalidInput, "the signature cannot be decoded")
    }
    if reason == .malformedJWS, RuleVariant.aakMalformedJWSThrown.isActive {
      throw ModelError(.invalidInput, "the JWS cannot be split or decoded")
    }
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
    // A variant reads the key as P-256 only.
    if RuleVariant.postbackKeyP256Only.isActive { return try publicKey(text, path: path) }
    do {
      return try Suite.crypto.postbackPublicKey(spkiBase64: text)
    } catch {
      if RuleVariant.unreadableKeyIsApples.isActive, let apple = appleSKANKey { return apple }
      throw ModelError(.invalidInput, "\(path): \(error.message)")
    }
  }

  /// The P-256 key of a verification's `public_key` (`text`); a malformed key is
  /// `invalid-input` naming `path`, or under a variant Apple's SKAdNetwork key.
  static func publicKey(_ text: String, path: String) throws(ModelError) -> any P256PublicKey {
    do {
      return try key(text, path: path)
    } catch {
      if RuleVariant.unreadableKeyIsApples.isActive, let apple = appleSKANKey { return apple }
      throw error
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
