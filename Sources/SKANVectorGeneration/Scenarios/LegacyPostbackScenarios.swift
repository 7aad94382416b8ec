import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `postback` suite for ads signed before 4.0: the increase-only value and
/// the rolling 24-hour timer Apple gives for "version 3 ads and earlier" (PB-14, PB-15,
/// PB-16), as opposed to SKAdNetwork 4's conversion windows.
enum LegacyPostbackScenarios {
  /// The versions before 4.0 the postback suite models.
  static let versions: Set<JSONValue> = ["3.0", "2.2", "2.1"]

  /// Requirements every postback case of an ad signed before 4.0 tests by its shape: its
  /// postback has the version's format (PB-10) and is valued and timed by the timer (PB-14,
  /// PB-15); an implementation that applies SKAdNetwork 4's windows instead, the
  /// alternative of PB-16, fails it.
  static func derivedRequirements(input: JSONValue, output: JSONValue) -> [String] {
    guard input[PostbackSuite.Input.framework] == "skadnetwork", let version = input[PostbackSuite.Input.adVersion],
      versions.contains(version), output[PostbackSuite.Output.postbacks]?.arrayValue?.isEmpty == false
    else { return [] }
    return ["PB-10", "PB-14", "PB-15", "PB-16"]
  }

  /// Apple's page for the method the kit's updates stand for, and its section on these ads.
  static let page =
    "Apple: updatePostbackConversionValue(_:completionHandler:), \"Update the conversion value for version 3 ads and earlier\""

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.postback)
    let at = ScenarioTime.at
    func legacy(_ updates: [PostbackScenarios.Update], version: String = "3.0") -> PostbackScenarios.Case {
      var scenario = PostbackScenarios.Case()
      scenario.version = version
      scenario.sourceIdentifier = 42
      scenario.updates = updates
      return scenario
    }
    func add(
      _ slug: String, _ description: String, _ requirements: [String], tags: [String] = [],
      _ scenario: PostbackScenarios.Case
    ) {
      b.add(slug, description, requirements, tags: tags, scenario.json)
    }

    // MARK: The value: increase-only (PB-14, PB-16).
    add(
      "skan30-lower-value-ignored",
      "An ad signed 3.0, tier 2: fine 20 at 1 h, then 5 at 10 h. The lower value is ignored and does not restart the 24-hour timer, so the postback carries 20, is final at 25 h and is sent between 25 h and 49 h (\(page)). Catches SKAdNetwork 4 rules applied to an old ad (5, final at 48 h, sent 72-96 h), a decrease accepted (5), and a timer restarted by any call (final at 34 h).",
      ["PB-14", "PB-15", "PB-16", "PB-10"],
      legacy([(at(1, 0, 0, 0), 20, nil, false), (at(10, 0, 0, 0), 5, nil, false)]))
    add(
      "skan30-equal-value-no-restart",
      "An ad signed 3.0: fine 20 at 1 h and 20 again at 20 h. Only a greater value restarts the timer (\(page)): final at 25 h; catches `>=` for `>` (final at 44 h).",
      ["PB-14", "PB-15"],
      legacy([(at(1, 0, 0, 0), 20, nil, false), (at(20, 0, 0, 0), 20, nil, false)]))
    add(
      "skan30-first-value-zero",
      "An ad signed 3.0, tier 2, one update of fine 0 at 5 h: the first update sets any value, 0 included (kit-defined), so the postback carries 0 and is final at 29 h. Catches the registration's default 0 counted as the current value (no conversion-value, final at 24 h) and a zero value dropped.",
      ["PB-16", "PB-14"],
      legacy([(at(5, 0, 0, 0), 0, nil, false)]))
    var lowerLoser = legacy([(at(1, 0, 0, 0), 10, nil, false), (at(10, 0, 0, 0), 20, nil, false)])
    lowerLoser.didWin = false
    lowerLoser.tiers = [3, 3, 3]
    add(
      "skan30-loser-same-timer",
      "A losing network of an ad signed 3.0, tier 3, fine 10 at 1 h and 20 at 10 h: no value, and the postback is timed by the same timer, final at 34 h and sent 34-58 h (kit-defined: the winning ad is taken to have the same version). Catches a losing postback timed from the end of SKAdNetwork 4's first window (final at 48 h).",
      ["PB-16", "PB-15", "PB-10"], lowerLoser)

    // MARK: The timer (PB-14, PB-15, PB-16).
    add(
      "skan30-timer-restarts-on-each-increase",
      "An ad signed 3.0: fine 5 at 1 h, 10 at 20 h, 30 at 40 h. Each greater value restarts the 24-hour timer (\(page)): value 30, final at 64 h, sent 64-88 h. Catches a timer fixed at the first update (value 10, final at 25 h).",
      ["PB-14", "PB-15"],
      legacy([(at(1, 0, 0, 0), 5, nil, false), (at(20, 0, 0, 0), 10, nil, false), (at(40, 0, 0, 0), 30, nil, false)]))
    add(
      "skan30-increase-after-48h",
      "An ad signed 3.0: fine 10 at 1 h, 20 at 24 h, 30 at 47 h, 40 at 70 h. The timer never expires between them, so the update at 70 h still counts: value 40, final at 94 h. Catches SKAdNetwork 4's first window ending at 48 h (value 30, final at 48 h).",
      ["PB-14", "PB-16"],
      legacy([
        (at(1, 0, 0, 0), 10, nil, false), (at(24, 0, 0, 0), 20, nil, false), (at(47, 0, 0, 0), 30, nil, false),
        (at(70, 0, 0, 0), 40, nil, false),
      ]))
    add(
      "skan30-update-at-expiry-ignored",
      "An ad signed 3.0: fine 10 at 1 h, 50 at exactly 25 h, when the timer expires: too late (kit-defined edge), value 10, final at 25 h. Catches an inclusive expiry (value 50, final at 49 h).",
      ["PB-16", "PB-14"], tags: ["edge-exact"],
      legacy([(at(1, 0, 0, 0), 10, nil, false), (at(25, 0, 0, 0), 50, nil, false)]))
    add(
      "skan30-update-1ms-before-expiry",
      "An ad signed 3.0: fine 10 at 1 h, 50 at 24:59:59.999, 1 ms before the timer expires: it counts and restarts the timer, value 50, final at 48:59:59.999. Catches an expiry one unit early, or the timer rounded to seconds.",
      ["PB-14", "PB-15"], tags: ["edge-near"],
      legacy([(at(1, 0, 0, 0), 10, nil, false), (at(24, 59, 59, 999), 50, nil, false)]))
    var noUpdates = legacy([])
    noUpdates.tiers = [2, 2, 2]
    add(
      "skan30-no-updates",
      "An ad signed 3.0, tier 2, no update after the registration at T0: the timer started at T0 expires at 24 h; sent 24-48 h, with source-app-id and no conversion-value (\(page)). Catches SKAdNetwork 4's timing (final at 48 h), a timer that waits for an update, and an invented value.",
      ["PB-14", "PB-15", "PB-16"], noUpdates)
    var locked = legacy([(at(1, 0, 0, 0), 10, "high", true), (at(10, 0, 0, 0), 20, "low", false)])
    locked.tiers = [3, 3, 3]
    add(
      "skan30-lock-ignored",
      "An ad signed 3.0, tier 3: fine 10 with a lock at 1 h, then 20 at 10 h. The lock and the coarse values are ignored for these ads (Apple: updatePostbackConversionValue(_:coarseValue:lockWindow:completionHandler:)): value 20, final at 34 h, no coarse value. Catches a lock honoured (value 10, final at 1 h).",
      ["PB-14", "PB-15"], locked)
    let day = 24 * ScenarioTime.hour
    var longest = legacy(
      (0...63).map { value in (ScenarioTime.t0 + value * (day - 1), value, nil, false) })
    longest.tiers = [2, 2, 2]
    add(
      "skan30-longest-period",
      "An ad signed 3.0 whose app raises the value 63 times, from 0 at T0 to 63, each call 1 ms before the timer would expire: every call counts, value 63, final 63 ms before 64 days after T0. Nothing but the timer ends the period (kit-defined); catches SKAdNetwork 4's 840-hour measurement period applied to an old ad.",
      ["PB-16", "PB-14"], longest)
    var developer = legacy([(at(0, 1, 0, 0), 10, nil, false)])
    developer.profile = "aak-developer"
    add(
      "skan30-developer-profile-ignored",
      "An ad signed 3.0 with the profile aak-developer, fine 10 at 1 minute: the profile does not apply to an ad without conversion windows (kit-defined); final at 24 h 1 min, sent within 24 h. Catches Developer Mode's minutes applied to an old ad.",
      ["PB-16", "PB-15"], developer)

    // MARK: SKAdNetwork 2.
    add(
      "skan22-lower-value-ignored",
      "An ad signed 2.2, tier 2: fine 30 at 1 h, 10 at 3 h. SKAdNetwork 2 is increase-only as well (Apple: updateConversionValue(_:), \"The 24-hour timer restarts each time the app calls this method with a valid conversion value greater than the previous value\"): value 30, final at 25 h. Catches the rule applied to 3.0 only.",
      ["PB-14", "PB-15", "PB-10"],
      legacy([(at(1, 0, 0, 0), 30, nil, false), (at(3, 0, 0, 0), 10, nil, false)], version: "2.2"))
    var skan21 = legacy([(at(2, 0, 0, 0), 1, nil, false), (at(20, 0, 0, 0), 2, nil, false)], version: "2.1")
    skan21.tiers = [3, 3, 3]
    add(
      "skan21-timer-restarts",
      "An ad signed 2.1, tier 3: fine 1 at 2 h, 2 at 20 h: value 2, final at 44 h, sent 44-68 h (Apple: updateConversionValue(_:)). Catches SKAdNetwork 4 timing for the oldest version modelled (final at 48 h).",
      ["PB-14", "PB-15", "PB-10"], skan21)
    return b.scenarios
  }
}
