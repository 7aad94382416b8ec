import SKANJSON
import SKANModel

/// `op: "validate-request"`: the server side of the conversion-value API (S2S-7 to S2S-12).
enum S2SRequestValidation {
  static func validate(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let profile = try S2SSuite.profile(reader)
    let devKey = try reader.string("dev_key")
    var known: Set<String> = []
    for (index, element) in try reader.array("known_uids").enumerated() {
      guard let uid = element.stringValue else {
        throw ModelError(.invalidInput, "input.known_uids[\(index)] must be a string, not \(element.typeName)")
      }
      known.insert(uid)
    }
    let busy = try reader.bool("busy", default: false)
    let request = try InputReader(.object(try reader.object("request")), path: "input.request")
    let query = try strings(request, "query")
    let headers = try strings(request, "headers").sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    let validator = S2SRequestValidator(profile: profile, devKey: devKey, crypto: Suite.crypto)
    let answer = validator.validate(query: query, headers: headers, isKnownUID: { known.contains($0) }, busy: busy)
    return encode(answer)
  }

  /// The output shape of a validation.
  static func encode(_ answer: S2SValidation) -> JSONValue {
    [
      "status": .integer(answer.status), "reason": .string(answer.reason.rawValue),
      "parameter": .optional(answer.parameter),
    ]
  }

  private static func strings(_ reader: InputReader, _ key: String) throws(ModelError) -> [String: String] {
    var result: [String: String] = [:]
    for (name, value) in try reader.object(key) {
      guard let text = value.stringValue else {
        throw ModelError(.invalidInput, "\(reader.path).\(key).\(name) must be a string, not \(value.typeName)")
      }
      result[name] = text
    }
    return result
  }
}
