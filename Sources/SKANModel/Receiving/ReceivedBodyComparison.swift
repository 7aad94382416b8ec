public import SKANJSON

/// Whether a duplicate's body differs from the counted one's (Spec/receiving.md, RCV-6;
/// kit-defined): the members Apple documents for the framework are compared by value, every
/// other member is ignored.
public enum ReceivedBodyComparison {
  /// The members of a SKAdNetwork postback Apple documents
  /// (storekit/identifying-the-parameters-in-install-validation-postbacks).
  public static let skadnetworkMembers = [
    "version", "ad-network-id", "source-identifier", "campaign-id", "app-id", "transaction-id", "redownload",
    "source-app-id", "source-domain", "fidelity-type", "did-win", "postback-sequence-index", "conversion-value",
    "coarse-conversion-value", "country-code", "attribution-signature",
  ]
  /// The members of an AdAttributionKit postback stanza Apple documents
  /// (adattributionkit/receiving-ad-attributions-and-postbacks).
  public static let adAttributionKitMembers = [
    "jws-string", "conversion-value", "coarse-conversion-value", "ad-interaction-type", "country-code",
  ]

  /// Whether `body` differs from `first` in a documented member of `framework`: an absent
  /// member differs from a present one, numbers compare by value, a body given as text by its
  /// parsed value (never its bytes).
  public static func differs(_ body: JSONValue, from first: JSONValue, framework: ReceivedPostback.Framework) -> Bool {
    if RuleVariant.receivingBodiesNeverDiffer.isActive { return false }
    if RuleVariant.receivingBodiesComparedAsReceived.isActive { return body != first }
    let members =
      framework == .skadnetwork
      ? skadnetworkMembers
      : RuleVariant.receivingOnlyJWSCompared.isActive ? ["jws-string"] : adAttributionKitMembers
    let left = object(body) ?? [:]
    let right = object(first) ?? [:]
    return members.contains { name in
      switch (left[name], right[name]) {
      case (nil, nil): return false
      case (let l?, let r?): return !sameValue(l, r)
      default: return true
      }
    }
  }

  /// A fingerprint of `body`'s documented members for `framework`: two bodies have the same
  /// fingerprint exactly when ``differs(_:from:framework:)`` finds no difference between them,
  /// but for a collision of the 64-bit FNV-1a hash (about 2^-64 for two bodies not built to
  /// collide). A receiver that keeps only the fingerprint of each counted postback, not its
  /// body, tells a duplicate's `body_differs` in eight bytes a key.
  ///
  /// What is hashed: each documented member in order, its name, then whether it is present
  /// and, if so, its canonical JSON with every number that has an integral value written as
  /// that integer (so `1`, `1.0` and `1e0` hash alike, as they compare alike).
  public static func fingerprint(_ body: JSONValue, framework: ReceivedPostback.Framework) -> UInt64 {
    let members = framework == .skadnetwork ? skadnetworkMembers : adAttributionKitMembers
    let object = self.object(body) ?? [:]
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: some Sequence<UInt8>) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
    }
    for name in members {
      mix(name.utf8)
      if let value = object[name] {
        mix([0x01])
        mix(CanonicalJSON.compactBytes(byValue(value)))
      } else {
        mix([0x00])
      }
      mix([0x1E])
    }
    return hash
  }

  /// `value` with every number that has an integral value written as that integer.
  static func byValue(_ value: JSONValue) -> JSONValue {
    switch value {
    case .double: return value.exactInteger.map(JSONValue.integer) ?? value
    case .array(let elements): return .array(elements.map(byValue))
    case .object(let members): return .object(members.mapValues(byValue))
    default: return value
    }
  }

  /// The body's members, parsing a body given as text (SIG-8); `nil` when it is not a JSON
  /// object (RCV-21).
  public static func object(_ body: JSONValue) -> [String: JSONValue]? {
    if let text = body.stringValue { return (try? JSONParser.parse(text))?.objectValue }
    return body.objectValue
  }

  /// JSON equality with numbers by value (`1`, `1.0` and `1e0` are one number, Spec/README.md)
  /// and strings by their UTF-8 bytes (two texts Apple signed differently are two texts, even
  /// when Unicode calls them canonically equivalent).
  static func sameValue(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.integer(let number), .double): return right.exactInteger == number
    case (.double, .integer(let number)): return left.exactInteger == number
    case (.string(let l), .string(let r)): return l.utf8.elementsEqual(r.utf8)
    case (.array(let l), .array(let r)):
      return l.count == r.count && zip(l, r).allSatisfy { sameValue($0, $1) }
    case (.object(let l), .object(let r)):
      return l.count == r.count && l.allSatisfy { key, value in r[key].map { sameValue(value, $0) } ?? false }
    default:
      return left == right
    }
  }
}
