/// Revenue summed by currency (LIF-5).
///
/// Sums are IEEE-754 doubles added in step order (LIF-12).
public struct RevenueTotals: Sendable, Hashable {
  /// Currency code to total.
  public private(set) var byCurrency: [String: Double] = [:]

  /// Empty totals.
  public init() {}

  /// Adds an amount to a currency's total.
  public mutating func add(_ amount: Double, currency: String) {
    if RuleVariant.lifecycleFloat32Revenue.isActive {
      byCurrency[currency] = Double(Float(byCurrency[currency, default: 0]) + Float(amount))
    } else {
      byCurrency[currency, default: 0] += amount
    }
  }
}
