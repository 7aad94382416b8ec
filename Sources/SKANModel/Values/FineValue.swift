/// A fine conversion value: an integer from 0 to 63 (VAL-1).
public struct FineValue: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The smallest fine value.
  public static let minimum = 0
  /// The largest fine value.
  public static let maximum = 63

  /// The value, 0...63.
  public let rawValue: Int

  /// Validates an integer (VAL-1).
  /// - Throws: ``ModelError/Code/fineOutOfRange`` outside 0...63.
  public init(validating value: Int) throws(ModelError) {
    guard Self.range.contains(value) else {
      guard RuleVariant.fineClamped.isActive else {
        throw ModelError(.fineOutOfRange, "fine value \(value) is outside 0...63")
      }
      rawValue = min(max(value, Self.minimum), Self.maximum)
      return
    }
    rawValue = value
  }

  /// Parses a metadata string: optional `-` then decimal digits, nothing else (META-1, META-13).
  ///
  /// `"012"` is 12; `""`, `" 12"`, `"+12"`, `"1.0"` and `"abc"` are not integers;
  /// `"-1"` and `"64"` are integers out of range.
  /// - Throws: ``ModelError/Code/fineNotInteger`` or ``ModelError/Code/fineOutOfRange``.
  public init(parsing written: String) throws(ModelError) {
    let text = RuleVariant.active.isEmpty ? written : Self.variantText(written)
    guard let value = DecimalInteger.parse(text) else {
      throw ModelError(.fineNotInteger, "fine value \"\(text)\" is not a decimal integer")
    }
    switch value {
    case .value(let number): try self.init(validating: number)
    case .overflow where RuleVariant.fineClamped.isActive:
      self.init(unchecked: text.hasPrefix("-") ? Self.minimum : Self.maximum)
    case .overflow:
      throw ModelError(
        RuleVariant.fineOverflowNotInteger.isActive ? .fineNotInteger : .fineOutOfRange,
        "fine value \"\(text)\" is outside 0...63")
    }
  }

  /// The text a variant in effect reads in place of `text` (META-1's alternatives).
  private static func variantText(_ text: String) -> String {
    if RuleVariant.fineFloatTruncated.isActive, text.contains("."), let number = Double(text), abs(number) < 1e18 {
      return String(Int(number))
    }
    if RuleVariant.finePlusAccepted.isActive, text.hasPrefix("+") { return String(text.dropFirst()) }
    guard RuleVariant.fineBasePrefixes.isActive else { return text }
    if text.lowercased().hasPrefix("0x"), let number = Int(text.dropFirst(2), radix: 16) { return String(number) }
    if text.count > 1, text.hasPrefix("0"), let number = Int(text.dropFirst(), radix: 8) { return String(number) }
    return text
  }

  /// VAL-1's range, or a variant's.
  private static var range: ClosedRange<Int> {
    guard !RuleVariant.active.isEmpty else { return minimum...maximum }
    let lower = RuleVariant.fineFromOne.isActive ? 1 : RuleVariant.fineNoLowerBound.isActive ? Int.min : minimum
    if RuleVariant.fineBelow63.isActive { return lower...62 }
    if RuleVariant.fineUpTo64.isActive { return lower...64 }
    return lower...(RuleVariant.fineByteRange.isActive ? 255 : maximum)
  }

  private init(unchecked value: Int) { rawValue = value }

  /// The fine value synthesized for a coarse-only update: low 0, medium 32, high 63 (VAL-6).
  public static func synthesized(from coarse: CoarseValue) -> FineValue {
    if RuleVariant.synthesizedThirdsUpper.isActive { return FineValue(unchecked: 21 * (coarse.code + 1)) }
    if RuleVariant.synthesizedCodeTimes32.isActive { return FineValue(unchecked: 32 * coarse.code) }
    switch coarse {
    case .low: return FineValue(unchecked: 0)
    case .medium: return FineValue(unchecked: RuleVariant.synthesizedMediumIs31.isActive ? 31 : 32)
    case .high: return FineValue(unchecked: 63)
    }
  }

  /// Zero, the value registration sets (LIF-1).
  public static let zero = FineValue(unchecked: 0)

  public static func < (lhs: FineValue, rhs: FineValue) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { String(rawValue) }
}

/// The result of reading a decimal integer from text.
enum DecimalInteger {
  case value(Int)
  case overflow

  /// `-?[0-9]+`, or `nil` for anything else.
  static func parse(_ text: String) -> DecimalInteger? {
    var digits = Substring(text)
    if digits.first == "-" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    if let number = Int(text) { return .value(number) }
    return .overflow
  }
}
