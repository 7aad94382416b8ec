import SKANJSON
import SKANModel

/// `op: "impression-signed-string"` and `op: "verify-impression"`: input JSON to
/// ``SignedImpression`` and back (SIG-9 to SIG-12).
enum ImpressionSigning {
  static func signedString(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let impression = try read(reader)
    return ["signed_string": .string(impression.signedString), "fidelity_type": .integer(impression.kind.fidelityType)]
  }

  static func verify(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let impression = try read(reader)
    let signature = try reader.string("signature")
    let key = try SignatureSuite.key(try reader.string("public_key"), path: "input.public_key")
    let verdict = impression.verdict(signatureBase64: signature, key: key)
    return SignatureSuite.encode(verdict, ["signed_string": .string(impression.signedString)])
  }

  /// The impression, its fields read and checked in signed-string order, so that the first
  /// problem in that order answers.
  private static func read(_ reader: InputReader) throws(ModelError) -> SignedImpression {
    let kindText = try reader.string("kind")
    guard let kind = ImpressionKind(rawValue: kindText) else {
      throw ModelError(.invalidInput, "input.kind \"\(kindText)\" is not storekit-rendered, view-through or web")
    }
    let impression = try InputReader(.object(try reader.object("impression")), path: "input.impression")
    let version = try impression.string("version")
    let network = try impression.string("ad-network-id")
    let source = try integer(impression, "source-identifier")
    try SignedImpression.check(sourceIdentifier: source)
    let item = try integer(impression, "itunes-item-id")
    let nonce = try impression.string("nonce")
    try SignedImpression.check(nonce: nonce)
    let sourceSlot =
      kind == .web ? try impression.string("source-domain") : String(try integer(impression, "source-app-id"))
    return try SignedImpression(
      kind: kind, version: version, adNetworkID: network, sourceIdentifier: source, itunesItemID: item,
      nonce: nonce, source: sourceSlot, timestamp: try impression.timestamp("timestamp"))
  }

  private static func integer(_ reader: InputReader, _ key: String) throws(ModelError) -> Int {
    guard let value = reader.members[key] else { throw reader.missing(key) }
    guard let number = value.exactInteger else { throw reader.mistyped(key, "an integer", value) }
    return number
  }
}
