public import SKANJSON

extension SingularLifecycle.Snapshot {
  /// The snapshot under the guide's key names, `null` for a value not yet set (LIF-2,
  /// LIF-14); revenue totals are objects of currency to amount.
  public var guideFields: [String: JSONValue] {
    var members: [String: JSONValue] = [
      "skan_current_conversion_value": .optional(currentFine?.rawValue),
      "prev_fine_value": .optional(previousFine?.rawValue),
      "skan_first_call_to_skadnetwork_timestamp": .optional(firstCall.map(Self.written)),
      "skan_last_call_to_skadnetwork_timestamp": .optional(lastCall.map(Self.written)),
      "skan_total_revenue_by_currency": Self.encode(totalRevenue),
      "skan_total_admon_revenue_by_currency": Self.encode(totalAdMonetizationRevenue),
    ]
    for slot in 0..<3 {
      members["p\(slot)_coarse"] = .optional(coarse[slot]?.code)
      members["p\(slot)_prev_coarse_value"] = .optional(previousCoarse[slot]?.code)
      members["p\(slot)_window_lock"] = .optional(lockTimes[slot].map(Self.written))
      members["p\(slot)_total_iap_revenue"] = Self.encode(windowRevenue[slot])
      members["p\(slot)_total_admon_revenue"] = Self.encode(windowAdMonetizationRevenue[slot])
    }
    return members
  }

  /// A snapshot time as the guide writes it: whole Unix seconds (LIF-7), or a variant's
  /// milliseconds.
  private static func written(_ time: Timestamp) -> Int {
    RuleVariant.lifecycleTimesInMilliseconds.isActive ? time.milliseconds : time.unixSeconds
  }

  private static func encode(_ totals: RevenueTotals?) -> JSONValue {
    guard let totals else { return .null }
    return .object(totals.byCurrency.mapValues { .double($0) })
  }
}
