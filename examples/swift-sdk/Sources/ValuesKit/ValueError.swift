/// Why a conversion value cannot be read: each value is read strictly, never coerced.
public enum ValueError: Error, Sendable, Hashable {
  /// A fine value that is not an integral number: a fraction, a string, a boolean, nothing.
  case fineNotInteger
  /// A fine value that is an integer outside 0 to 63.
  case fineOutOfRange
  /// A coarse value that is not exactly `low`, `medium` or `high`.
  case coarseUnknown
  /// A Singular coarse code that is not an integral number.
  case coarseCodeNotInteger
  /// A Singular coarse code that is an integer outside 0 to 2.
  case coarseCodeOutOfRange
  /// A lock flag that is not a boolean: the strings `"true"` and `"false"`, the number `1`.
  case lockNotBoolean
}
