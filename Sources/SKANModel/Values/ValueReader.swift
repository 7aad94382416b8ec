public import SKANJSON

/// Reads fine, coarse and lock values from JSON with the type rules of VAL-2, VAL-3, VAL-5
/// and VAL-7.
public enum ValueReader {
  /// VAL-1, VAL-2: an integral JSON number in 0...63.
  public static func fine(_ value: JSONValue?) throws(ModelError) -> FineValue {
    guard let value, !value.isNull else { throw notInteger("fine value is missing") }
    guard let number = value.numberValue else {
      throw notInteger("fine value must be a number, not \(value.typeName)")
    }
    guard let integer = value.exactInteger else {
      if number.isFinite, number.rounded(.towardZero) == number {
        throw ModelError(.fineOutOfRange, "fine value \(value) is outside 0...63")
      }
      throw notInteger("fine value \(value) is not an integer")
    }
    return try FineValue(validating: integer)
  }

  /// VAL-2's error for a fine value that is not an integer, or a variant's.
  private static func notInteger(_ message: String) -> ModelError {
    ModelError(RuleVariant.fineOneErrorCode.isActive ? .fineOutOfRange : .fineNotInteger, message)
  }

  /// VAL-3: exactly "low", "medium" or "high"; `nil` when absent or null.
  public static func coarse(_ value: JSONValue?) throws(ModelError) -> CoarseValue? {
    guard let value, !value.isNull else { return nil }
    guard let text = value.stringValue else {
      throw ModelError(.coarseUnknown, "coarse value must be a string, not \(value.typeName)")
    }
    return try CoarseValue(parsing: text)
  }

  /// VAL-4, VAL-5: an integral JSON number in 0...2; `nil` when absent or null.
  public static func coarseCode(_ value: JSONValue?) throws(ModelError) -> Int? {
    guard let value, !value.isNull else { return nil }
    guard let number = value.numberValue else {
      throw ModelError(.coarseCodeNotInteger, "coarse code must be a number, not \(value.typeName)")
    }
    guard let integer = value.exactInteger else {
      if number.isFinite, number.rounded(.towardZero) == number {
        throw ModelError(.coarseCodeOutOfRange, "coarse code \(value) is outside 0...2")
      }
      throw ModelError(.coarseCodeNotInteger, "coarse code \(value) is not an integer")
    }
    return integer
  }

  /// VAL-7: a JSON boolean; false when absent or null.
  public static func lock(_ value: JSONValue?) throws(ModelError) -> Bool {
    guard let value, !value.isNull, !RuleVariant.lockIgnored.isActive else { return false }
    if RuleVariant.lockTruthy.isActive {
      if let text = value.stringValue { return !text.isEmpty }
      if case .integer(let number) = value { return number != 0 }
    }
    guard let flag = value.boolValue else {
      throw ModelError(.lockNotBoolean, "lock must be a boolean, not \(value.typeName)")
    }
    return flag
  }
}
