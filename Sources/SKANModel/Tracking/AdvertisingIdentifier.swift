/// An IDFA as `ASIdentifierManager.advertisingIdentifier.uuidString` writes it: a UUID,
/// 8-4-4-4-12 hexadecimal digits (ATT-4).
public struct AdvertisingIdentifier: Sendable, Hashable, CustomStringConvertible {
  /// The identifier exactly as given; it is forwarded unchanged (ATT-4).
  public let text: String

  /// The all-zero UUID, which `advertisingIdentifier` returns whenever tracking is not
  /// authorized (ATT-3).
  public static let zero = "00000000-0000-0000-0000-000000000000"

  /// Reads an IDFA: 36 characters, hexadecimal digits in either letter case (as
  /// `UUID(uuidString:)` reads them) in groups of 8, 4, 4, 4 and 12 separated by `-`, and
  /// nothing else: no braces, no white space (ATT-4).
  /// - Throws: ``ModelError/Code/invalidIDFA``.
  public init(parsing given: String) throws(ModelError) {
    let text = RuleVariant.idfaReadLeniently.isActive ? Self.lenient(given) : given
    guard UUIDText.isValid(text) else {
      throw ModelError(.invalidIDFA, "IDFA \"\(text)\" is not a UUID (8-4-4-4-12 hexadecimal digits)")
    }
    self.text = text
  }

  private init(verbatim text: String) { self.text = text }

  /// The all-zero UUID as an identifier.
  package static let allZero = AdvertisingIdentifier(verbatim: zero)

  /// An identifier as a lenient UUID parser reads it: braces stripped, and 32 digits without
  /// dashes given them (``RuleVariant/idfaReadLeniently``).
  private static func lenient(_ given: String) -> String {
    var text = given
    if text.hasPrefix("{") && text.hasSuffix("}") { text = String(text.dropFirst().dropLast()) }
    let characters = Array(text)
    guard text.utf8.count == 32, characters.count == 32 else { return text }
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
  }

  /// Whether this is the all-zero UUID, which identifies nobody (ATT-3).
  public var isZero: Bool { text == Self.zero }

  public var description: String { text }

}
