/// The members of one JSON object, read with errors that name the field.
///
/// The reader knows no error type: every problem goes through `fail`, which words it as the
/// caller's own error (`"input.t0 is missing"`, `"header.kit_version: missing"`, …).
/// `null` counts as a value for the required reads (a `null` where a string is required is
/// mistyped) and as absent for the optional ones.
public struct JSONFields<Failure: Error>: Sendable {
  /// The object's members.
  public let members: [String: JSONValue]
  /// Where the object sits.
  public let path: FieldPath
  /// Words a problem as the caller's error.
  public let fail: @Sendable (FieldProblem) -> Failure

  /// The members of `value`.
  /// - Throws: `fail(.notAnObject)` when `value` is not an object.
  public init(
    _ value: JSONValue, at path: FieldPath, fail: @escaping @Sendable (FieldProblem) -> Failure
  ) throws(Failure) {
    guard let members = value.objectValue else { throw fail(.notAnObject(path, found: value.typeName)) }
    self.members = members
    self.path = path
    self.fail = fail
  }

  /// The member `key` as it is, `nil` only when absent (`null` is a value here).
  public subscript(_ key: String) -> JSONValue? { members[key] }

  /// The member `key`, `nil` when absent or `null`.
  public func optional(_ key: String) -> JSONValue? {
    guard let value = members[key], !value.isNull else { return nil }
    return value
  }

  /// The member `key`, of any type (`null` included).
  /// - Throws: `fail(.missing)` when absent.
  public func value(_ key: String) throws(Failure) -> JSONValue {
    guard let value = members[key] else { throw fail(.missing(path.appending(key))) }
    return value
  }

  /// The problem of a member `value` of `key` that is not `expected` ("a string", …).
  public func mistyped(_ key: String, _ expected: String, _ value: JSONValue) -> Failure {
    fail(.mistyped(path.appending(key), expected: expected, found: value.typeName))
  }

  /// The problem of a required member `key` that is absent.
  public func missing(_ key: String) -> Failure { fail(.missing(path.appending(key))) }

  /// A string.
  public func string(_ key: String) throws(Failure) -> String {
    let value = try value(key)
    guard let text = value.stringValue else { throw mistyped(key, "a string", value) }
    return text
  }

  /// A string, `nil` when absent or `null`.
  public func optionalString(_ key: String) throws(Failure) -> String? {
    guard let value = optional(key) else { return nil }
    guard let text = value.stringValue else { throw mistyped(key, "a string or null", value) }
    return text
  }

  /// An integral JSON number (``JSONValue/exactInteger``).
  public func integer(_ key: String) throws(Failure) -> Int {
    let value = try value(key)
    guard let number = value.exactInteger else { throw mistyped(key, "an integer", value) }
    return number
  }

  /// An integral JSON number, `nil` when absent or `null`.
  public func optionalInteger(_ key: String) throws(Failure) -> Int? {
    guard let value = optional(key) else { return nil }
    guard let number = value.exactInteger else { throw mistyped(key, "an integer or null", value) }
    return number
  }

  /// A boolean.
  public func bool(_ key: String) throws(Failure) -> Bool {
    let value = try value(key)
    guard let flag = value.boolValue else { throw mistyped(key, "a boolean", value) }
    return flag
  }

  /// A boolean, `fallback` when absent or `null`.
  public func bool(_ key: String, default fallback: Bool) throws(Failure) -> Bool {
    guard let value = optional(key) else { return fallback }
    guard let flag = value.boolValue else { throw mistyped(key, "a boolean", value) }
    return flag
  }

  /// An array.
  public func array(_ key: String) throws(Failure) -> [JSONValue] {
    let value = try value(key)
    guard let elements = value.arrayValue else { throw mistyped(key, "an array", value) }
    return elements
  }

  /// An array of strings; a non-string element is named by its index (`ids[2]`).
  public func strings(_ key: String) throws(Failure) -> [String] {
    var texts: [String] = []
    for (index, element) in try array(key).enumerated() {
      guard let text = element.stringValue else {
        throw fail(.mistyped(path.appending(key, index), expected: "a string", found: element.typeName))
      }
      texts.append(text)
    }
    return texts
  }

  /// An object, read with the same wording, its path one member deeper.
  public func object(_ key: String) throws(Failure) -> JSONFields {
    try JSONFields(try value(key), at: path.appending(key), fail: fail)
  }

  /// An array of objects, each read with the same wording, their paths indexed (`updates[3]`).
  public func each(_ key: String) throws(Failure) -> [JSONFields] {
    var elements: [JSONFields] = []
    for (index, element) in try array(key).enumerated() {
      elements.append(try JSONFields(element, at: path.appending(key, index), fail: fail))
    }
    return elements
  }

  /// A string that is one of an enumeration's raw values.
  /// - Throws: `fail(.notOneOf)` with the raw values in declaration order.
  public func choice<Choice: RawRepresentable & CaseIterable>(
    _ key: String, _ type: Choice.Type
  ) throws(Failure) -> Choice where Choice.RawValue == String {
    let text = try string(key)
    guard let choice = Choice(rawValue: text) else {
      throw fail(.notOneOf(path.appending(key), found: text, choices: Choice.allCases.map(\.rawValue)))
    }
    return choice
  }
}
