import SKANJSON
import SKANModel

/// `op: "verify-postback"`: input JSON to ``PostbackSignature`` and back (SIG-1 to SIG-8).
enum PostbackVerification {
  static func verify(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let key: any P256PublicKey
    if let text = try SignatureSuite.keyText(reader, "public_key") {
      key = try SignatureSuite.key(text, path: "input.public_key")
    } else if let apple = SignatureSuite.appleSKANKey {
      key = apple
    } else {
      throw ModelError(.invalidInput, "Apple's published key could not be read")
    }
    guard let raw = reader.members["postback"] else { throw reader.missing("postback") }
    let check = PostbackSignature(key: key).check(raw)
    return SignatureSuite.encode(check.verdict, ["signed_string": .optional(check.signedString)])
  }
}
