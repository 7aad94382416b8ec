public import SKANJSON

/// Reads fine, coarse and lock values from JSON with the type rules of VAL-2, VAL-3, VAL-5
/// and VAL-7.
public enum ValueReader {
  /// VAL-1, VAL-2: an integral JSON number in 0...63.
  public static func fine(_ value: JSONValue?) throws(ModelError) -> FineValue {
    let value = value?.numberValue == nil && RuleVariant.javaScriptNumbers.isActive ? javaScriptNumber(value) : value
    guard let value, !value.isNull else {
      if value == nil, RuleVariant.fineAbsentIsZero.isActive { return .zero }
      throw notInteger("fine value is missing")
    }
    guard let number = value.numberValue else {
      if let number = value.stringValue.flatMap({ Int($0) }), RuleVariant.fineDigitStringRead.isActive {
        return try FineValue(validating: number)
      }
      throw notInteger("fine value must be a number, not \(value.typeName)")
    }
    if case .double = value, RuleVariant.integralDoubleNotInteger.isActive {
      throw notInteger("fine value \(value) is written with a fraction")
    }
    if number == 0, number.sign == .minus, RuleVariant.fineNegativeZeroOutOfRange.isActive {
      throw ModelError(.fineOutOfRange, "fine value \(value) is negative")
    }
    guard let integer = value.exactInteger else {
      if number.isFinite, number.rounded(.towardZero) == number {
        throw ModelError(.fineOutOfRange, "fine value \(value) is outside 0...63")
      }
      if RuleVariant.fineFractionTruncated.isActive, number.isFinite { return try FineValue(validating: Int(number)) }
      throw notInteger("fine value \(value) is not an integer")
    }
    // A 32-bit integer holds every fine value, so only a value outside them can wrap.
    let wraps = !(FineValue.minimum...FineValue.maximum).contains(integer) && RuleVariant.fineInt32Wraps.isActive
    return try FineValue(validating: wraps ? Int(Int32(truncatingIfNeeded: integer)) : integer)
  }

  /// VAL-2's error for a fine value that is not an integer, or a variant's.
  private static func notInteger(_ message: String) -> ModelError {
    ModelError(RuleVariant.fineOneErrorCode.isActive ? .fineOutOfRange : .fineNotInteger, message)
  }

  /// VAL-3: exactly "low", "medium" or "high"; `nil` when absent or null.
  public static func coarse(_ value: JSONValue?) throws(ModelError) -> CoarseValue? {
    guard let value, !value.isNull else { return RuleVariant.coarseMissingIsLow.isActive ? .low : nil }
    guard let text = value.stringValue else {
      if case .integer(let code) = value, RuleVariant.coarseCodesAsValues.isActive,
        let coarse = try? CoarseValue(code: code)
      {
        return coarse
      }
      throw ModelError(.coarseUnknown, "coarse value must be a string, not \(value.typeName)")
    }
    return try CoarseValue(parsing: text)
  }

  /// VAL-4, VAL-5: an integral JSON number in 0...2; `nil` when absent or null.
  public static func coarseCode(_ value: JSONValue?) throws(ModelError) -> Int? {
    let value = value?.numberValue == nil && RuleVariant.javaScriptNumbers.isActive ? javaScriptNumber(value) : value
    guard let value, !value.isNull else { return nil }
    guard let number = value.numberValue else {
      if RuleVariant.coarseCodeNamesRead.isActive, let named = try? Self.coarse(value) { return named.code }
      throw ModelError(.coarseCodeNotInteger, "coarse code must be a number, not \(value.typeName)")
    }
    if case .double = value, RuleVariant.integralDoubleNotInteger.isActive {
      throw ModelError(.coarseCodeNotInteger, "coarse code \(value) is written with a fraction")
    }
    guard let integer = value.exactInteger else {
      if number.isFinite, number.rounded(.towardZero) == number {
        throw ModelError(.coarseCodeOutOfRange, "coarse code \(value) is outside 0...2")
      }
      if RuleVariant.coarseCodeFractionTruncated.isActive, number.isFinite { return Int(number) }
      throw ModelError(.coarseCodeNotInteger, "coarse code \(value) is not an integer")
    }
    return integer
  }

  /// VAL-7: a JSON boolean; false when absent or null.
  public static func lock(_ value: JSONValue?) throws(ModelError) -> Bool {
    if value != nil, RuleVariant.lockPresenceIsTrue.isActive { return true }
    guard let value, !value.isNull else { return RuleVariant.lockMissingIsTrue.isActive }
    guard !RuleVariant.lockIgnored.isActive else { return false }
    if RuleVariant.lockTruthy.isActive {
      if let text = value.stringValue { return !text.isEmpty }
      if case .integer(let number) = value { return number != 0 }
    }
    guard let flag = value.boolValue else {
      throw ModelError(.lockNotBoolean, "lock must be a boolean, not \(value.typeName)")
    }
    return flag
  }

  /// What JavaScript's `Number()` makes of a JSON value, where it is a number: `null`, `""`
  /// and `[]` are 0, booleans 0 or 1, a numeric string or a one-element array its number
  /// (``RuleVariant/javaScriptNumbers``). Anything else (`NaN` in JavaScript) is left as it is.
  private static func javaScriptNumber(_ value: JSONValue?) -> JSONValue? {
    switch value {
    case .null?: return .integer(0)
    case .bool(let flag)?: return .integer(flag ? 1 : 0)
    case .string(let text)?:
      let trimmed = text.trimmingWhiteSpace
      if trimmed.isEmpty { return .integer(0) }
      if let number = Int(trimmed) { return .integer(number) }
      if let number = Double(trimmed), number.isFinite { return .double(number) }
      return value
    case .array(let elements)?:
      if elements.isEmpty { return .integer(0) }
      guard elements.count == 1, elements[0].numberValue != nil || elements[0].stringValue != nil else { return value }
      return javaScriptNumber(elements[0])
    default: return value
    }
  }
}

extension String {
  /// The text without the white space and line breaks around it.
  package var trimmingWhiteSpace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
