import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "impression-signed-string"` and `op: "verify-impression"`: input JSON to
/// ``SignedImpression`` and back (SIG-9 to SIG-12).
enum ImpressionSigning {
  typealias Input = SignatureSuite.Input

  static func signedString(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let impression = try read(reader)
    return SignatureSuite.Output.object([
      .signedString: .string(impression.signedString), .fidelityType: .integer(impression.kind.fidelityType),
    ])
  }

  static func verify(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let impression = try read(reader)
    let signature = try reader.string(Input.signature.rawValue)
    let key = try SignatureSuite.key(
      try reader.string(Input.publicKey.rawValue), path: "input.\(Input.publicKey.rawValue)")
    let verdict = impression.verdict(signatureBase64: signature, key: key)
    return SignatureSuite.encode(verdict, [.signedString: .string(impression.signedString)])
  }

  /// The impression: the kind, then its fields in the order the model reads them.
  private static func read(_ reader: InputReader) throws(ModelError) -> SignedImpression {
    let kindText = try reader.string(Input.kind.rawValue)
    guard let kind = ImpressionKind(rawValue: kindText) else {
      throw ModelError(
        .invalidInput, "input.\(Input.kind.rawValue) \"\(kindText)\" is not \(SignatureSuite.ImpressionKind.choiceList)"
      )
    }
    let fields = try InputReader(
      .object(try reader.object(Input.impression.rawValue)), path: "input.\(Input.impression.rawValue)")
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
