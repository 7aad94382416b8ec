/// A crowd anonymity tier, 0 (least data) to 3 (most) (PB-3).
public struct CrowdTier: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// 0, 1, 2 or 3.
  public let rawValue: Int

  /// Validates a tier.
  /// - Throws: ``ModelError/Code/invalidInput`` outside 0...3.
  public init(validating value: Int) throws(ModelError) {
    guard (0...3).contains(value) else { throw ModelError(.invalidInput, "tier \(value) is outside 0...3") }
    rawValue = value
  }

  private init(_ value: Int) { rawValue = value }

  /// Tier 3, the most data crowd anonymity allows: the tier of every development postback
  /// (PB-22).
  public static let highest = CrowdTier(3)

  public static func < (lhs: CrowdTier, rhs: CrowdTier) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "tier \(rawValue)" }
}

/// The crowd anonymity tier the device computed for each length of the source identifier.
///
/// The device picks the length with the highest tier; on a tie the one with the most digits;
/// when the best tier is 0 or 1 it always uses 2 digits (PB-4).
public struct SourceIdentifierTiers: Sendable, Hashable {
  /// The tier of the 2-digit, 3-digit and 4-digit identifier.
  public var twoDigits: CrowdTier
  /// The tier of the 3-digit identifier.
  public var threeDigits: CrowdTier
  /// The tier of the 4-digit identifier.
  public var fourDigits: CrowdTier

  /// Creates per-length tiers.
  public init(twoDigits: CrowdTier, threeDigits: CrowdTier, fourDigits: CrowdTier) {
    self.twoDigits = twoDigits
    self.threeDigits = threeDigits
    self.fourDigits = fourDigits
  }

  /// The same tier for every length.
  public init(uniform tier: CrowdTier) {
    self.init(twoDigits: tier, threeDigits: tier, fourDigits: tier)
  }

  /// The postback's tier: the highest of the three (PB-4).
  public var postbackTier: CrowdTier { max(twoDigits, threeDigits, fourDigits) }

  /// How many digits of the source identifier the postback carries (PB-4).
  public var digits: Int {
    let best = postbackTier
    if best.rawValue <= 1 { return 2 }
    if fourDigits == best { return 4 }
    if threeDigits == best { return 3 }
    return 2
  }
}
