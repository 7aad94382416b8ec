import SKANJSON
import SKANModel
import SKANVocabulary

/// The `s2s` suite's codec (see `Spec/s2s.md`): one operation per input, named by `op`.
extension S2SSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    var op = try reader.string(Input.op.rawValue)
    // A variant signs for an op it does not know.
    if RuleVariant.s2sUnknownOpSigns.isActive, Operation(rawValue: op) == nil { op = Operation.sign.rawValue }
    switch try Operation.choice(op, at: "input.\(Input.op.rawValue)") {
    case .sign: return try S2SSigning.sign(reader)
    case .validateRequest: return try S2SRequestValidation.validate(reader)
    case .buildRequest: return try S2SRequestBuilding.build(reader)
    case .parseResponse: return try S2SResponseParsing.parse(reader)
    }
  }

  /// `profile`, defaulting to `appsflyer-client` (S2S-1).
  static func profile(_ reader: InputReader) throws(ModelError) -> S2SSignatureProfile {
    guard let value = reader.optional(Input.profile.rawValue) else { return .default }
    // A variant reads a profile it does not know as the default.
    let unknown: S2SSignatureProfile? = RuleVariant.s2sUnknownProfileIsDefault.isActive ? .default : nil
    guard let text = value.stringValue, let profile = S2SSignatureProfile(rawValue: text) ?? unknown else {
      throw ModelError(
        .invalidInput, "input.profile must be \"appsflyer-client\" or \"appsflyer-readme\", not \(value)")
    }
    return profile
  }
}
