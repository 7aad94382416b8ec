import SKANJSON
import SKANModel

/// `op: "verify-postback"`: input JSON to ``PostbackSignature`` and back (SIG-1 to SIG-8,
/// SIG-23).
enum PostbackVerification {
  static func verify(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let verifier: PostbackSignature
    if let text = try SignatureSuite.keyText(reader, "public_key") {
      // A key given is used for every version (SIG-6).
      verifier = PostbackSignature(key: try SignatureSuite.postbackKey(text, path: "input.public_key"))
    } else if let apple = SignatureSuite.appleSKANKey, let legacy = SignatureSuite.appleSKANLegacyKey {
      verifier = PostbackSignature(key: apple, legacyKey: legacy)
    } else {
      throw ModelError(.invalidInput, "Apple's published keys could not be read")
    }
    guard let raw = reader.members["postback"] else { throw reader.missing("postback") }
    let check = verifier.check(raw)
    return SignatureSuite.encode(check.verdict, ["signed_string": .optional(check.signedString)])
  }
}
