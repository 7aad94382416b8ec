/// A coarse conversion value (VAL-3), with the integer codes of the Singular S2S API
/// (VAL-4).
public enum CoarseValue: String, Sendable, Hashable, CaseIterable, Comparable {
  /// `"low"`, code 0.
  case low
  /// `"medium"`, code 1.
  case medium
  /// `"high"`, code 2.
  case high

  /// Parses Apple's string form. Case-sensitive: `"LOW"` and `" low"` are unknown (VAL-3, VAL-8).
  /// - Throws: ``ModelError/Code/coarseUnknown``.
  public init(parsing text: String) throws(ModelError) {
    guard let value = CoarseValue(rawValue: text) else {
      throw ModelError(.coarseUnknown, "coarse value \"\(text)\" is not low, medium or high")
    }
    self = value
  }

  /// Maps a Singular integer code: 0 low, 1 medium, 2 high (VAL-4, VAL-5).
  /// - Throws: ``ModelError/Code/coarseCodeOutOfRange`` outside 0...2.
  public init(code: Int) throws(ModelError) {
    switch RuleVariant.coarseCodesFromOne.isActive ? code &- 1 : code {
    case 0: self = .low
    case 1: self = .medium
    case 2: self = .high
    case 3... where RuleVariant.coarseCodeClamped.isActive: self = .high
    default: throw ModelError(.coarseCodeOutOfRange, "coarse code \(code) is outside 0...2")
    }
  }

  /// The Singular integer code (VAL-4).
  public var code: Int {
    let first = RuleVariant.coarseCodesFromOne.isActive ? 1 : 0
    switch self {
    case .low: return first
    case .medium: return first + 1
    case .high: return first + 2
    }
  }

  public static func < (lhs: CoarseValue, rhs: CoarseValue) -> Bool { lhs.code < rhs.code }
}
