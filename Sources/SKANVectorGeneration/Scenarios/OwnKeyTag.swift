import SKANJSON
import SKANModel

/// The tag `own-key` (Spec/README.md, "Tags"): a case whose answer needs a key other than
/// Apple's built-in ones, or Apple's keys withheld. A library that has only Apple's keys built
/// in cannot answer such a case, and its adapter answers `skipped` (docs/guides/implementations.md, "Wrapping a
/// signature library"). The `signature` suite tags a `verify-postback` by its `public_key` and
/// a `verify-aak-postback` by its `keys`; the `receiving` suite a batch by its
/// `skadnetwork_public_key` and `aak_keys`, the same keys under other names (RCV-1). Cases
/// whose input is refused are not tagged: their answer needs no key.
enum OwnKeyTag {
  /// The tag's name.
  static let name = "own-key"

  /// Apple's AdAttributionKit keys as a `keys` object: its three kids and keys.
  static let appleAAKKeys: JSONValue = .object(AppleKeys.aakByKID.mapValues { .string($0) })

  /// Whether a SKAdNetwork key member (`public_key`, `skadnetwork_public_key`) asks for a key
  /// that is not Apple's: present, not `null`, and not Apple's P-256 key. A receiving batch's
  /// key verifies every SKAdNetwork body, so only the key of its 2.1 and later bodies is Apple's.
  static func isOwn(skadnetworkKey key: JSONValue?) -> Bool {
    guard let key, key != .null else { return false }
    return key != .string(AppleKeys.skanP256)
  }

  /// Whether a `verify-postback`'s `public_key` is not the key Apple signs that postback's
  /// version with (P-192 for 1.0, a postback without `version`, and 2.0; P-256 otherwise): a
  /// library with Apple's keys built in picks that key itself and answers the case.
  static func isOwn(skadnetworkKey key: JSONValue?, postback: JSONValue?) -> Bool {
    guard let key, key != .null else { return false }
    var object = postback
    if let text = postback?.stringValue { object = try? JSONParser.parse(text) }
    let version: PostbackVersion? =
      switch object?["version"] {
      case nil, .null?: .v1_0
      case .string(let name)?: PostbackVersion(rawValue: name)
      default: nil
      }
    return key != .string(version?.usesP192 == true ? AppleKeys.skanP192 : AppleKeys.skanP256)
  }

  /// Whether an AdAttributionKit key set (`keys`, `aak_keys`) is not Apple's: present, not
  /// `null`, and not exactly Apple's three kids with their keys.
  static func isOwn(aakKeys keys: JSONValue?) -> Bool {
    guard let keys, keys != .null else { return false }
    return keys != appleAAKKeys
  }
}
