import SKANJSON
import SKANModel
public import SKANSuites
public import SKANVocabulary

private typealias Lifecycle = LifecycleSuite
private typealias Step = LifecycleSuite.Step
private typealias StepOp = LifecycleSuite.StepOperation
private typealias StepResult = LifecycleSuite.StepResult

extension MutantCatalog {
  /// A lifecycle input with each step transformed.
  static func steps(_ input: JSONValue, _ transform: (Int, JSONValue) -> JSONValue) -> JSONValue {
    input.updating(Lifecycle.Input.steps) { $0.mapIndexed(transform) }
  }

  /// A lifecycle output with each snapshot transformed.
  static func snapshots(_ output: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    output.updating(Lifecycle.Output.steps) { $0.mapElements { step in step.updating(StepResult.snapshot, transform) } }
  }

  static let lifecycle: [Mutant] = [
    Mutant(
      "coarse-check-never-fires", .lifecycle,
      "Drops an out-of-range coarse code instead of rejecting the response (the snippet's `> 2 && < 0`).",
      input: { input in
        steps(input) { _, step in
          step.updating(Step.response) { response in
            guard let code = response["skan_updated_coarse_value"]?.exactInteger, !(0...2).contains(code) else {
              return response
            }
            return response.setting("skan_updated_coarse_value", nil)
          }
        }
      }),
    Mutant(
      "timestamps-in-milliseconds", .lifecycle, "Writes snapshot times in milliseconds.",
      output: { output, _ in
        snapshots(output) { snapshot in
          var result = snapshot
          for key in [
            "skan_first_call_to_skadnetwork_timestamp", "skan_last_call_to_skadnetwork_timestamp", "p0_window_lock",
            "p1_window_lock", "p2_window_lock",
          ] {
            result = result.updating(key) { .optional($0.exactInteger.map { $0 * 1000 }) }
          }
          return result
        }
      }),
    Mutant(
      "float32-revenue", .lifecycle, "Sums revenue in 32-bit floats, as the snippet's floatValue does.",
      input: { input in
        var running: [String: Float] = [:]
        return steps(input) { _, step in
          guard step[Step.op] == .string(StepOp.revenue.rawValue), let amount = step[Step.amount]?.numberValue,
            let currency = step[Step.currency]?.stringValue
          else { return step }
          let before = running[currency, default: 0]
          let after = before + Float(amount)
          running[currency] = after
          return step.setting(Step.amount, .double(Double(after) - Double(before)))
        }
      }),
    Mutant(
      "drops-updates-before-register", .lifecycle,
      "Ignores server responses before registration (the snippet's isSkanWindowOver bug).",
      input: { input in
        var registered = false
        return steps(input) { _, step in
          if step[Step.op] == .string(StepOp.register.rawValue) { registered = true }
          guard !registered, step[Step.op] == .string(StepOp.serverResponse.rawValue) else { return step }
          return step.setting(Step.response, ["status": "ok"])
        }
      }),
    Mutant(
      "status-checked-with-value", .lifecycle,
      "Rejects a response whose `status` is not `\"ok\"` with `server-error` even when it carries a `conversion_value` (LIF-2, LIF-3).",
      input: { input in
        steps(input) { _, step in
          guard step[Step.op] == .string(StepOp.serverResponse.rawValue) else { return step }
          return step.updating(Step.response) { response in
            guard let value = response["conversion_value"], !value.isNull, response["status"] != "ok" else {
              return response
            }
            return response.setting("conversion_value", nil)
          }
        }
      }),
    Mutant(
      "no-previous-values", .lifecycle, "Never fills prev_fine_value.",
      output: { output, _ in snapshots(output) { $0.setting("prev_fine_value", nil) } }),
    Mutant(
      "omits-unset-keys", .lifecycle, "Leaves unset snapshot keys out instead of null (LIF-14).",
      output: { output, _ in
        snapshots(output) { snapshot in .object((snapshot.objectValue ?? [:]).filter { !$0.value.isNull }) }
      }),
    Mutant(
      "any-currency", .lifecycle, "Accepts any currency string.",
      input: { input in
        steps(input) { _, step in
          guard step[Step.op] == .string(StepOp.revenue.rawValue), let currency = step[Step.currency]?.stringValue,
            !(currency.utf8.count == 3 && currency.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A })
          else { return step }
          return step.setting(Step.currency, "XXX")
        }
      }),
    Mutant(
      "amount-type-first", .lifecycle,
      "Checks the amount's type before the currency's form, so a bad currency with a string amount is `invalid-amount` (LIF-6 order).",
      input: { input in
        steps(input) { _, step in
          guard step[Step.op] == .string(StepOp.revenue.rawValue), let amount = step[Step.amount],
            amount.numberValue == nil,
            step[Step.currency]?.stringValue != nil
          else { return step }
          return step.setting(Step.currency, "USD")
        }
      }),
    Mutant(
      "currency-type-as-shape", .lifecycle,
      "Takes a currency that is not a JSON string for a malformed step (`invalid-input` for the whole input) instead of rejecting the step (LIF-6).",
      input: { input in
        steps(input) { _, step in
          guard step[Step.op] == .string(StepOp.revenue.rawValue), let currency = step[Step.currency],
            currency.stringValue == nil
          else {
            return step
          }
          return step.setting(Step.currency, nil)
        }
      }),
    Mutant(
      "numeric-currency-code", .lifecycle, "Reads a number currency as ISO 4217's numeric code (840 is USD).",
      input: { input in
        steps(input) { _, step in
          guard step[Step.op] == .string(StepOp.revenue.rawValue), step[Step.currency]?.exactInteger == 840 else {
            return step
          }
          return step.setting(Step.currency, "USD")
        }
      }),
    Mutant(
      "lock-not-honoured", .lifecycle, "Applies updates after a lock in the same window.",
      input: { input in
        steps(input) { _, step in step.updating(Step.response) { $0.setting("skan_updated_lock_window_value", nil) } }
      }),
    Mutant(
      "revenue-window-by-total", .lifecycle, "Puts revenue after the measurement period into window 2.",
      input: { input in
        guard
          let first = input[Lifecycle.Input.steps]?.arrayValue?.first(where: {
            $0[Step.op] == .string(StepOp.register.rawValue) || $0[Step.op] == .string(StepOp.serverResponse.rawValue)
          }),
          let t0 = time(first[Step.at])
        else { return input }
        return steps(input) { _, step in
          guard step[Step.op] == .string(StepOp.revenue.rawValue), let at = time(step[Step.at]), at - t0 >= edges[2]
          else { return step }
          return step.setting(Step.at, .integer(t0 + edges[2] - 1))
        }
      }),
    Mutant(
      "steps-sorted", .lifecycle, "Sorts the steps by time instead of rejecting them `out-of-order`.",
      input: { input in
        input.setting(Lifecycle.Input.steps, sortedByTime(input[Lifecycle.Input.steps], by: LifecycleSuite.Step.at))
      },
      output: { output, input in
        output.updating(Lifecycle.Output.steps) {
          unsorted($0, original: input[Lifecycle.Input.steps], by: LifecycleSuite.Step.at)
        }
      }),
    Mutant(
      "unknown-op-rejected-alone", .lifecycle,
      "Rejects a step with an unknown op on its own (`rejected`, nothing changes) instead of the whole input.",
      input: { input in
        input.updating(Lifecycle.Input.steps) { steps in
          .array((steps.arrayValue ?? []).filter { !isUnknownStep($0) })
        }
      },
      output: { output, input in
        guard let steps = input[Lifecycle.Input.steps]?.arrayValue,
          var results = output[Lifecycle.Output.steps]?.arrayValue
        else {
          return output
        }
        let unset: JSONValue = .object(
          (results.first?[StepResult.snapshot]?.objectValue ?? [:]).mapValues { _ in .null })
        for (index, step) in steps.enumerated() where isUnknownStep(step) {
          let snapshot = index > 0 && index <= results.count ? results[index - 1][StepResult.snapshot] ?? unset : unset
          results.insert(
            StepResult.object([
              .outcome: "rejected", .error: .string(ModelError.Code.invalidInput.rawValue), .snapshot: snapshot,
            ]), at: index)
        }
        return output.setting(Lifecycle.Output.steps, .array(results))
      }),
  ]

  /// Whether a lifecycle step's op is a string the suite does not know.
  static func isUnknownStep(_ step: JSONValue) -> Bool {
    guard let op = step[Step.op]?.stringValue else { return false }
    return StepOp(rawValue: op) == nil
  }
}

extension LifecycleSuite: MutantSuite {
  /// The lifecycle suite's mutants (MutantCatalog+Lifecycle.swift).
  public static var mutants: [Mutant] { MutantCatalog.lifecycle }
}
