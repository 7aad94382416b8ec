import SKANJSON
import SKANModel

/// `op: "verify-aak-postback"` and `op: "verify-aak-impression"`: input JSON to
/// ``AdAttributionKitSignature`` and back (SIG-13 to SIG-19).
enum JWSVerification {
  static func verifyPostback(_ reader: InputReader) throws(ModelError) -> JSONValue {
    var keys = SignatureSuite.appleAAKKeys
    if reader.optional("keys") != nil {
      keys = [:]
      // Every key is read, used or not, so that the input's shape alone decides invalid-input.
      for (kid, value) in try reader.object("keys").sorted(by: { $0.key < $1.key }) {
        guard let text = value.stringValue else {
          throw ModelError(.invalidInput, "input.keys.\(kid) must be a string")
        }
        keys[kid] = try SignatureSuite.key(text, path: "input.keys.\(kid)")
      }
    }
    let postback = try InputReader(.object(try reader.object("postback")), path: "input.postback")
    let check = AdAttributionKitSignature.checkPostback(jws: postback.members["jws-string"], keys: keys)
    return SignatureSuite.encode(
      check.verdict,
      [
        "kid": .optional(check.kid), "signing_input": .optional(check.signingInput),
        "conversion_type": .optional(check.conversionType),
      ])
  }

  static func verifyImpression(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let jws = try reader.string("jws")
    let key = try SignatureSuite.key(try reader.string("public_key"), path: "input.public_key")
    let check = AdAttributionKitSignature.checkImpression(jws: jws, key: key)
    return SignatureSuite.encode(check.verdict, ["signing_input": .optional(check.signingInput)])
  }
}
