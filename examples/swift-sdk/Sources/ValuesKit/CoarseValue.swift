/// A coarse conversion value, as SKAdNetwork's `CoarseConversionValue` constants name it.
public enum CoarseValue: String, Sendable, Hashable, CaseIterable, Decodable {
  case low
  case medium
  case high

  /// Singular's integer code for the value: 0 `low`, 1 `medium`, 2 `high`.
  public var singularCode: Int {
    switch self {
    case .low: return 0
    case .medium: return 1
    case .high: return 2
    }
  }

  /// The value spelled exactly `name`, code point by code point: no case folding, no
  /// trimming (`"LOW"` and `" low"` are none).
  public init?(exactly name: String) {
    guard let value = Self.allCases.first(where: { $0.rawValue.unicodeScalars.elementsEqual(name.unicodeScalars) })
    else { return nil }
    self = value
  }

  /// Reads a coarse value as a server sends it: exactly the string `low`, `medium` or `high`.
  /// - Throws: ``ValueError/coarseUnknown`` for any other string and any other type (a
  ///   Singular code such as `1`, `null`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard let name = try? container.decode(String.self), let value = CoarseValue(exactly: name) else {
      throw ValueError.coarseUnknown
    }
    self = value
  }

  /// A coarse value as Singular's S2S API sends it: the integer code of ``singularCode``.
  public struct SingularCode: Sendable, Hashable, Decodable {
    /// The coarse value the code stands for.
    public var coarse: CoarseValue

    /// Reads a code: an integral number (`2.0` is 2) from 0 to 2.
    /// - Throws: ``ValueError/coarseCodeNotInteger`` for anything but an integral number
    ///   (`null`, the string `"1"`, `1.5`), ``ValueError/coarseCodeOutOfRange`` for another
    ///   integer.
    public init(from decoder: any Decoder) throws {
      guard let number = decoder.integralNumber() else { throw ValueError.coarseCodeNotInteger }
      guard let coarse = CoarseValue.allCases.first(where: { Double($0.singularCode) == number }) else {
        throw ValueError.coarseCodeOutOfRange
      }
      self.coarse = coarse
    }
  }
}
