import SKANJSON
import SKANModel
import SKANSignatures

/// `op: "impression-signed-string"` and `op: "verify-impression"`: the SKAdNetwork 4
/// impression an ad network signs (SIG-9 to SIG-12).
enum ImpressionSigning {
  static func signedString(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let (kind, text) = try build(reader)
    return ["signed_string": .string(text), "fidelity_type": .integer(kind.fidelityType)]
  }

  static func verify(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let (_, text) = try build(reader)
    let signature = try reader.string("signature")
    let keyText = try reader.string("public_key")
    let key: P256VerificationKey
    do {
      key = try P256VerificationKey(spkiBase64: keyText)
    } catch {
      throw ModelError(.invalidInput, "input.public_key: \(error)")
    }
    let verdict: PostbackVerdict
    do {
      let valid = try key.verifyDER(signatureBase64: signature, message: text)
      verdict = PostbackVerdict(valid ? .verified : .rejected, valid ? .ok : .badSignature)
    } catch {
      verdict = PostbackVerdict(.rejected, .malformedSignature)
    }
    return SignatureSuite.encode(verdict, ["signed_string": .string(text)])
  }

  /// The signed string: version, ad-network-id, source-identifier, itunes-item-id, nonce
  /// (lower-cased), source-app-id or source-domain, fidelity-type, timestamp (SIG-9, SIG-10).
  private static func build(_ reader: InputReader) throws(ModelError) -> (ImpressionKind, String) {
    let kindText = try reader.string("kind")
    guard let kind = ImpressionKind(rawValue: kindText) else {
      throw ModelError(.invalidInput, "input.kind \"\(kindText)\" is not storekit-rendered, view-through or web")
    }
    let impression = try InputReader(.object(try reader.object("impression")), path: "input.impression")
    let version = try impression.string("version")
    let network = try impression.string("ad-network-id")
    let source = try integer(impression, "source-identifier")
    guard (0...9999).contains(source) else {
      throw ModelError(.invalidSourceIdentifier, "source-identifier \(source) is outside 0...9999")
    }
    let item = try integer(impression, "itunes-item-id")
    let nonce = try impression.string("nonce")
    guard ImpressionKind.isUUID(nonce) else {
      throw ModelError(.invalidNonce, "nonce \"\(nonce)\" is not a UUID")
    }
    let sourceSlot: String
    if kind == .web {
      sourceSlot = try impression.string("source-domain")
    } else {
      sourceSlot = String(try integer(impression, "source-app-id"))
    }
    let timestamp = try impression.timestamp("timestamp")
    let parts = [
      version, network, String(source), String(item), nonce.lowercased(), sourceSlot, String(kind.fidelityType),
      String(timestamp.milliseconds),
    ]
    return (kind, parts.joined(separator: PostbackVersion.separator))
  }

  private static func integer(_ reader: InputReader, _ key: String) throws(ModelError) -> Int {
    guard let value = reader.members[key] else { throw reader.missing(key) }
    guard let number = value.exactInteger else { throw reader.mistyped(key, "an integer", value) }
    return number
  }
}
