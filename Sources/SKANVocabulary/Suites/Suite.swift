/// The suites of the kit, one per area of the Spec. The raw value is the suite's name in
/// `Vectors/`, in requirement areas and on the wire.
public enum Suite: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Where a time falls among the conversion windows.
  case window
  /// Fine, coarse and lock values, alone and over a timeline of updates.
  case values
  /// The Singular S2S client lifecycle and its snapshot.
  case lifecycle
  /// The SDK metadata contract.
  case metadata
  /// The postbacks a device sends: which, when, with which fields at which tier.
  case postback
  /// Which impression wins an install or a re-engagement, and who gets a postback.
  case attribution
  /// Server-to-server conversion-value APIs: HMAC signing, request validation, requests and responses.
  case s2s
  /// Postback signature verification and impression signing.
  case signature

  /// A one-line description, for listings and the vector files.
  public var summary: String {
    switch self {
    case .window:
      return "Conversion windows: which window a time falls in, for production and AdAttributionKit developer mode."
    case .values:
      return
        "Fine, coarse and lock values: validation, Singular coarse codes, synthesized fine values, and a timeline of updates with locks."
    case .lifecycle:
      return
        "The Singular SKAN 4 S2S client lifecycle: registration, server responses, revenue, and the snapshot after each step."
    case .metadata:
      return "The SDK SKAN metadata contract: string metadata to the SKAdNetwork call and the StoreKit overlay."
    case .postback:
      return
        "SKAdNetwork 4 and AdAttributionKit postbacks: which ones a device sends, their fields per crowd anonymity tier, their values and their send times."
    case .attribution: return "Attribution: eligible impressions, the winner, the losing networks, and re-engagement."
    case .s2s:
      return
        "Server-to-server conversion-value APIs: HMAC request signing, request validation, request building and response parsing."
    case .signature: return "Signatures: SKAdNetwork postback verification, impression signing, AdAttributionKit JWS."
    }
  }

  /// The Spec document for the suite, relative to `Spec/`.
  public var specDocument: String { "\(rawValue).md" }

  /// The suite's place in `allCases`.
  var order: Int { Suite.allCases.firstIndex(of: self) ?? 0 }

  public static func < (lhs: Suite, rhs: Suite) -> Bool { lhs.order < rhs.order }
}
