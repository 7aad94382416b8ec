public import SKANJSON

extension LifecycleStep {
  /// An `updateRevenue` step from the JSON values an input gave for its amount and currency,
  /// checked in LIF-6's order: the currency's type, then (when the amount is not a number)
  /// the currency's form before the amount's type. A number amount with a badly formed
  /// currency is left to ``SingularLifecycle/apply(_:)``, which checks the form and the range.
  public static func revenue(
    at time: Timestamp, amount amountValue: JSONValue, currency currencyValue: JSONValue, adMonetization: Bool
  ) -> LifecycleStep {
    let numeric = RuleVariant.lifecycleNumericCurrencyCode.isActive && currencyValue.exactInteger == 840
    guard let currency = numeric ? "USD" : currencyValue.stringValue else {
      return .invalid(
        at: time, error: ModelError(.invalidCurrency, "currency must be a string, not \(currencyValue.typeName)"))
    }
    guard let amount = amountValue.numberValue else {
      if !SingularLifecycle.isCurrencyCode(currency), !RuleVariant.lifecycleAmountTypeFirst.isActive {
        return .invalid(
          at: time, error: ModelError(.invalidCurrency, "currency \"\(currency)\" is not three upper-case letters"))
      }
      return .invalid(
        at: time, error: ModelError(.invalidAmount, "amount must be a number, not \(amountValue.typeName)"))
    }
    return .revenue(at: time, amount: amount, currency: currency, adMonetization: adMonetization)
  }
}
