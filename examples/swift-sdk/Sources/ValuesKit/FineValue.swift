/// A fine conversion value: an integer from 0 to 63.
public struct FineValue: Sendable, Hashable, Decodable {
  /// The values a fine value may take.
  public static let range = 0...63

  /// The value, 0 to 63.
  public let value: Int

  /// The fine value `value`.
  /// - Throws: ``ValueError/fineOutOfRange`` when `value` is outside 0 to 63.
  public init(_ value: Int) throws(ValueError) {
    guard Self.range.contains(value) else { throw .fineOutOfRange }
    self.value = value
  }

  /// The fine value that stands for `coarse` when only a coarse value is known: `low` 0,
  /// `medium` 32, `high` 63.
  public init(synthesizedFrom coarse: CoarseValue) {
    switch coarse {
    case .low: value = 0
    case .medium: value = 32
    case .high: value = 63
    }
  }

  /// Reads a fine value as a server or a cross-platform bridge sends it: an integral number
  /// (`12` and `12.0` are 12), never a string, a boolean or a fraction.
  /// - Throws: ``ValueError/fineNotInteger`` for anything but an integral number (`null`
  ///   included), ``ValueError/fineOutOfRange`` for an integer outside 0 to 63.
  public init(from decoder: any Decoder) throws {
    guard let number = decoder.integralNumber() else { throw ValueError.fineNotInteger }
    guard number >= Double(Self.range.lowerBound), number <= Double(Self.range.upperBound) else {
      throw ValueError.fineOutOfRange
    }
    // `-0.0` is 0.
    value = Int(number)
  }
}
