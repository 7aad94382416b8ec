public import SKANJSON

/// One field of a SKAdNetwork postback's signed string (SIG-1 to SIG-5).
public struct PostbackField: Sendable, Hashable {
  /// The JSON type a field must have.
  public enum Kind: String, Sendable, Hashable {
    /// A JSON string, signed verbatim.
    case string
    /// An integral JSON number, signed in decimal.
    case integer
    /// A JSON boolean, signed as `true` or `false`.
    case boolean

    /// A field's text in the signed string, or `nil` when its JSON type is wrong (SIG-3,
    /// SIG-4): strings verbatim, booleans `true`/`false`, integers in decimal.
    public func signedText(of value: JSONValue) -> String? {
      switch (self, value) {
      case (.string, .string(let text)): return text
      case (.boolean, .bool(let flag)): return flag ? "true" : "false"
      // Numbers by value (SIG-4, Spec/README.md): `1.0` and `1e0` are the integer 1, as a
      // JavaScript or Go JSON decoder reads them; the text signed is the decimal integer.
      case (.integer, .integer(let number)): return String(number)
      case (.integer, .double): return value.exactInteger.map { String($0) }
      default: return nil
      }
    }
  }

  /// The postback key, such as `ad-network-id`.
  public var name: String
  /// Its type.
  public var kind: Kind
  /// Whether the field may be absent; an absent optional field's slot is dropped (SIG-2).
  public var optional: Bool

  /// Creates a field.
  public init(_ name: String, _ kind: Kind, optional: Bool = false) {
    self.name = name
    self.kind = kind
    self.optional = optional
  }
}
