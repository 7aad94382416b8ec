// Small editing helpers used by the mutants and the fuzzer to derive one input from another.

extension JSONValue {
  /// The value with one member replaced (or removed with `nil`); non-objects are unchanged.
  public func setting(_ key: String, _ value: JSONValue?) -> JSONValue {
    guard var members = objectValue else { return self }
    members[key] = value
    return .object(members)
  }

  /// The value with a member transformed, if present.
  public func updating(_ key: String, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    guard let member = self[key] else { return self }
    return setting(key, transform(member))
  }

  /// An array with every element transformed; non-arrays are unchanged.
  public func mapElements(_ transform: (JSONValue) -> JSONValue) -> JSONValue {
    guard let elements = arrayValue else { return self }
    return .array(elements.map(transform))
  }

  /// An array's elements transformed with their index.
  public func mapIndexed(_ transform: (Int, JSONValue) -> JSONValue) -> JSONValue {
    guard let elements = arrayValue else { return self }
    return .array(elements.enumerated().map { transform($0.offset, $0.element) })
  }
}
