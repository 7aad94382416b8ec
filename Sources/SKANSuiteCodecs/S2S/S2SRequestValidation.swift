import SKANJSON
import SKANModel
import SKANVocabulary

/// `op: "validate-request"`: the server side of the conversion-value API (S2S-7 to S2S-12).
enum S2SRequestValidation {
  typealias Input = S2SSuite.Input

  static func validate(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let devKey = try reader.string(Input.devKey.rawValue)
    var known: Set<String> = []
    for (index, element) in try reader.array(Input.knownUIDs.rawValue).enumerated() {
      guard let uid = element.stringValue else {
        throw ModelError(
          .invalidInput, "input.\(Input.knownUIDs.rawValue)[\(index)] must be a string, not \(element.typeName)")
      }
      known.insert(uid)
    }
    let busy = try reader.bool(Input.busy.rawValue, default: false)
    let request = try InputReader(
      .object(try reader.object(Input.request.rawValue)), path: "input.\(Input.request.rawValue)")
    let query = try strings(request, S2SSuite.Request.query.rawValue)
    // A variant reads a header given as an integer as its decimal text.
    let numbers = RuleVariant.s2sHeaderNumberAsText.isActive
    let headers = try strings(request, S2SSuite.Request.headers.rawValue, numbersAsText: numbers).sorted {
      $0.key < $1.key
    }.map {
      (name: $0.key, value: $0.value)
    }
    let validator = S2SRequestValidator(profile: profile, devKey: devKey, crypto: Suite.crypto)
    let answer = validator.validate(query: query, headers: headers, isKnownUID: { known.contains($0) }, busy: busy)
    return encode(answer)
  }

  /// The output shape of a validation.
  static func encode(_ answer: S2SValidation) -> JSONValue {
    S2SSuite.Output.object([
      .status: .integer(answer.status), .reason: .string(answer.reason.rawValue),
      .parameter: .optional(answer.parameter),
    ])
  }

  /// The members of the object `key`, each a string, or an integer's text when
  /// `numbersAsText`.
  private static func strings(_ reader: InputReader, _ key: String, numbersAsText: Bool = false) throws(ModelError)
    -> [String: String]
  {
    var result: [String: String] = [:]
    for (name, value) in try reader.object(key) {
      guard let text = value.stringValue ?? (numbersAsText ? value.exactInteger.map { String($0) } : nil) else {
        throw ModelError(.invalidInput, "\(reader.path).\(key).\(name) must be a string, not \(value.typeName)")
      }
      result[name] = text
    }
    return result
  }
}
