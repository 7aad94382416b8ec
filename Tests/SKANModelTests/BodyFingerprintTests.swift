import SKANJSON
import SKANModel
import Testing

/// A duplicate's `body_differs` is decided on fingerprints of the documented members
/// (``ReceivedBodyComparison/fingerprint(_:framework:)``): two bodies fingerprint alike exactly
/// when ``ReceivedBodyComparison/differs(_:from:framework:)`` finds no difference.
@Suite("Body fingerprints")
struct BodyFingerprintTests {
  static let skadnetwork: JSONValue = [
    "version": "4.0", "ad-network-id": "example123.skadnetwork", "source-identifier": "5239",
    "app-id": 525_463_029, "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e30", "redownload": false,
    "fidelity-type": 1, "did-win": true, "postback-sequence-index": 0, "conversion-value": 20,
    "attribution-signature": "MEUCIQD",
  ]
  static let adAttributionKit: JSONValue = [
    "jws-string": "eyJhbGciOiJFUzI1NiJ9.e30.sig", "conversion-value": 7, "coarse-conversion-value": "low",
  ]

  /// Bodies around `base`: the same value spelled otherwise, an undocumented member added, a
  /// documented member changed, removed or added, and the body as text.
  static func variants(of base: JSONValue) -> [JSONValue] {
    guard case .object(let members) = base else { return [base] }
    var found: [JSONValue] = [base, .string(CanonicalJSON.compact(base))]
    var extra = members
    extra["x-forwarded-for"] = "10.0.0.1"
    found.append(.object(extra))
    for (name, value) in members.sorted(by: { $0.key < $1.key }) {
      var changed = members
      switch value {
      case .integer(let number):
        changed[name] = .double(Double(number))  // the same value
        found.append(.object(changed))
        changed[name] = .integer(number + 1)
      case .string(let text): changed[name] = .string(text + "x")
      case .bool(let flag): changed[name] = .bool(!flag)
      default: changed[name] = .null
      }
      found.append(.object(changed))
      var removed = members
      removed[name] = nil
      found.append(.object(removed))
    }
    var added = members
    added["country-code"] = "FR"
    found.append(.object(added))
    return found
  }

  @Test(
    "fingerprints agree exactly when the documented members compare alike",
    arguments: [
      (ReceivedPostback.Framework.skadnetwork, skadnetwork), (.adattributionkit, adAttributionKit),
    ])
  func agreesWithComparison(framework: ReceivedPostback.Framework, base: JSONValue) {
    let bodies = Self.variants(of: base)
    var pairs = 0
    var alike = 0
    for left in bodies {
      for right in bodies {
        let same =
          ReceivedBodyComparison.fingerprint(left, framework: framework)
          == ReceivedBodyComparison.fingerprint(right, framework: framework)
        let differs = ReceivedBodyComparison.differs(left, from: right, framework: framework)
        #expect(same == !differs, "\(CanonicalJSON.compact(left)) vs \(CanonicalJSON.compact(right))")
        pairs += 1
        if same { alike += 1 }
      }
    }
    // Both answers occur: pairs that differ, and pairs that are alike besides the same body.
    #expect(alike > bodies.count)
    #expect(alike < pairs)
  }
}
