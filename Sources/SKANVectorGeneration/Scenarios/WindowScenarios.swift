import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `window` suite.
enum WindowScenarios: SuiteScenarios {
  static let suite = Suite.window

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.window)
    let t0 = ScenarioTime.t0
    func input(_ at: Int, profile: String = WindowProfile.production.rawValue, t0: Int = ScenarioTime.t0) -> JSONValue {
      WindowSuite.Input.object([.profile: .string(profile), .t0: .integer(t0), .at: .integer(at)])
    }
    let at = ScenarioTime.at

    b.add(
      "t0-itself",
      "A time equal to T0 is the start of window 0; catches a check `elapsed > 0` that treats T0 as before the windows.",
      ["WIN-1", "WIN-6"], tags: ["edge-exact"], input(t0))
    b.add(
      "one-ms-before-t0", "1 ms before T0 is an error; catches clamping early times into window 0.",
      ["WIN-6", "WIN-7"], tags: ["edge-exact"], input(t0 - 1))
    b.add(
      "one-day-before-t0", "A day before T0 is an error, not window 0 and not a negative window.", ["WIN-6"],
      input(t0 - 86_400_000))
    b.add(
      "p0-one-hour",
      "1 h after T0 is window 0 with absolute bounds T0 and T0+48 h; catches bounds given relative to T0.",
      ["WIN-1", "WIN-4"], input(at(1, 0, 0, 0)))
    b.add(
      "p0-day-1", "24 h after T0 is window 0; catches a first window of one day.", ["WIN-1"], input(at(24, 0, 0, 0)))
    b.add(
      "p0-47h59m59s", "47:59:59 is still window 0; catches windows counted in whole hours rounded up.",
      ["WIN-1", "WIN-3"], tags: ["edge-near"], input(at(47, 59, 59, 0)))
    b.add(
      "p0-47h59m59s999", "47:59:59.999 is still window 0; catches rounding to the nearest second.", ["WIN-3", "WIN-7"],
      tags: ["edge-near", "sub-second"], input(at(47, 59, 59, 999)))
    b.add(
      "p1-48h-exact",
      "Exactly 48:00:00 is window 1 (half-open edges); catches inclusive edges (`elapsed <= 48h` as window 0).",
      ["WIN-1", "WIN-3"], tags: ["edge-exact"], input(at(48, 0, 0, 0)))
    b.add(
      "p1-48h-plus-1ms", "48:00:00.001 is window 1; catches inclusive edges compared in whole seconds.",
      ["WIN-3", "WIN-7"], tags: ["edge-near", "sub-second"], input(at(48, 0, 0, 1)))
    b.add("p1-48h-plus-1s", "48:00:01 is window 1.", ["WIN-1"], tags: ["edge-near"], input(at(48, 0, 1, 0)))
    b.add(
      "p1-72h", "72 h is window 1; catches reading \"days 0 to 2\" as three whole days (72 h).", ["WIN-1"],
      input(at(72, 0, 0, 0)))
    b.add("p1-100h", "100 h is window 1 with bounds T0+48 h and T0+168 h.", ["WIN-1"], input(at(100, 0, 0, 0)))
    b.add(
      "p1-167h59m59s", "167:59:59 is still window 1.", ["WIN-1", "WIN-3"], tags: ["edge-near"],
      input(at(167, 59, 59, 0)))
    b.add(
      "p1-167h59m59s999", "167:59:59.999 is still window 1; catches rounding to the nearest second.",
      ["WIN-3", "WIN-7"], tags: ["edge-near", "sub-second"], input(at(167, 59, 59, 999)))
    b.add(
      "p2-168h-exact", "Exactly 168:00:00 (7 days) is window 2; catches inclusive edges (`<= 7d` as window 1).",
      ["WIN-1", "WIN-3"], tags: ["edge-exact"], input(at(168, 0, 0, 0)))
    b.add(
      "p2-168h-plus-1ms", "168:00:00.001 is window 2; catches inclusive edges compared in whole seconds.",
      ["WIN-3", "WIN-7"], tags: ["edge-near", "sub-second"], input(at(168, 0, 0, 1)))
    b.add(
      "p2-170h", "170 h is window 2; catches reading \"days 3 to 7\" as ending after day 7 (192 h).", ["WIN-1"],
      input(at(170, 0, 0, 0)))
    b.add("p2-500h", "500 h is window 2 with bounds T0+168 h and T0+840 h.", ["WIN-1"], input(at(500, 0, 0, 0)))
    b.add(
      "p2-839h59m59s", "839:59:59 is still window 2; catches a measurement period ending early.",
      ["WIN-1", "WIN-2", "WIN-3"], tags: ["edge-near"], input(at(839, 59, 59, 0)))
    b.add(
      "p2-839h59m59s999", "839:59:59.999 is still window 2; catches rounding to the nearest second.",
      ["WIN-2", "WIN-7"], tags: ["edge-near", "sub-second"], input(at(839, 59, 59, 999)))
    b.add(
      "over-840h-exact",
      "Exactly 840:00:00 (35 days) is after the measurement period; catches inclusive edges (`<= 35d`).",
      ["WIN-2", "WIN-3"], tags: ["edge-exact"], input(at(840, 0, 0, 0)))
    b.add(
      "over-840h-plus-1ms", "840:00:00.001 is over; catches inclusive edges compared in whole seconds.",
      ["WIN-2", "WIN-7"], tags: ["edge-near", "sub-second"], input(at(840, 0, 0, 1)))
    b.add(
      "over-850h", "850 h is over; catches reading \"days 8 to 35\" as ending after day 35 (864 h).", ["WIN-2"],
      input(at(850, 0, 0, 0)))
    b.add(
      "over-one-year", "A year after T0 is over, not window 2 and not a wrapped-around window.", ["WIN-2"],
      input(at(8760, 0, 0, 0)))
    b.add(
      "t0-epoch", "T0 at the Unix epoch (0) works like any other T0; catches treating T0 = 0 as \"not set\".",
      ["WIN-1", "WIN-4"], input(49 * ScenarioTime.hour, t0: 0))
    b.add(
      "t0-midnight-utc",
      "T0 at a UTC midnight: 48 h later is window 1; a companion to the unaligned T0 of the other cases.",
      ["WIN-1", "WIN-4", "WIN-3"], tags: ["edge-exact"],
      input(1_700_006_400_000 + 48 * ScenarioTime.hour, t0: 1_700_006_400_000))
    b.add(
      "unaligned-t0-calendar-day",
      "T0 at 23:59 UTC, time 1 minute later on the next calendar day: still window 0; catches windows aligned to calendar days.",
      ["WIN-1", "WIN-4"], input(1_700_092_740_000 + ScenarioTime.minute, t0: 1_700_092_740_000))
    b.add(
      "unaligned-t0-47h-calendar",
      "T0 at 23:59 UTC, 47 h later (three calendar days on): still window 0; catches counting calendar days.",
      ["WIN-1", "WIN-4"], input(1_700_092_740_000 + 47 * ScenarioTime.hour, t0: 1_700_092_740_000))
    b.add(
      "profile-default-production", "Without `profile` the production windows apply: 3 minutes is window 0.", ["WIN-1"],
      WindowSuite.Input.object([.t0: .integer(t0), .at: .integer(at(0, 3, 0, 0))]))

    // AdAttributionKit developer mode.
    let dev = WindowProfile.aakDeveloper.rawValue
    b.add(
      "dev-t0-itself", "Developer mode: T0 is window 0, bounds T0 and T0+3 min.", ["WIN-5"], tags: ["edge-exact"],
      input(t0, profile: dev))
    b.add(
      "dev-2m59s999", "Developer mode: 2:59.999 is window 0; catches rounding to seconds.", ["WIN-5", "WIN-7"],
      tags: ["edge-near", "sub-second"], input(at(0, 2, 59, 999), profile: dev))
    b.add(
      "dev-3m-exact", "Developer mode: exactly 3:00 is window 1; catches inclusive edges.", ["WIN-5", "WIN-3"],
      tags: ["edge-exact"], input(at(0, 3, 0, 0), profile: dev))
    b.add(
      "dev-5m59s999", "Developer mode: 5:59.999 is window 1.", ["WIN-5", "WIN-7"], tags: ["edge-near", "sub-second"],
      input(at(0, 5, 59, 999), profile: dev))
    b.add(
      "dev-6m-exact", "Developer mode: exactly 6:00 is window 2; catches inclusive edges.", ["WIN-5", "WIN-3"],
      tags: ["edge-exact"], input(at(0, 6, 0, 0), profile: dev))
    b.add(
      "dev-8m59s999", "Developer mode: 8:59.999 is window 2.", ["WIN-5", "WIN-7"], tags: ["edge-near", "sub-second"],
      input(at(0, 8, 59, 999), profile: dev))
    b.add(
      "dev-9m-exact", "Developer mode: exactly 9:00 is over; catches a developer period of 0-9 minutes inclusive.",
      ["WIN-5", "WIN-3"], tags: ["edge-exact"], input(at(0, 9, 0, 0), profile: dev))
    b.add(
      "dev-1h", "Developer mode: 1 h is over; catches production windows used in developer mode.", ["WIN-5"],
      input(at(1, 0, 0, 0), profile: dev))
    b.add(
      "dev-before-t0", "Developer mode: before T0 is an error too.", ["WIN-5", "WIN-6"], input(t0 - 1000, profile: dev))
    b.add(
      "production-3m", "Production: 3 minutes is window 0; catches developer windows used in production.",
      ["WIN-1", "WIN-5"], input(at(0, 3, 0, 0)))

    // Inputs that break the shape.
    b.add(
      "invalid-profile", "An unknown profile is `invalid-input`, not a silent fall-back to production.", ["IN-1"],
      tags: ["bad-input"], input(at(1, 0, 0, 0), profile: "skan3"))  // an unknown profile: a value under test
    b.add(
      "invalid-t0-string", "T0 as a string is `invalid-input`; times are integers.", ["IN-1", "WIN-7"],
      tags: ["bad-input"], WindowSuite.Input.object([.t0: .string(String(t0)), .at: .integer(at(1, 0, 0, 0))]))
    b.add(
      "invalid-at-fraction", "A fractional time is `invalid-input`; times are whole milliseconds.", ["IN-1", "WIN-7"],
      tags: ["bad-input"], WindowSuite.Input.object([.t0: .integer(t0), .at: .double(1_700_000_000_123.5)]))
    b.add(
      "invalid-missing-at", "A missing `at` is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      WindowSuite.Input.object([.t0: .integer(t0)]))
    b.add(
      "at-integral-double",
      "A time written as an integral double (1.700003600123e12) is the same time; catches rejecting what JavaScript cannot tell from an integer.",
      ["WIN-7"], WindowSuite.Input.object([.t0: .integer(t0), .at: .double(Double(at(1, 0, 0, 0)))]))
    b.add(
      "t0-far-past",
      "T0 at -(2^53 - 1) ms (far before 1970) and a time 1 h later: window 0; catches unsigned times and overflow in the arithmetic.",
      ["WIN-1", "WIN-7"], input(-9_007_199_254_740_991 + ScenarioTime.hour, t0: -9_007_199_254_740_991))
    b.add(
      "at-beyond-safe-integer",
      "A time of 2^53 ms is beyond the exact range of JSON numbers: `invalid-input`, not a wrong window.",
      ["IN-1", "WIN-7"], tags: ["bad-input"], input(9_007_199_254_740_992))
    return b.scenarios
  }
}

/// The window suite's scenarios (its part in vector generation).
extension WindowSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { WindowScenarios.self }
}
