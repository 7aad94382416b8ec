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
      // Every key is read, used or not, so that the input's shape alone decides invalid-input.
      for (kid, value) in try reader.object(Input.keys.rawValue).sorted(by: { $0.key < $1.key }) {
        guard let text = value.stringValue else {
          throw ModelError(.invalidInput, "input.\(Input.keys.rawValue).\(kid) must be a string")
        }
        keys[kid] = try SignatureSuite.key(text, path: "input.\(Input.keys.rawValue).\(kid)")
      }
    }
    let postback = try InputReader(
      .object(try reader.object(Input.postback.rawValue)), path: "input.\(Input.postback.rawValue)")
    let check = AdAttributionKitSignature.checkPostback(
      jws: postback.members[SignatureSuite.AAKPostback.jwsString.rawValue], keys: keys)
    return try SignatureSuite.encode(
      check.verdict,
      [
        .kid: .optional(check.kid), .signingInput: .optional(check.signingInput),
        .conversionType: .optional(check.conversionType),
      ])
  }

  static func verifyImpression(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let jws = try reader.string(Input.jws.rawValue)
    let key = try SignatureSuite.publicKey(
      try reader.string(Input.publicKey.rawValue), path: "input.\(Input.publicKey.rawValue)")
    let check = AdAttributionKitSignature.checkImpression(jws: jws, key: key)
    return try SignatureSuite.encode(check.verdict, [.signingInput: .optional(check.signingInput)])
  }
}
