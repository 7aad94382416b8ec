public import SKANJSON

extension ServerReply {
  /// Reads a Singular conversion-value response body (LIF-2 to LIF-4, S2S-14).
  ///
  /// Without `conversion_value` (absent or null) the reply is `noUpdate` when `status` is
  /// `"ok"` and `failure` otherwise. With it, the fields are checked in order:
  /// `conversion_value` (VAL-1, VAL-2), `skan_updated_coarse_value` a code 0...2 (VAL-4,
  /// VAL-5), `skan_updated_lock_window_value` a boolean or 0/1.
  /// - Throws: the first field's error.
  public init(reading members: [String: JSONValue]) throws(ModelError) {
    // A variant takes every status for "ok".
    let ok = members["status"]?.stringValue == "ok" || RuleVariant.singularStatusIgnored.isActive
    let statusChecked = RuleVariant.lifecycleStatusCheckedWithValue.isActive && !ok
    guard let fineValue = members["conversion_value"], !fineValue.isNull, !statusChecked else {
      if ok {
        self = .noUpdate
      } else {
        self = .failure(reason: members["reason"]?.stringValue)
      }
      return
    }
    let fine =
      RuleVariant.singularValueUpTo64.isActive
      ? try RuleVariant.applying(.fineUpTo64) { () throws(ModelError) in try ValueReader.fine(fineValue).rawValue }
      : try ValueReader.fine(fineValue).rawValue
    var coarseMember = members["skan_updated_coarse_value"]
    if RuleVariant.lifecycleCoarseRangeUnchecked.isActive, let code = coarseMember?.exactInteger,
      !(0...2).contains(code)
    {
      coarseMember = nil
    }
    // A variant truncates a fractional coarse code.
    if RuleVariant.singularCoarseTruncated.isActive, case .double(let number)? = coarseMember, number.isFinite,
      abs(number) < 1e6
    {
      coarseMember = .integer(Int(number))
    }
    let code = try ValueReader.coarseCode(coarseMember)
    if let code { _ = try CoarseValue(code: code) }  // VAL-5 before the lock, in field order
    let lock: Bool
    // A variant refuses 0 and 1, taking only a JSON boolean.
    let numbers = !RuleVariant.singularLockBooleanOnly.isActive
    switch RuleVariant.lifecycleLockIgnored.isActive ? nil : members["skan_updated_lock_window_value"] {
    case nil, .null?: lock = false
    case .bool(let flag)?: lock = flag
    case let number? where numbers && number.exactInteger == 0: lock = false
    case let number? where numbers && number.exactInteger == 1: lock = true
    case let other?:
      throw ModelError(.lockNotBoolean, "skan_updated_lock_window_value must be a boolean or 0/1, not \(other)")
    }
    self = .update(fine: fine, coarseCode: code, lock: lock)
  }
}
