public import SKANJSON

/// The spelling of one JSON member, operation or enumerated value of a suite: the one place
/// the name is written in Swift. Conformers are `String` enums whose cases are in the order
/// the Spec (and every "is not a, b or c" message) lists them.
public protocol MemberName: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}

extension MemberName {
  /// "a, b or c": the names in declaration order, as every "is not one of" message words them.
  public static var choiceList: String {
    let names = allCases.map(\.rawValue)
    guard let last = names.last, names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }

  /// An object with these members (canonical output sorts them).
  public static func object(_ members: KeyValuePairs<Self, JSONValue>) -> JSONValue {
    var object: [String: JSONValue] = [:]
    for (name, value) in members { object[name.rawValue] = value }
    return .object(object)
  }
}

extension JSONValue {
  /// The member `name` of an object; `nil` when absent or when this is not an object.
  public subscript<Name: MemberName>(_ name: Name) -> JSONValue? { self[name.rawValue] }

  /// The value with the member `name` replaced (or removed with `nil`); non-objects are unchanged.
  public func setting<Name: MemberName>(_ name: Name, _ value: JSONValue?) -> JSONValue {
    setting(name.rawValue, value)
  }

  /// The value with the member `name` transformed, if present.
  public func updating<Name: MemberName>(_ name: Name, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    updating(name.rawValue, transform)
  }
}
