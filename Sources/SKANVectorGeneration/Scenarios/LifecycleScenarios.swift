import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `lifecycle` suite (the Singular S2S client).
enum LifecycleScenarios: SuiteScenarios {
  static let suite = Suite.lifecycle

  /// LIF-14 (every snapshot key present, null when unset) shapes every lifecycle output, so
  /// every case that expects an output tests it.
  static func derivedRequirements(input: JSONValue, expected: SuiteResult) -> [String] {
    guard case .output = expected else { return [] }
    return ["LIF-14"]
  }

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.lifecycle)
    let at = ScenarioTime.at
    let t0 = ScenarioTime.t0
    func register(_ time: Int) -> JSONValue {
      LifecycleSuite.Step.object([.at: .integer(time), .op: .string(LifecycleSuite.StepOperation.register.rawValue)])
    }
    func response(_ time: Int, _ body: JSONValue) -> JSONValue {
      LifecycleSuite.Step.object([
        .at: .integer(time), .op: .string(LifecycleSuite.StepOperation.serverResponse.rawValue), .response: body,
      ])
    }
    func value(_ time: Int, _ fine: JSONValue, coarse: JSONValue? = nil, lock: JSONValue? = nil) -> JSONValue {
      var body: [String: JSONValue] = ["conversion_value": fine, "status": "ok"]
      if let coarse { body["skan_updated_coarse_value"] = coarse }
      if let lock { body["skan_updated_lock_window_value"] = lock }
      return response(time, .object(body))
    }
    func revenue(_ time: Int, _ amount: JSONValue, _ currency: JSONValue, admon: Bool = false) -> JSONValue {
      LifecycleSuite.Step.object([
        .at: .integer(time), .op: .string(LifecycleSuite.StepOperation.revenue.rawValue), .amount: amount,
        .currency: currency, .admon: .bool(admon),
      ])
    }
    func steps(_ list: [JSONValue]) -> JSONValue { LifecycleSuite.Input.object([.steps: .array(list)]) }

    b.add(
      "register-only",
      "Registration sets fine 0 with no coarse value and the first and last call times (seconds); catches a registration that leaves the fine value unset.",
      ["LIF-1", "LIF-7", "LIF-14"], steps([register(t0)]))
    b.add(
      "register-twice", "A second registration a day later changes nothing; catches resetting T0 on every launch.",
      ["LIF-1"], steps([register(t0), register(at(24, 0, 0, 0))]))
    b.add(
      "register-seconds-floor",
      "Registration at T0 + 999 ms: the snapshot times are whole seconds rounded down; catches milliseconds in the snapshot or rounding up.",
      ["LIF-7"], tags: ["sub-second"], steps([register(1_700_000_000_999)]))
    b.add(
      "first-update",
      "Register, then conversion_value 5 with coarse code 1 at 1 h: applied; prev_fine_value is 0, p0_coarse 1, last call updated.",
      ["LIF-2", "LIF-8", "VAL-4"], steps([register(t0), value(at(1, 0, 0, 0), 5, coarse: 1)]))
    b.add(
      "decreasing-update", "Fine 30 then 12: 12 is applied and prev_fine_value is 30; catches increase-only clients.",
      ["SKN-2", "LIF-8"],
      steps([register(t0), value(at(1, 0, 0, 0), 30, coarse: 2), value(at(2, 0, 0, 0), 12, coarse: 0)]))
    b.add(
      "coarse-cleared",
      "(fine 5, coarse 2) then (fine 6, no coarse): p0_coarse becomes null and p0_prev_coarse_value 2, as the snippet does.",
      ["SKN-4", "LIF-8"], steps([register(t0), value(at(1, 0, 0, 0), 5, coarse: 2), value(at(2, 0, 0, 0), 6)]))
    b.add(
      "window-1-update",
      "An update at 50 h with fine 20 and coarse 2 fills p1_coarse and leaves the fine value alone; catches fine values written after window 0.",
      ["SKN-1", "LIF-2"], steps([register(t0), value(at(50, 0, 0, 0), 20, coarse: 2)]))
    b.add(
      "window-1-edge-48h", "An update at exactly 48 h goes to window 1 (p1_coarse), not window 0.", ["WIN-3", "LIF-2"],
      tags: ["edge-exact"], steps([register(t0), value(at(48, 0, 0, 0), 9, coarse: 1)]))
    b.add(
      "window-0-edge-47h59m59s", "An update at 47:59:59 goes to window 0 (fine and p0_coarse).", ["WIN-3", "LIF-2"],
      tags: ["edge-near"], steps([register(t0), value(at(47, 59, 59, 0), 9, coarse: 1)]))
    b.add(
      "window-2-prev-coarse", "Two updates in window 2: p2_coarse is the second and p2_prev_coarse_value the first.",
      ["LIF-8"], steps([register(t0), value(at(200, 0, 0, 0), 0, coarse: 0), value(at(300, 0, 0, 0), 0, coarse: 2)]))
    b.add(
      "prev-coarse-per-window",
      "Coarse in window 0 and then in window 1: p1_prev_coarse_value is null, not window 0's value; catches one shared previous value.",
      ["LIF-8"], steps([register(t0), value(at(1, 0, 0, 0), 1, coarse: 2), value(at(60, 0, 0, 0), 1, coarse: 0)]))
    b.add(
      "coarse-code-3",
      "Coarse code 3: rejected with `coarse-code-out-of-range`, nothing changes. The snippet's check never fires and would pass it on.",
      ["LIF-4", "VAL-5"], tags: ["snippet-bug"], steps([register(t0), value(at(1, 0, 0, 0), 7, coarse: 3)]))
    b.add(
      "coarse-code-minus-1", "Coarse code -1: rejected; the snippet's check misses it too.", ["LIF-4", "VAL-5"],
      tags: ["snippet-bug"], steps([register(t0), value(at(1, 0, 0, 0), 7, coarse: -1)]))
    b.add(
      "fine-64", "conversion_value 64: rejected with `fine-out-of-range`; the previous value stays.",
      ["LIF-4", "VAL-1"], steps([register(t0), value(at(1, 0, 0, 0), 8), value(at(2, 0, 0, 0), 64)]))
    b.add(
      "fine-string", "conversion_value \"12\" (a string): rejected with `fine-not-integer`; catches loose coercion.",
      ["LIF-4", "VAL-2"], steps([register(t0), value(at(1, 0, 0, 0), "12")]))
    b.add(
      "status-ok-no-value",
      "A response with status ok and no conversion_value is `no-update`; nothing changes, not even the last call time.",
      ["LIF-3"], steps([register(t0), response(at(1, 0, 0, 0), ["status": "ok"])]))
    b.add(
      "status-error-with-reason", "A response with status error and a reason is rejected with `server-error`.",
      ["LIF-3"], steps([register(t0), response(at(1, 0, 0, 0), ["status": "error", "reason": "Invalid API key"])]))
    b.add(
      "value-with-status-error",
      "A response with conversion_value 5 and status error is applied: the snippet reads status only when the value is absent; catches a reader that rejects it with `server-error`.",
      ["LIF-2", "LIF-3"],
      steps([
        register(t0),
        response(at(1, 0, 0, 0), ["conversion_value": 5, "status": "error", "reason": "Invalid API key"]),
      ]))
    b.add(
      "empty-response", "An empty response object is `server-error`; catches treating it as \"no update\".", ["LIF-3"],
      steps([register(t0), response(at(1, 0, 0, 0), [:])]))
    b.add(
      "null-conversion-value", "conversion_value null with status ok is `no-update`, not fine 0.", ["LIF-3"],
      steps([register(t0), response(at(1, 0, 0, 0), ["conversion_value": nil, "status": "ok"])]))
    b.add(
      "lock-window-0",
      "A lock at 10 h, then an update at 20 h: ignored; p0_window_lock is the lock time in seconds; catches clients that ignore the lock.",
      ["LCK-1", "LIF-9"], tags: ["snippet-bug"],
      steps([register(t0), value(at(10, 0, 0, 0), 11, coarse: 1, lock: true), value(at(20, 0, 0, 0), 40, coarse: 2)]))
    b.add(
      "lock-then-next-window", "A lock at 10 h, then an update at 48 h: applied in window 1.",
      ["LCK-2", "LIF-9", "WIN-3"],
      steps([register(t0), value(at(10, 0, 0, 0), 11, lock: true), value(at(48, 0, 0, 0), 0, coarse: 2)]))
    b.add(
      "lock-as-integer-1", "skan_updated_lock_window_value 1 locks (the snippet reads it with boolValue).",
      ["LIF-4", "LCK-1"], steps([register(t0), value(at(1, 0, 0, 0), 3, lock: 1), value(at(2, 0, 0, 0), 4)]))
    b.add(
      "lock-as-string", "skan_updated_lock_window_value \"true\" is rejected (`lock-not-boolean`).",
      ["LIF-4", "VAL-7"], steps([register(t0), value(at(1, 0, 0, 0), 3, lock: "true")]))
    b.add(
      "after-measurement-period", "An update at 840 h is ignored; catches a client that keeps updating after day 35.",
      ["SKN-3", "WIN-3"], tags: ["edge-exact"], steps([register(t0), value(at(840, 0, 0, 0), 10, coarse: 2)]))
    b.add(
      "after-period-invalid-value",
      "After the period even an invalid response is only ignored: the client does not ask the server (snippet order).",
      ["SKN-3", "LIF-4"], steps([register(t0), value(at(900, 0, 0, 0), 99)]))
    b.add(
      "update-before-register",
      "An update before any registration registers implicitly at its time (kit-defined; the snippet drops it by accident).",
      ["LIF-10"], tags: ["snippet-bug"], steps([value(at(2, 0, 0, 0), 14, coarse: 1), register(at(3, 0, 0, 0))]))
    b.add(
      "failed-update-before-register", "A rejected update before registration does not register.", ["LIF-10", "LIF-4"],
      steps([value(t0, 70), register(at(1, 0, 0, 0))]))
    b.add(
      "revenue-window-0",
      "USD 1.5 of purchase revenue at 1 h: all-time and p0 totals; catches revenue kept only in totals.", ["LIF-5"],
      steps([register(t0), revenue(at(1, 0, 0, 0), 1.5, "USD")]))
    b.add(
      "revenue-admon-split", "Ad-monetization revenue goes to the admon totals only; catches a single revenue bucket.",
      ["LIF-5"],
      steps([register(t0), revenue(at(1, 0, 0, 0), 2.0, "EUR", admon: true), revenue(at(2, 0, 0, 0), 3.25, "EUR")]))
    b.add(
      "revenue-by-currency", "USD and KRW are summed separately; catches adding currencies together.",
      ["LIF-5", "LIF-12"],
      steps([
        register(t0), revenue(at(1, 0, 0, 0), 1.0, "USD"), revenue(at(2, 0, 0, 0), 15.53, "KRW"),
        revenue(at(3, 0, 0, 0), 2.0, "USD"),
      ]))
    b.add(
      "revenue-per-window", "Revenue at 1 h, 50 h and 200 h lands in p0, p1 and p2.", ["LIF-5"],
      steps([
        register(t0), revenue(at(1, 0, 0, 0), 1.0, "USD"), revenue(at(50, 0, 0, 0), 2.0, "USD"),
        revenue(at(200, 0, 0, 0), 4.0, "USD"),
      ]))
    b.add(
      "revenue-edge-48h", "Revenue at exactly 48 h counts in window 1.", ["LIF-5", "WIN-3"], tags: ["edge-exact"],
      steps([register(t0), revenue(at(48, 0, 0, 0), 1.0, "USD")]))
    b.add(
      "revenue-zero", "An amount of 0 is ignored; no totals object is created.", ["LIF-6"],
      steps([register(t0), revenue(at(1, 0, 0, 0), 0, "USD")]))
    b.add(
      "revenue-refund", "A negative amount (refund) is added.", ["LIF-6"],
      steps([register(t0), revenue(at(1, 0, 0, 0), 5.0, "USD"), revenue(at(2, 0, 0, 0), -2.0, "USD")]))
    b.add(
      "revenue-lower-case-currency", "Currency \"usd\" is `invalid-currency`; catches accepting any string.", ["LIF-6"],
      tags: ["case", "snippet-bug"], steps([register(t0), revenue(at(1, 0, 0, 0), 1.0, "usd")]))
    b.add(
      "revenue-empty-currency", "An empty currency is `invalid-currency`.", ["LIF-6"],
      steps([register(t0), revenue(at(1, 0, 0, 0), 1.0, "")]))
    b.add(
      "revenue-amount-string", "An amount given as the string \"1.5\" is `invalid-amount`.", ["LIF-6"],
      steps([register(t0), revenue(at(1, 0, 0, 0), "1.5", "USD")]))
    b.add(
      "revenue-before-register", "Revenue before registration counts in the all-time totals only.", ["LIF-13"],
      steps([revenue(t0, 1.0, "USD"), register(at(1, 0, 0, 0)), revenue(at(2, 0, 0, 0), 1.0, "USD")]))
    b.add(
      "revenue-after-period", "Revenue after 840 h counts in the all-time totals only; catches adding it to window 2.",
      ["LIF-13", "WIN-3"], steps([register(t0), revenue(at(840, 0, 0, 0), 1.0, "USD")]))
    b.add(
      "revenue-float-precision",
      "Ten additions of 0.1: the double sum 0.9999999999999999 is within the 1e-9 tolerance of 1; 32-bit float sums (the snippet's floatValue) are not.",
      ["LIF-12"], tags: ["snippet-bug"], steps([register(t0)] + (1...10).map { revenue(at($0, 0, 0, 0), 0.1, "USD") }))
    b.add(
      "revenue-large-total", "12345678.91 plus 0.01: a 32-bit float sum loses the cents; the double sum keeps them.",
      ["LIF-12"], tags: ["snippet-bug"],
      steps([register(t0), revenue(at(1, 0, 0, 0), 12_345_678.91, "USD"), revenue(at(2, 0, 0, 0), 0.01, "USD")]))
    b.add(
      "full-journey",
      "Register, three sessions across the windows, revenue and a lock in window 1: a long scenario where state leaks between windows show.",
      ["LIF-2", "LIF-5", "LIF-8", "LIF-9", "LCK-1", "LCK-2", "LIF-12"],
      steps([
        register(t0), value(at(2, 0, 0, 0), 8, coarse: 0), revenue(at(3, 0, 0, 0), 4.99, "USD"),
        value(at(4, 0, 0, 0), 21, coarse: 1), value(at(72, 0, 0, 0), 21, coarse: 1, lock: true),
        revenue(at(80, 0, 0, 0), 0.5, "USD", admon: true), value(at(90, 0, 0, 0), 30, coarse: 2),
        value(at(170, 0, 0, 0), 30, coarse: 2), value(at(900, 0, 0, 0), 40, coarse: 0),
      ]))
    b.add(
      "steps-out-of-order", "A step earlier than the one before makes the input `out-of-order`.", ["LIF-11"],
      steps([register(at(2, 0, 0, 0)), value(at(1, 0, 0, 0), 3)]))
    b.add(
      "unknown-op", "An unknown step op is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      steps([
        register(t0),
        // an unknown op: a value under test
        LifecycleSuite.Step.object([.at: .integer(at(1, 0, 0, 0)), .op: "session"]),
      ]))
    b.add(
      "valid-after-rejected",
      "A rejected response (coarse code 3) and then a valid one: the valid one applies. The snippet returns without unlocking its lock on the rejection path, so its next update would hang.",
      ["LIF-4", "LIF-2"], tags: ["snippet-bug"],
      steps([register(t0), value(at(1, 0, 0, 0), 7, coarse: 3), value(at(2, 0, 0, 0), 8, coarse: 1)]))
    b.add(
      "coarse-checked-before-lock",
      "Coarse code 3 with lock \"yes\": `coarse-code-out-of-range`, the fields being checked in order.",
      ["LIF-4", "VAL-5"], steps([register(t0), value(at(1, 0, 0, 0), 7, coarse: 3, lock: "yes")]))
    b.add(
      "revenue-too-large", "An amount of 1e16 is `invalid-amount`: sums must stay finite.", ["LIF-6"],
      steps([register(t0), revenue(at(1, 0, 0, 0), .double(1e16), "USD")]))
    b.add(
      "revenue-bad-currency-and-string-amount",
      "Currency \"usd\" with the amount as the string \"1.5\": `invalid-currency`, the currency being checked before the amount's type; catches checking the amount first.",
      ["LIF-6"], steps([register(t0), revenue(at(1, 0, 0, 0), "1.5", "usd")]))
    b.add(
      "revenue-numeric-currency",
      "Currency given as the number 840 (ISO 4217's numeric code for USD) rejects the step with `invalid-currency`; catches a reader that takes a wrong type for a malformed input (`invalid-input`), and one that reads the number as a code.",
      ["LIF-6"], steps([register(t0), revenue(at(1, 0, 0, 0), 1.0, .integer(840))]))
    b.add(
      "developer-profile",
      "With the AdAttributionKit developer profile, an update at 2 min is window 0 and one at 3 min window 1.",
      ["WIN-5", "LIF-2", "WIN-3"],
      LifecycleSuite.Input.object([
        .profile: .string(WindowProfile.aakDeveloper.rawValue),
        .steps: .array([
          register(t0), value(t0 + 2 * ScenarioTime.minute, 4, coarse: 0),
          value(t0 + 3 * ScenarioTime.minute, 5, coarse: 2),
        ]),
      ]))
    return b.scenarios
  }
}

/// The lifecycle suite's scenarios (its part in vector generation).
extension LifecycleSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { LifecycleScenarios.self }
}
