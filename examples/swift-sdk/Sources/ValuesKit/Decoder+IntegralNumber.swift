extension Decoder {
  /// The value being decoded as an integral number, or `nil` when it is not a number or has a
  /// fractional part. An integral number may be written with a fraction or an exponent (`12`,
  /// `12.0`, `1.2e1` and `-0.0` are integral); a boolean is not a number, nor is a string of
  /// digits. A magnitude too large for `Int` is kept as a double, out of every range read here.
  func integralNumber() -> Double? {
    guard let container = try? singleValueContainer(), !container.decodeNil(),
      (try? container.decode(Bool.self)) == nil, let number = try? container.decode(Double.self),
      number.isFinite, number.rounded(.towardZero) == number
    else { return nil }
    return number
  }
}
