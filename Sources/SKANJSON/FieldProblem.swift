/// What is wrong with a field of a JSON document. ``JSONFields`` reports its problems as
/// these, and each reader words them in its own error type.
public enum FieldProblem: Sendable, Hashable {
  /// The value at the path is not an object; `found` is its ``JSONValue/typeName``.
  case notAnObject(FieldPath, found: String)
  /// A required member is absent.
  case missing(FieldPath)
  /// The member is of another type: `expected` reads "a string", "an integer or null", …;
  /// `found` is the value's ``JSONValue/typeName``.
  case mistyped(FieldPath, expected: String, found: String)
  /// The member has the right type but its value is not allowed; the text says why
  /// (`"9007199254740992 is outside ±(2^53 - 1) milliseconds"`).
  case outOfRange(FieldPath, String)
  /// The member is a string but none of `choices`.
  case notOneOf(FieldPath, found: String, choices: [String])

  /// The path of the field the problem is about.
  public var path: FieldPath {
    switch self {
    case .notAnObject(let path, _), .missing(let path), .mistyped(let path, _, _), .outOfRange(let path, _),
      .notOneOf(let path, _, _):
      return path
    }
  }
}
