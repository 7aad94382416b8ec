/// A JSON value as the kit reads and writes it.
///
/// Numbers keep the distinction the text made: `12` is ``integer(_:)``, `12.0` and `1e2`
/// are ``double(_:)``. Objects are unordered; the canonical writer sorts their keys.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number written without a fraction or exponent that fits in `Int`.
  case integer(Int)
  /// Any other number.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object. Duplicate keys are rejected by the parser.
  case object([String: JSONValue])
}

// MARK: - Accessors

extension JSONValue {
  /// The object's members, or `nil` when this is not an object.
  public var objectValue: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The array's elements, or `nil` when this is not an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The string, or `nil` when this is not a string.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The boolean, or `nil` when this is not a boolean.
  public var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// The value as an exact integer: an integer, or a double with no fractional part
  /// that fits in `Int`. `nil` for anything else, booleans included.
  public var exactInteger: Int? {
    switch self {
    case .integer(let value):
      return value
    case .double(let value):
      guard value.isFinite, value.rounded(.towardZero) == value,
        value >= -9.223_372_036_854_775_808e18, value < 9.223_372_036_854_775_808e18
      else { return nil }
      return Int(value)
    default:
      return nil
    }
  }

  /// The value as a number (integer or double), or `nil` when it is not a number.
  public var numberValue: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The member named `key` when this is an object.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// A short name of the value's JSON type, for error messages.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .integer: return "integer"
    case .double: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var members: [String: JSONValue] = [:]
    for (key, value) in elements { members[key] = value }
    self = .object(members)
  }
}

extension JSONValue {
  /// `.integer(value)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: Int?) -> JSONValue {
    value.map { .integer($0) } ?? .null
  }

  /// `.string(value)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: String?) -> JSONValue {
    value.map { .string($0) } ?? .null
  }

  /// `.bool(value)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: Bool?) -> JSONValue {
    value.map { .bool($0) } ?? .null
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value in compact canonical form (sorted keys, no white space).
  public var description: String { CanonicalJSON.compact(self) }
}
