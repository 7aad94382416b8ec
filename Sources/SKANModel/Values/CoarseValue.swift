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
    guard let value = CoarseValue(rawValue: text) ?? (RuleVariant.active.isEmpty ? nil : Self.variantReading(text))
    else {
      throw ModelError(.coarseUnknown, "coarse value \"\(text)\" is not low, medium or high")
    }
    self = value
  }

  /// The coarse value a variant in effect reads from `text`, which is none exactly (VAL-3's
  /// alternatives).
  private static func variantReading(_ text: String) -> CoarseValue? {
    if RuleVariant.coarseAnyCase.isActive { return CoarseValue(rawValue: text.lowercased()) }
    if RuleVariant.coarseTrimmed.isActive { return CoarseValue(rawValue: text.trimmingWhiteSpace) }
    if RuleVariant.coarsePrefixMatch.isActive { return allCases.first { $0.rawValue.hasPrefix(text) } }
    if RuleVariant.coarseUnknownIsLow.isActive { return .low }
    let constant = "SKAdNetworkCoarseConversionValue"
    if RuleVariant.coarseConstantNames.isActive, text.hasPrefix(constant) {
      return CoarseValue(rawValue: text.dropFirst(constant.count).lowercased())
    }
    if RuleVariant.coarseCodesAsValues.isActive, let code = Int(text) { return try? CoarseValue(code: code) }
    return nil
  }

  /// Maps a Singular integer code: 0 low, 1 medium, 2 high (VAL-4, VAL-5).
  /// - Throws: ``ModelError/Code/coarseCodeOutOfRange`` outside 0...2.
  public init(code: Int) throws(ModelError) {
    switch RuleVariant.coarseCodesFromOne.isActive ? code &- 1 : code {
    case 0: self = .low
    case 1: self = .medium
    case 2: self = .high
    case 3... where RuleVariant.coarseCodeClamped.isActive: self = .high
    case -3 ... -1 where RuleVariant.coarseCodeNegativeIndex.isActive: self = Self.allCases[code + 3]
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
