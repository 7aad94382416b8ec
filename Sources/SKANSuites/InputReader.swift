import SKANJSON
import SKANModel

/// Reads the fields of a suite input, turning shape problems into `invalid-input` errors
/// that name the field.
struct InputReader {
  let members: [String: JSONValue]
  let path: String

  init(_ value: JSONValue, path: String = "input") throws(ModelError) {
    guard let members = value.objectValue else {
      throw ModelError(.invalidInput, "\(path) must be an object, not \(value.typeName)")
    }
    self.members = members
    self.path = path
  }

  /// The raw member, `nil` when absent; `null` counts as absent.
  func optional(_ key: String) -> JSONValue? {
    guard let value = members[key], !value.isNull else { return nil }
    return value
  }

  func string(_ key: String) throws(ModelError) -> String {
    guard let value = members[key] else { throw missing(key) }
    guard let text = value.stringValue else { throw mistyped(key, "a string", value) }
    return text
  }

  /// The largest magnitude a time may have (WIN-7).
  static let maximumTime = Timestamp.maximumMagnitude

  /// A time in Unix milliseconds: an integral JSON number within ±(2^53 - 1) (WIN-7).
  func timestamp(_ key: String) throws(ModelError) -> Timestamp {
    guard let value = members[key] else { throw missing(key) }
    guard let milliseconds = value.exactInteger else {
      throw mistyped(key, "an integer (Unix milliseconds)", value)
    }
    guard (-Self.maximumTime...Self.maximumTime).contains(milliseconds) else {
      throw ModelError(.invalidInput, "\(path).\(key) \(milliseconds) is outside ±(2^53 - 1) milliseconds")
    }
    return Timestamp(milliseconds: milliseconds)
  }

  func array(_ key: String) throws(ModelError) -> [JSONValue] {
    guard let value = members[key] else { throw missing(key) }
    guard let elements = value.arrayValue else { throw mistyped(key, "an array", value) }
    return elements
  }

  func object(_ key: String) throws(ModelError) -> [String: JSONValue] {
    guard let value = members[key] else { throw missing(key) }
    guard let object = value.objectValue else { throw mistyped(key, "an object", value) }
    return object
  }

  func bool(_ key: String, default fallback: Bool) throws(ModelError) -> Bool {
    guard let value = optional(key) else { return fallback }
    guard let flag = value.boolValue else { throw mistyped(key, "a boolean", value) }
    return flag
  }

  /// An integral JSON number.
  func integer(_ key: String) throws(ModelError) -> Int {
    guard let value = members[key] else { throw missing(key) }
    guard let number = value.exactInteger else { throw mistyped(key, "an integer", value) }
    return number
  }

  /// An integral JSON number, or `nil` when absent or null.
  func optionalInteger(_ key: String) throws(ModelError) -> Int? {
    guard let value = optional(key) else { return nil }
    guard let number = value.exactInteger else { throw mistyped(key, "an integer or null", value) }
    return number
  }

  /// A string, or `nil` when absent or null.
  func optionalString(_ key: String) throws(ModelError) -> String? {
    guard let value = optional(key) else { return nil }
    guard let text = value.stringValue else { throw mistyped(key, "a string or null", value) }
    return text
  }

  /// One of an enumeration's raw values.
  func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(ModelError) -> Choice
  where Choice.RawValue == String {
    let text = try string(key)
    guard let choice = Choice(rawValue: text) else {
      throw ModelError(
        .invalidInput,
        "\(path).\(key) \"\(text)\" is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return choice
  }

  /// The user's tracking choices, `{"status": …, "consent": …}`, both required; `nil` when
  /// the member is absent or null (ATT-5). An unknown status is `invalid-input` (IN-1).
  func tracking(_ key: String) throws(ModelError) -> TrackingState? {
    guard let value = optional(key) else { return nil }
    let reader = try InputReader(value, path: "\(path).\(key)")
    let authorization = try reader.choice("status", TrackingAuthorization.self)
    guard let consentValue = reader.members["consent"] else { throw reader.missing("consent") }
    guard let consent = consentValue.boolValue else { throw reader.mistyped("consent", "a boolean", consentValue) }
    return TrackingState(authorization: authorization, consent: consent)
  }

  func number(_ key: String) throws(ModelError) -> Double? {
    guard let value = optional(key) else { return nil }
    return value.numberValue
  }

  /// `profile`, defaulting to production.
  func profile() throws(ModelError) -> WindowProfile {
    guard let value = optional("profile") else { return .production }
    guard let text = value.stringValue, let profile = WindowProfile(rawValue: text) else {
      throw ModelError(
        .invalidInput, "\(path).profile must be \"production\" or \"aak-developer\", not \(value)")
    }
    return profile
  }

  func missing(_ key: String) -> ModelError {
    ModelError(.invalidInput, "\(path).\(key) is missing")
  }

  func mistyped(_ key: String, _ expected: String, _ value: JSONValue) -> ModelError {
    ModelError(.invalidInput, "\(path).\(key) must be \(expected), not \(value.typeName)")
  }
}
