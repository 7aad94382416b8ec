import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "verify-postback"`: input JSON to ``PostbackSignature`` and back (SIG-1 to SIG-8,
/// SIG-23).
enum PostbackVerification {
  typealias Input = SignatureSuite.Input

  static func verify(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let verifier: PostbackSignature
    if let text = try SignatureSuite.keyText(reader, Input.publicKey.rawValue) {
      // A key given is used for every version (SIG-6).
      verifier = PostbackSignature(key: try SignatureSuite.postbackKey(text, path: "input.\(Input.publicKey.rawValue)"))
    } else if let apple = SignatureSuite.appleSKANKey, let legacy = SignatureSuite.appleSKANLegacyKey {
      verifier = PostbackSignature(key: apple, legacyKey: legacy)
    } else {
      throw ModelError(.invalidInput, "Apple's published keys could not be read")
    }
    // A variant reads an absent postback as null.
    let absent: JSONValue? = RuleVariant.missingPostbackIsNull.isActive ? .null : nil
    guard let raw = reader.members[Input.postback.rawValue] ?? absent else {
      throw reader.missing(Input.postback.rawValue)
    }
    let check = verifier.check(raw)
    // Variants decode the postback up front: as an object, then into its version's fields.
    if check.verdict.reason == .malformedJSON, RuleVariant.postbackNotObjectThrown.isActive {
      throw ModelError(.invalidInput, "input.\(Input.postback.rawValue) is not a JSON object")
    }
    if [.missingField, .wrongType].contains(check.verdict.reason), RuleVariant.postbackTypedDecoder.isActive {
      throw ModelError(
        .invalidInput, "input.\(Input.postback.rawValue) lacks a signed field or has one of the wrong type")
    }
    return try SignatureSuite.encode(check.verdict, [.signedString: .optional(check.signedString)])
  }
}
