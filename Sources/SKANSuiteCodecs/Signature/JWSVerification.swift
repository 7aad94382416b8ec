import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "verify-aak-postback"` and `op: "verify-aak-impression"`: input JSON to
/// ``AdAttributionKitSignature`` and back (SIG-13 to SIG-19).
enum JWSVerification {
  typealias Input = SignatureSuite.Input

  static func verifyPostback(_ reader: InputReader) throws(ModelError) -> JSONValue {
    var keys = SignatureSuite.appleAAKKeys
    if reader.optional(Input.keys.rawValue) != nil {
      keys = [:]
      // Variants read only the key for the JWS's kid, or Apple's own keys for Apple's kids.
      let jwsKID = RuleVariant.aakUnusedKeysUnchecked.isActive ? kid(reader) : nil
      // Every key is read, used or not, so that the input's shape alone decides invalid-input.
      for (kid, value) in try reader.object(Input.keys.rawValue).sorted(by: { $0.key < $1.key }) {
        if RuleVariant.aakBuiltInKeys.isActive, let apple = SignatureSuite.appleAAKKeys[kid] {
          keys[kid] = apple
          continue
        }
        let unused = RuleVariant.aakUnusedKeysUnchecked.isActive && kid != jwsKID
        do throws(ModelError) {
          guard let text = value.stringValue else {
            throw ModelError(.invalidInput, "input.\(Input.keys.rawValue).\(kid) must be a string")
          }
          keys[kid] = try SignatureSuite.key(text, path: "input.\(Input.keys.rawValue).\(kid)")
        } catch {
          if unused { continue }
          throw error
        }
      }
      if RuleVariant.aakBuiltInKeys.isActive { keys.merge(SignatureSuite.appleAAKKeys) { $1 } }
    }
    let postback = try InputReader(
      .object(try reader.object(Input.postback.rawValue)), path: "input.\(Input.postback.rawValue)")
    let jws = postback.members[SignatureSuite.AAKPostback.jwsString.rawValue]
    // Variants decode the postback, then its payload, with a typed decoder.
    if RuleVariant.aakJWSStringTyped.isActive, jws?.stringValue == nil {
      throw ModelError(.invalidInput, "input.\(Input.postback.rawValue): jws-string must be a string")
    }
    if RuleVariant.aakPayloadTypedDecoder.isActive, let text = jws?.stringValue,
      case .success(let parsed) = CompactJWS.parse(text), AdAttributionKitSignature.payloadFailsDecoding(parsed.payload)
    {
      throw ModelError(.invalidInput, "input.\(Input.postback.rawValue): the JWS payload does not decode")
    }
    let check = AdAttributionKitSignature.checkPostback(jws: jws, keys: keys)
    return try SignatureSuite.encode(
      check.verdict,
      [
        .kid: .optional(check.kid), .signingInput: .optional(check.signingInput),
        .conversionType: .optional(check.conversionType),
      ])
  }

  /// The kid of the input's postback JWS, `nil` when it has none.
  private static func kid(_ reader: InputReader) -> String? {
    let jws = reader.members[Input.postback.rawValue]?[SignatureSuite.AAKPostback.jwsString.rawValue]?.stringValue
    guard let jws, case .success(let parsed) = CompactJWS.parse(jws) else { return nil }
    return parsed.kid
  }

  static func verifyImpression(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let jws = try reader.string(Input.jws.rawValue)
    let key = try SignatureSuite.publicKey(
      try reader.string(Input.publicKey.rawValue), path: "input.\(Input.publicKey.rawValue)")
    let check = AdAttributionKitSignature.checkImpression(jws: jws, key: key)
    return try SignatureSuite.encode(check.verdict, [.signingInput: .optional(check.signingInput)])
  }
}
