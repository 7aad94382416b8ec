import SKANJSON
import SKANModel

/// The `s2s` suite's wire shape (see `Spec/s2s.md`): one operation per input, named by `op`.
enum S2SSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let op = try reader.string("op")
    switch op {
    case "sign": return try S2SSigning.sign(reader)
    case "validate-request": return try S2SRequestValidation.validate(reader)
    case "build-request": return try S2SRequestBuilding.build(reader)
    case "parse-response": return try S2SResponseParsing.parse(reader)
    default:
      throw ModelError(
        .invalidInput, "input.op \"\(op)\" is not sign, validate-request, build-request or parse-response")
    }
  }

  /// `profile`, defaulting to `appsflyer-client` (S2S-1).
  static func profile(_ reader: InputReader) throws(ModelError) -> S2SSignatureProfile {
    guard let value = reader.optional("profile") else { return .default }
    guard let text = value.stringValue, let profile = S2SSignatureProfile(rawValue: text) else {
      throw ModelError(
        .invalidInput, "input.profile must be \"appsflyer-client\" or \"appsflyer-readme\", not \(value)")
    }
    return profile
  }
}
