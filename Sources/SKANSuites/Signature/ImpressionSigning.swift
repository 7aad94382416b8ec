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

  /// The impression: the kind, then its fields in the order the model reads them.
  private static func read(_ reader: InputReader) throws(ModelError) -> SignedImpression {
    let kindText = try reader.string("kind")
    guard let kind = ImpressionKind(rawValue: kindText) else {
      throw ModelError(.invalidInput, "input.kind \"\(kindText)\" is not storekit-rendered, view-through or web")
    }
    let fields = try InputReader(.object(try reader.object("impression")), path: "input.impression")
    return try SignedImpression(kind: kind, reading: Fields(reader: fields))
  }

  /// `input.impression`'s members as the model asks for them.
  private struct Fields: ImpressionFieldReader {
    let reader: InputReader

    func string(_ field: ImpressionField) throws(ModelError) -> String { try reader.string(field.rawValue) }

    func integer(_ field: ImpressionField) throws(ModelError) -> Int {
      guard let value = reader.members[field.rawValue] else { throw reader.missing(field.rawValue) }
      guard let number = value.exactInteger else { throw reader.mistyped(field.rawValue, "an integer", value) }
      return number
    }

    func timestamp(_ field: ImpressionField) throws(ModelError) -> Timestamp {
      try reader.timestamp(field.rawValue)
    }
  }
}
