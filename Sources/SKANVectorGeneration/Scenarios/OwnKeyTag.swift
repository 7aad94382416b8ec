import SKANJSON
import SKANModel

/// The tag `own-key` (Spec/README.md, "Tags"): a case whose answer needs a key other than
/// Apple's built-in ones, or Apple's keys withheld. A library that has only Apple's keys built
/// in cannot answer such a case, and its adapter answers `skipped` (README, "Wrapping a
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
  /// that is not Apple's: present, not `null`, and not Apple's P-256 key.
  static func isOwn(skadnetworkKey key: JSONValue?) -> Bool {
    guard let key, key != .null else { return false }
    return key != .string(AppleKeys.skanP256)
  }

  /// Whether an AdAttributionKit key set (`keys`, `aak_keys`) is not Apple's: present, not
  /// `null`, and not exactly Apple's three kids with their keys.
  static func isOwn(aakKeys keys: JSONValue?) -> Bool {
    guard let keys, keys != .null else { return false }
    return keys != appleAAKKeys
  }
}
