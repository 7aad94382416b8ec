import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "impression-signed-string"` and `op: "verify-impression"`: input JSON to
/// ``SignedImpression`` and back (SIG-9 to SIG-12).
enum ImpressionSigning {
  typealias Input = SignatureSuite.Input

  static func signedString(_ reader: InputReader) throws(ModelError) -> JSONValue {
    var impression = try read(reader)
    if RuleVariant.impressionSignedInSeconds.isActive {
      impression.timestamp = Timestamp(milliseconds: impression.timestamp.milliseconds / 1000)
    }
    return SignatureSuite.Output.object([
      .signedString: .string(impression.signedString), .fidelityType: .integer(impression.kind.fidelityType),
    ])
  }

  static func verify(_ reader: InputReader) throws(ModelError) -> JSONValue {
    var impression = try read(reader)
    if RuleVariant.impressionVerifiedInSeconds.isActive {
      impression.timestamp = Timestamp(milliseconds: impression.timestamp.milliseconds / 1000)
    }
    let signature = try reader.string(Input.signature.rawValue)
    let key = try SignatureSuite.publicKey(
      try reader.string(Input.publicKey.rawValue), path: "input.\(Input.publicKey.rawValue)")
    let verdict = impression.verdict(signatureBase64: signature, key: key)
    return try SignatureSuite.encode(verdict, [.signedString: .string(impression.signedString)])
  }

  /// The impression: the kind, then its fields in the order the model reads them.
  private static func read(_ reader: InputReader) throws(ModelError) -> SignedImpression {
    let kindText = try reader.string(Input.kind.rawValue)
    // A variant signs an unknown kind as a StoreKit-rendered impression.
    let unchecked: ImpressionKind? = RuleVariant.impressionKindUnchecked.isActive ? .storeKitRendered : nil
    guard let kind = ImpressionKind(rawValue: kindText) ?? unchecked else {
      throw ModelError(
        .invalidInput, "input.\(Input.kind.rawValue) \"\(kindText)\" is not \(SignatureSuite.ImpressionKind.choiceList)"
      )
    }
    let fields = try InputReader(
      .object(try reader.object(Input.impression.rawValue)), path: "input.\(Input.impression.rawValue)")
    return try SignedImpression(kind: kind, reading: Fields(reader: fields))
  }

  /// `input.impression`'s members as the model asks for them.
  private struct Fields: ImpressionFieldReader, WrittenNumberReader {
    let reader: InputReader

    func isWrittenWithFraction(_ field: ImpressionField) -> Bool {
      guard case .double? = reader.members[field.rawValue] else { return false }
      return reader.members[field.rawValue]?.exactInteger != nil
    }

    func string(_ field: ImpressionField) throws(ModelError) -> String { try reader.string(field.rawValue) }

    func integer(_ field: ImpressionField) throws(ModelError) -> Int {
      guard let value = reader.members[field.rawValue] else { throw reader.missing(field.rawValue) }
      guard let number = value.exactInteger ?? Self.digits(value) else {
        throw reader.mistyped(field.rawValue, "an integer", value)
      }
      return number
    }

    func timestamp(_ field: ImpressionField) throws(ModelError) -> Timestamp {
      if let milliseconds = reader.members[field.rawValue].flatMap(Self.digits) {
        return Timestamp(milliseconds: milliseconds)
      }
      return try reader.timestamp(field.rawValue)
    }

    /// Under a variant, the integer a digit string writes; `nil` otherwise.
    private static func digits(_ value: JSONValue) -> Int? {
      guard RuleVariant.impressionIntegersFromText.isActive else { return nil }
      return value.stringValue.flatMap { Int($0) }
    }
  }
}
