import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

private typealias Lifecycle = LifecycleSuite
private typealias StepResult = LifecycleSuite.StepResult

extension MutantCatalog {
  /// A lifecycle output with each snapshot transformed.
  static func snapshots(_ output: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    output.updating(Lifecycle.Output.steps) { $0.mapElements { step in step.updating(StepResult.snapshot, transform) } }
  }

  static let lifecycle: [Mutant] = [
    Mutant(
      "coarse-check-never-fires", .lifecycle,
      "Drops an out-of-range coarse code instead of rejecting the response (the snippet's `> 2 && < 0`).",
      variant: .lifecycleCoarseRangeUnchecked),
    Mutant(
      "timestamps-in-milliseconds", .lifecycle, "Writes snapshot times in milliseconds.",
      variant: .lifecycleTimesInMilliseconds),
    Mutant(
      "float32-revenue", .lifecycle, "Sums revenue in 32-bit floats, as the snippet's floatValue does.",
      variant: .lifecycleFloat32Revenue),
    Mutant(
      "drops-updates-before-register", .lifecycle,
      "Ignores server responses before registration (the snippet's isSkanWindowOver bug).",
      variant: .lifecycleResponsesBeforeRegisterDropped),
    Mutant(
      "status-checked-with-value", .lifecycle,
      "Rejects a response whose `status` is not `\"ok\"` with `server-error` even when it carries a `conversion_value` (LIF-2, LIF-3).",
      variant: .lifecycleStatusCheckedWithValue),
    Mutant(
      "no-previous-values", .lifecycle, "Never fills prev_fine_value.",
      output: { output, _ in snapshots(output) { $0.setting("prev_fine_value", nil) } }),
    Mutant(
      "omits-unset-keys", .lifecycle, "Leaves unset snapshot keys out instead of null (LIF-14).",
      output: { output, _ in
        snapshots(output) { snapshot in .object((snapshot.objectValue ?? [:]).filter { !$0.value.isNull }) }
      }),
    Mutant("any-currency", .lifecycle, "Accepts any currency string.", variant: .lifecycleAnyCurrency),
    Mutant(
      "amount-type-first", .lifecycle,
      "Checks the amount's type before the currency's form, so a bad currency with a string amount is `invalid-amount` (LIF-6 order).",
      variant: .lifecycleAmountTypeFirst),
    Mutant(
      "currency-type-as-shape", .lifecycle,
      "Takes a currency that is not a JSON string for a malformed step (`invalid-input` for the whole input) instead of rejecting the step (LIF-6).",
      variant: .lifecycleCurrencyTypeAsShape),
    Mutant(
      "numeric-currency-code", .lifecycle, "Reads a number currency as ISO 4217's numeric code (840 is USD).",
      variant: .lifecycleNumericCurrencyCode),
    Mutant(
      "lock-not-honoured", .lifecycle, "Applies updates after a lock in the same window.",
      variant: .lifecycleLockIgnored),
    Mutant(
      "revenue-window-by-total", .lifecycle, "Puts revenue after the measurement period into window 2.",
      variant: .lifecycleRevenueAfterPeriodInLastWindow),
    Mutant(
      "steps-sorted", .lifecycle, "Sorts the steps by time instead of rejecting them `out-of-order`.",
      variant: .lifecycleStepsSorted),
    Mutant(
      "unknown-op-rejected-alone", .lifecycle,
      "Rejects a step with an unknown op on its own (`rejected`, nothing changes) instead of the whole input.",
      variant: .lifecycleUnknownStepRejectedAlone),
  ]
}

extension LifecycleSuite: MutantSuite {
  /// The lifecycle suite's mutants (MutantCatalog+Lifecycle.swift).
  public static var mutants: [Mutant] { MutantCatalog.lifecycle }
}
