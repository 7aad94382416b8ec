import SKANJSON
import SKANModel

/// Reads the fields of a suite input, turning shape problems into `invalid-input` errors
/// that name the field: ``JSONFields`` worded as ``ModelError``s, with the model-typed reads
/// (times, profiles, tracking) on top.
struct InputReader {
  /// The generic reader underneath.
  let fields: JSONFields<ModelError>

  /// The input object's members.
  var members: [String: JSONValue] { fields.members }
  /// Where the object sits, as text: `input`, `input.updates[3]`.
  var path: String { fields.path.description }

  init(_ value: JSONValue, path: String = "input") throws(ModelError) {
    fields = try JSONFields(value, at: FieldPath(path), fail: Self.word)
  }

  /// A shape problem as the suites word it (`input.t0 is missing`).
  static func word(_ problem: FieldProblem) -> ModelError {
    switch problem {
    case .notAnObject(let path, let found): return ModelError(.invalidInput, "\(path) must be an object, not \(found)")
    case .missing(let path): return ModelError(.invalidInput, "\(path) is missing")
    case .mistyped(let path, let expected, let found):
      return ModelError(.invalidInput, "\(path) must be \(expected), not \(found)")
    case .outOfRange(let path, let why): return ModelError(.invalidInput, "\(path) \(why)")
    case .notOneOf(let path, let found, let choices):
      return ModelError(.invalidInput, "\(path) \"\(found)\" is not one of \(choices.joined(separator: ", "))")
    }
  }

  /// The raw member, `nil` when absent; `null` counts as absent.
  func optional(_ key: String) -> JSONValue? { fields.optional(key) }

  func string(_ key: String) throws(ModelError) -> String { try fields.string(key) }

  /// The largest magnitude a time may have (WIN-7).
  static let maximumTime = Timestamp.maximumMagnitude

  /// A time in Unix milliseconds: an integral JSON number within ±(2^53 - 1) (WIN-7).
  func timestamp(_ key: String) throws(ModelError) -> Timestamp {
    let value = try fields.value(key)
    // A variant reads a string of digits as the number it spells (WIN-7's alternative).
    let digits = RuleVariant.timeDigitStringsAccepted.isActive ? value.stringValue.flatMap { Int($0) } : nil
    guard let milliseconds = value.exactInteger ?? digits ?? truncated(value) else {
      throw mistyped(key, "an integer (Unix milliseconds)", value)
    }
    guard (-Self.maximumTime...Self.maximumTime).contains(milliseconds) else {
      // A variant clamps a time outside the range into it (WIN-7's alternative).
      if RuleVariant.timeTruncatedIntoRange.isActive {
        return Timestamp(milliseconds: min(max(milliseconds, -Self.maximumTime), Self.maximumTime))
      }
      throw fields.fail(
        .outOfRange(fields.path.appending(key), "\(milliseconds) is outside ±(2^53 - 1) milliseconds"))
    }
    return Timestamp(milliseconds: milliseconds)
  }

  /// A fractional time truncated to whole milliseconds under a variant (WIN-7's alternative);
  /// otherwise nil.
  private func truncated(_ value: JSONValue) -> Int? {
    guard RuleVariant.timeTruncatedIntoRange.isActive, case .double(let number) = value, abs(number) < 9e15 else {
      return nil
    }
    return Int(number)
  }

  func array(_ key: String) throws(ModelError) -> [JSONValue] { try fields.array(key) }

  func object(_ key: String) throws(ModelError) -> [String: JSONValue] { try fields.object(key).members }

  func bool(_ key: String, default fallback: Bool) throws(ModelError) -> Bool {
    try fields.bool(key, default: fallback)
  }

  /// An integral JSON number.
  func integer(_ key: String) throws(ModelError) -> Int { try fields.integer(key) }

  /// An integral JSON number, or `nil` when absent or null.
  func optionalInteger(_ key: String) throws(ModelError) -> Int? { try fields.optionalInteger(key) }

  /// A string, or `nil` when absent or null.
  func optionalString(_ key: String) throws(ModelError) -> String? { try fields.optionalString(key) }

  /// One of an enumeration's raw values.
  func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(ModelError) -> Choice
  where Choice.RawValue == String {
    try fields.choice(key, type)
  }

  /// The user's tracking choices, `{"status": …, "consent": …}`, both required; `nil` when
  /// the member is absent or null (ATT-5). An unknown status is `invalid-input` (IN-1).
  func tracking(_ key: String) throws(ModelError) -> TrackingState? {
    typealias ATT = MetadataSuite.ATT
    guard var value = optional(key) else { return nil }
    if RuleVariant.attBareStatus.isActive, let status = value.stringValue {
      value = ATT.object([.status: .string(status), .consent: true])
    }
    let reader = try JSONFields(value, at: fields.path.appending(key), fail: Self.word)
    let authorization = try Self.authorization(reader)
    let consent: Bool
    if RuleVariant.attNeverForwards.isActive {
      consent = false
    } else if RuleVariant.attConsentIgnored.isActive && authorization == .authorized {
      consent = true
    } else if RuleVariant.attConsentAssumed.isActive && reader[ATT.consent.rawValue] == nil {
      consent = true
    } else if RuleVariant.attConsentFromString.isActive,
      let flag = reader[ATT.consent.rawValue]?.stringValue.flatMap(Bool.init)
    {
      consent = flag
    } else {
      consent = try reader.bool(ATT.consent.rawValue)
    }
    return TrackingState(authorization: authorization, consent: consent)
  }

  /// The ATT status of a tracking state, by its name (ATT-2), or as a variant reads it.
  private static func authorization(_ reader: JSONFields<ModelError>) throws(ModelError) -> TrackingAuthorization {
    let status = reader[MetadataSuite.ATT.status.rawValue]
    if RuleVariant.attStatusRawValue.isActive, let raw = status?.exactInteger,
      TrackingAuthorization.allCases.indices.contains(raw)
    {
      return TrackingAuthorization.allCases[raw]
    }
    if RuleVariant.attStatusAnyCase.isActive, let text = status?.stringValue?.lowercased(),
      let match = TrackingAuthorization.allCases.first(where: { $0.rawValue.lowercased() == text })
    {
      return match
    }
    if RuleVariant.attUnknownStatusDenied.isActive, let status,
      status.stringValue.flatMap(TrackingAuthorization.init) == nil
    {
      return .denied
    }
    return try reader.choice(MetadataSuite.ATT.status.rawValue, TrackingAuthorization.self)
  }

  func number(_ key: String) throws(ModelError) -> Double? {
    guard let value = optional(key) else { return nil }
    return value.numberValue
  }

  /// The window profile in `name` (every suite calls it `profile`), defaulting to production.
  func profile(_ name: some MemberName) throws(ModelError) -> WindowProfile {
    guard let value = optional(name.rawValue) else { return .production }
    // A variant takes an unknown profile for production (IN-1's alternative).
    let fallback: WindowProfile? = RuleVariant.unknownProfileAsProduction.isActive ? .production : nil
    guard let text = value.stringValue, let profile = WindowProfile(rawValue: text) ?? fallback else {
      throw fields.fail(
        .mistyped(
          fields.path.appending(name.rawValue), expected: #""production" or "aak-developer""#, found: "\(value)"))
    }
    return profile
  }

  /// The error of a required member `key` that is absent.
  func missing(_ key: String) -> ModelError { fields.missing(key) }

  /// The error of a member `value` of `key` that is not `expected` ("a string", …).
  func mistyped(_ key: String, _ expected: String, _ value: JSONValue) -> ModelError {
    fields.mistyped(key, expected, value)
  }
}
