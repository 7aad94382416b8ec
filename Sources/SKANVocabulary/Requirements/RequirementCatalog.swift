/// Every requirement of the Spec. `Spec/*.md` shows them in generated tables, and the
/// tests check that each one is tested by a vector.
///
/// The catalog is Swift rather than a data file because it is compiled into SKANConformance,
/// the library an SDK's test target runs on a simulator or a device: a literal needs no
/// resource bundle, no file read and no parse at start-up, and the compiler checks each
/// requirement's level, basis and area. The Spec's tables are generated from it
/// (`skan-conform vectors generate`), so the prose is still written once.
public enum RequirementCatalog {
  static let skMW = "Apple: storekit/receiving-postbacks-in-multiple-conversion-windows"
  static let aakMW = "Apple: adattributionkit/receiving-postbacks-in-multiple-conversion-windows"
  static let skUpd =
    "Apple: storekit/skadnetwork/updatepostbackconversionvalue(_:coarsevalue:lockwindow:completionhandler:)"
  static let skUpd1 = "Apple: storekit/skadnetwork/updatepostbackconversionvalue(_:completionhandler:)"
  static let skUpd0 = "Apple: storekit/skadnetwork/updateconversionvalue(_:)"
  static let aakDev = "Apple: adattributionkit/testing-adattributionkit-with-developer-mode"
  static let coarse = "Apple: storekit/skadnetwork/coarseconversionvalue"
  static let singular = "Seed: singular-skan4-s2s-guide.txt (SKANSnippet.m)"
  static let contract = "Seed: sdk-skan-metadata-contract.md"

  /// All requirements, in Spec order: the general rules, then each registered suite's own.
  public static let all: [Requirement] = general + SuiteRegistry.all.flatMap { $0.requirements }

  /// Looks a requirement up by ID.
  public static func requirement(_ id: String) -> Requirement? { byID[id] }

  private static let byID: [String: Requirement] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.id, $0) })

  // MARK: - General

  static let general: [Requirement] = [
    Requirement(
      "IN-1", .must, .kitDefined, area: .general,
      "An input without a field its suite's shape requires, with a field of the wrong JSON type (other than the value fields, which have their own codes), or with an unknown `op`, `profile` or ATT `status`, is `invalid-input`; an implementation never guesses.",
      source:
        "A conformance kit must tell malformed input from a rule; Apple's APIs are typed and cannot receive such input.",
      alternative:
        "Defaults for missing fields, which hide integration bugs; or leaving unchecked a member the case does not use (an install's `app_installed`), or reading a `null` where an object is required as absent (`attribution_windows` `{\"net-a\": null}`)."
    )
  ]

  // MARK: - Windows

  static let window: [Requirement] = [
    Requirement(
      "WIN-1", .must, .apple, area: .window,
      "Production windows, measured from T0: window 0 spans the first 48 h, window 1 up to 168 h, window 2 up to 840 h (their edges: WIN-3).",
      source:
        "\(skMW) (\"days 0 to 2\", \"days 3 to 7\", \"days 8 to 35\"; the first \"ends two days after\" T0); \(aakMW)"),
    Requirement(
      "WIN-2", .must, .apple, area: .window,
      "The measurement period ends 840 h (35 days) after T0; no time after it falls in a window (the edge: WIN-3).",
      source: "\(skMW) (window 3 \"ends after 35 days\")"),
    Requirement(
      "WIN-3", .must, .kitDefined, area: .window,
      "Window edges are half-open: a time exactly 48 h, 168 h or 840 h after T0 belongs to the later window (or to the end of the period).",
      source:
        "Apple says the first window \"ends two days after\" T0, which reads as half-open; Apple states no edge rule.",
      alternative:
        "Inclusive edges (one production SDK counts `diff <= 48h` as window 0): every vector such an implementation fails lists WIN-3."
    ),
    Requirement(
      "WIN-4", .must, .kitDefined, area: .window,
      "T0 is the time of the first conversion-value call (registration). Every suite passes T0 in as a value.",
      source:
        "Apple says both \"first launch\" (\(skMW)) and \"first conversion value update\" (\(aakDev)); the Singular snippet measures from its first framework call, which apps make at first launch.",
      alternative:
        "T0 = first launch, which differs only when the first call comes later than the launch; the kit cannot observe launches, so it takes T0 as input."
    ),
    Requirement(
      "WIN-5", .must, .apple, area: .window,
      "AdAttributionKit Developer Mode windows: 0 to 3, 3 to 6 and 6 to 9 minutes from T0 (their edges: WIN-3).",
      source:
        "\(aakDev) (\"The first window spans 0 to 3 minutes, the second window spans 3 to 6 minutes, and the third window spans 6 to 9 minutes\")"
    ),
    Requirement(
      "WIN-6", .must, .kitDefined, area: .window,
      "A time earlier than T0 is an error, `time-before-t0`; it is never window 0.",
      source: "Apple defines no window before T0; clamping it into window 0 would hide clock bugs.",
      alternative: "Clamp to window 0."),
    Requirement(
      "WIN-7", .must, .kitDefined, area: .window,
      "Times are Unix milliseconds, integral JSON numbers within ±(2^53 - 1) (`1.7e12` is accepted, a fraction or a larger magnitude is `invalid-input`), compared exactly: no rounding to seconds, minutes or hours (47:59:59.999 is window 0).",
      source:
        "Apple gives no resolution; one production SDK counts in milliseconds, the Singular snippet in whole seconds. 2^53 - 1 is the largest integer every JSON implementation holds exactly.",
      alternative:
        "Whole seconds, which differs only within the last second before an edge: every vector such an implementation fails lists WIN-7."
    ),
  ]

  // MARK: - Values

  static let values: [Requirement] = [
    Requirement(
      "VAL-1", .must, .apple, area: .values,
      "A fine value is an integer from 0 to 63; any other integer is `fine-out-of-range`.",
      source: skUpd),
    Requirement(
      "VAL-2", .must, .kitDefined, area: .values,
      "A fine value must be a JSON number with an integral value (`12` and `12.0` are 12); a fraction, a string, a boolean or null is `fine-not-integer`.",
      source:
        "JSON gives no integer type that JavaScript can see, so an integral double is accepted; everything else is a type error.",
      alternative: "Reject `12.0`: JavaScript cannot tell it from `12`, so the kit does not."),
    Requirement(
      "VAL-3", .must, .apple, area: .values,
      "A coarse value is one of `low`, `medium`, `high`; any other string is `coarse-unknown`.",
      source:
        "\(coarse) (\"use the static constants `low`, `medium`, or `high`\"); Apple says nothing of another string: refusing it is the kit's.",
      alternative:
        "Ignore an unknown coarse value and keep the fine one: every vector such an implementation fails lists VAL-3."),
    Requirement(
      "VAL-8", .must, .kitDefined, area: .values,
      "Coarse values match exactly: case-sensitive, no trimming; a non-string is `coarse-unknown` too.",
      source: "Apple's constants are the lower-case strings; the wire carries them as they are.",
      alternative:
        "Case-insensitive or trimmed matching, which accepts `LOW` or ` low`: every vector such an implementation fails lists VAL-8."
    ),
    Requirement(
      "VAL-4", .must, .seed, area: .values,
      "The Singular S2S API codes coarse values as integers: 0 is low, 1 is medium, 2 is high.",
      source: "\(singular) (resolveCoarseValueFrom:)"),
    Requirement(
      "VAL-5", .must, .seed, area: .values,
      "A coarse code outside 0...2 is `coarse-code-out-of-range`; a non-integer code is `coarse-code-not-integer`. The snippet's check (`> 2 && < 0`) can never fire; the reference rejects.",
      source:
        "\(singular) (validateValues:coarse:, which is buggy; resolveCoarseValueFrom: returns nil for other codes)"),
    Requirement(
      "VAL-6", .must, .seed, area: .values,
      "A coarse-only value synthesizes a fine value: low 0, medium 32, high 63.",
      source: "\(contract) (Coarse Conversion Mapping)"),
    Requirement(
      "VAL-7", .must, .kitDefined, area: .values,
      "A lock flag is a JSON boolean; when absent it is false; any other type is `lock-not-boolean`.",
      source: "Apple's `lockWindow` is a Bool.",
      alternative: "Truthy coercion (`\"false\"` as true), which is the bug this rule exists to catch."),
  ]

  // MARK: - Timeline (values over time)

  static let timeline: [Requirement] = [
    Requirement(
      "TML-1", .must, .apple, area: .timeline,
      "Each update goes to the window its time falls in; the last applied update of a window is the value that window reports.",
      source: "\(skMW); \(skUpd1) (SKAdNetwork 4 \"may use any valid conversionValue\")"),
    Requirement(
      "LCK-1", .must, .apple, area: .timeline,
      "A lock finalizes the current window: later updates in the same window are ignored (`ignored-locked`).",
      source: "\(skMW) (\"ignores any further conversion value updates in the same conversion window\"); \(skUpd)"),
    Requirement(
      "LCK-2", .must, .apple, area: .timeline,
      "After a lock the next window still opens at its nominal time (WIN-1), not at the lock.",
      source: "\(skMW) (lock in window 2: \"the system accepts conversion value updates starting on day 8\")"),
    Requirement(
      "LCK-3", .must, .apple, area: .timeline,
      "The update that carries the lock is itself applied; its values are the window's final values.",
      source: "\(skUpd) (lockWindow \"indicates a final update for the conversion value\")"),
    Requirement(
      "SKN-1", .must, .apple, area: .timeline,
      "The fine value is ignored after the first window: windows 1 and 2 hold only a coarse value.",
      source: "\(skUpd) (\"The method ignores the fineValue after the first conversion window\")"),
    Requirement(
      "SKN-2", .must, .apple, area: .timeline,
      "Values may go down: SKAdNetwork 4 takes any valid value, not only a greater one. (An ad signed before 4.0 is increase-only: PB-14, postback.md.)",
      source: "\(skUpd1) (\"doesn't need to increase\")"),
    Requirement(
      "SKN-3", .must, .apple, area: .timeline,
      "Updates after the measurement period are ignored (`ignored-measurement-over`).",
      source:
        "\(skMW); Apple: adattributionkit/adattributionkit-skadnetwork-interoperability (\"the system ignores calls\" after the windows); \(singular) (isSkanWindowOver)"
    ),
    Requirement(
      "SKN-4", .must, .kitDefined, area: .timeline,
      "An applied update replaces both values of its window: an update without a coarse value leaves the window with none. An update without a coarse value is applied in every window, the second and third included.",
      source:
        "Each API call passes the full (fine, coarse) pair; Apple includes a coarse value only \"if the app provides one\" (\(skMW)). The Singular snippet does the same. Apple says SKAdNetwork's fine-only call, \(skUpd1), \"is available only during the first conversion window\" of an ad signed 4.0, and the later windows need the call with a coarse value; but AdAttributionKit's fine-only call, `updateConversionValue(_:lockPostback:)`, is allowed in all three windows (\(aakMW)), and the kit's update input does not say which framework's call was made (an update is a fine value, an optional coarse value and a lock), so the kit applies a coarse-less update in any window.",
      alternative:
        "Keep the previous coarse value when an update has none (vectors `values/timeline-coarse-cleared-by-fine-only-update`, `lifecycle/coarse-cleared`, `postback/coarse-cleared-tier1`); or, for SKAdNetwork, ignore a coarse-less update after the first window, leaving that window's values as they were (vector `values/timeline-fine-only-in-window-1`)."
    ),
    Requirement(
      "TML-5", .must, .kitDefined, area: .timeline,
      "An update with an invalid value is rejected with its error code and changes nothing; valid updates before and after it still count.",
      source:
        "\(skUpd) (\"The system ignores calls to this method if the `fineValue` is outside of the valid range\"; \"valid conversion updates your app sends before or after an invalid conversion remain available\"): Apple states it for a fine value out of range; the same rule for an invalid coarse value, lock or a missing fine value, and the value checked before the lock and the period, are the kit's.",
      alternative:
        "A lock or the end of the period checked before the value (`ignored-locked`, `ignored-measurement-over` instead of the value's error), or an invalid coarse value dropped with the fine value kept: every vector such an implementation fails lists TML-5."
    ),
    Requirement(
      "TML-6", .must, .kitDefined, area: .timeline,
      "Updates must be in non-decreasing time order; otherwise the whole input is `out-of-order`.",
      source: "A device sees calls in time order; an unordered scenario is a test-input bug, not a device state.",
      alternative: "Sort the updates first."),
  ]

  // MARK: - Lifecycle

  static let lifecycle: [Requirement] = [
    Requirement(
      "LIF-1", .must, .seed, area: .lifecycle,
      "`register` on first launch sets T0 and the first and last call times, and applies fine value 0 with no coarse value; a second `register` changes nothing (`already-registered`).",
      source: "\(singular) (registerAppForAdNetworkAttribution)"),
    Requirement(
      "LIF-2", .must, .seed, area: .lifecycle,
      "A server response with `conversion_value` is applied through the timeline rules (TML-1, LCK-*, SKN-*), whatever its `status` (the snippet reads `status` only when the value is absent); after each step the snapshot carries the guide's keys.",
      source: "\(singular) (getConversionValueFromServer, valuesHasBeenUpdated, getSkanDetails)"),
    Requirement(
      "LIF-3", .must, .seed, area: .lifecycle,
      "A response without `conversion_value` is `no-update` when `status` is `\"ok\"`, and otherwise `rejected` with `server-error` and the response's `reason`.",
      source: "\(singular) (getConversionValueFromServer)"),
    Requirement(
      "LIF-4", .must, .seed, area: .lifecycle,
      "A response whose values are invalid is rejected with that code and changes nothing; fields are checked in the order `conversion_value` (VAL-1, VAL-2), `skan_updated_coarse_value` (VAL-5), `skan_updated_lock_window_value`, which is a JSON boolean or a number equal to 0 or 1 (the snippet reads it with `boolValue`), else `lock-not-boolean`.",
      source:
        "\(singular) (validateValues:coarse:). The snippet's coarse check never fires and it leaves its lock held on this path; the reference rejects."
    ),
    Requirement(
      "LIF-5", .must, .seed, area: .lifecycle,
      "Revenue is summed per currency, split into ad-monetization and other, both in all-time totals and in the totals of the window it falls in.",
      source: "\(singular) (updateRevenue:andCurrency:isAdMonetization:, addToTotalRevenue)"),
    Requirement(
      "LIF-6", .must, .kitDefined, area: .lifecycle,
      "The currency must be three upper-case letters (`invalid-currency`, checked first); the amount must be a number within ±1e15 (`invalid-amount`); an amount of 0 is then ignored (`revenue-ignored`). Negative amounts (refunds) are added.",
      source:
        "The snippet ignores 0 and a nil currency but accepts any other string; ISO 4217 codes are three upper-case letters.",
      alternative: "Accept any currency string, as the snippet does."),
    Requirement(
      "LIF-7", .must, .seed, area: .lifecycle,
      "Timestamps in the snapshot (first call, last call, window locks) are Unix seconds, rounded down.",
      source: "\(singular) (getCurrentUnixTimestamp returns whole seconds)"),
    Requirement(
      "LIF-8", .must, .seed, area: .lifecycle,
      "`prev_fine_value` and `pN_prev_coarse_value` hold the value that the latest applied update in that window replaced (null when there was none).",
      source: "\(singular) (valuesHasBeenUpdated)"),
    Requirement(
      "LIF-9", .must, .seed, area: .lifecycle,
      "`pN_window_lock` is the time of the applied update that locked window N.",
      source: "\(singular) (valuesHasBeenUpdated)"),
    Requirement(
      "LIF-10", .must, .kitDefined, area: .lifecycle,
      "A server response applied before any `register` registers implicitly: T0 is its time.",
      source:
        "The snippet means to do this (`if (![SKANSnippet getFirstSkanCallTimestamp]) setFirstSkanCallTimestamp`) but cannot reach it: `isSkanWindowOver` is true while T0 is unset, so it drops every update before registration.",
      alternative: "Drop updates before registration, as the snippet does by accident."),
    Requirement(
      "LIF-11", .must, .kitDefined, area: .lifecycle,
      "Steps must be in non-decreasing time order; otherwise the whole input is `out-of-order`.",
      source: "As TML-6.", alternative: "Sort the steps first."),
    Requirement(
      "LIF-12", .must, .kitDefined, area: .lifecycle,
      "Revenue sums are IEEE-754 double additions in step order; the runner compares them with a relative tolerance of 1e-9.",
      source: "The snippet sums 32-bit floats (`floatValue`), which loses cents on ordinary totals.",
      alternative: "Decimal arithmetic, which agrees within the tolerance."),
    Requirement(
      "LIF-13", .must, .seed, area: .lifecycle,
      "Revenue before registration or after the measurement period counts in the all-time totals only, not in any window.",
      source: "\(singular) (addToTotalRevenue: window -1 adds to the totals and returns)"),
    Requirement(
      "LIF-14", .should, .kitDefined, area: .lifecycle,
      "Snapshot keys are always present: null when unset, integers for values, codes and times, objects of currency to number for revenue.",
      source:
        "The snippet omits unset keys and stringifies numbers (getSkanDetails); a fixed shape makes snapshots comparable.",
      alternative: "Omit unset keys."),
  ]

  // MARK: - Metadata

  static let metadata: [Requirement] = [
    Requirement(
      "META-1", .must, .seed, area: .metadata,
      "`skan_conversion_value` is a decimal integer from 0 to 63; text that is not one is `fine-not-integer`, other numbers `fine-out-of-range`.",
      source: "\(contract) (\"When present it is used verbatim\")"),
    Requirement(
      "META-2", .must, .seed, area: .metadata,
      "`skan_coarse_value` is `low`, `medium` or `high`, case-sensitive as VAL-3; other text is `coarse-unknown`.",
      source: contract),
    Requirement(
      "META-3", .must, .seed, area: .metadata,
      "With a coarse value and no fine value, the call uses the synthesized fine value (VAL-6).",
      source: "\(contract) (Coarse Conversion Mapping)"),
    Requirement(
      "META-4", .must, .seed, area: .metadata,
      "Booleans accept `true`/`false`, `yes`/`no`, `1`/`0`, and nothing else (`on`, `y`, white space are `invalid-boolean`).",
      source: "\(contract) (\"Booleans accept true/false, yes/no, or 1/0\")"),
    Requirement(
      "META-5", .must, .seed, area: .metadata,
      "`skan_lock_window` defaults to false.",
      source: contract),
    Requirement(
      "META-6", .must, .seed, area: .metadata,
      "The call depends on the iOS version: 16.1 and later `fine-coarse-lock`; 15.4 up to 16.1 `fine-only`; 14.0 up to 15.4 `legacy`; below 14.0 no call.",
      source:
        "Apple availability: updatePostbackConversionValue(_:coarseValue:lockWindow:) iOS 16.1, updatePostbackConversionValue(_:completionHandler:) iOS 15.4, updateConversionValue(_:) iOS 14.0; \(contract); \(singular) (@available checks)"
    ),
    Requirement(
      "META-7", .must, .seed, area: .metadata,
      "`skoverlay_app_id` (a positive decimal App Store ID, else `invalid-app-id`) shows an overlay; `skoverlay_position` is `bottom` (default) or `bottomRaised` (else `invalid-overlay-position`); `skoverlay_dismissible` defaults to true. Without an app ID there is no overlay and the other two keys are ignored.",
      source: "\(contract); positions are SKOverlay.Position's names"),
    Requirement(
      "META-8", .must, .kitDefined, area: .metadata,
      "Only the table's key names count: `overlay_position` and `overlay_dismissible`, which the contract's prose uses, are ignored like any unknown key.",
      source:
        "The contract's table says `skoverlay_position`, its prose `overlay_position`; the table is the contract.",
      alternative: "Accept both spellings as aliases."),
    Requirement(
      "META-9", .must, .kitDefined, area: .metadata,
      "Invalid metadata rejects the whole decision with one error code, checked in the order: iOS version, fine, coarse, lock, app ID, position, dismissible.",
      source: "The contract says nothing of invalid input; failing closed keeps a bad payload from half-applying.",
      alternative: "Apply the valid keys and drop the bad ones."),
    Requirement(
      "META-10", .must, .kitDefined, area: .metadata,
      "With neither a fine nor a coarse value there is no call, even if `skan_lock_window` is true.",
      source: "Apple's methods take a fine value; a lock is part of an update.",
      alternative: "Call with the last known value and lock."),
    Requirement(
      "META-11", .must, .kitDefined, area: .metadata,
      "The iOS version is one to three dot-separated groups of decimal digits (`16`, `16.1`, `16.1.2`); missing parts are 0; anything else is `invalid-ios-version`.",
      source: "The form UIDevice.systemVersion takes.",
      alternative: "Lenient parsing of prefixes such as `iOS 16.1`."),
    Requirement(
      "META-12", .must, .seed, area: .metadata,
      "With both values on iOS 16.1+, the fine value is sent and the coarse value too; below 16.1 the coarse value and the lock are not passed (`null`).",
      source:
        "\(contract) (\"If both fine and coarse values are supplied the SDK forwards the fine value and, on iOS 16.1+, also supplies the coarse value\")"
    ),
    Requirement(
      "META-13", .must, .kitDefined, area: .metadata,
      "A fine value string is an optional `-` and decimal digits only (`012` is 12; `+12`, ` 12`, `12.0` are not integers), and the empty string is present and invalid, not absent.",
      source:
        "The contract says only \"used verbatim\"; a strict reading keeps a bad payload from passing as no value.",
      alternative: "Treat an empty string as absent: every vector such an implementation fails lists META-13."),
    Requirement(
      "META-14", .must, .kitDefined, area: .metadata,
      "Booleans are matched in any letter case: `TRUE`, `Yes` and `NO` count.",
      source:
        "The contract lists lower-case forms but says nothing of case; servers send `YES` and `True` in practice.",
      alternative: "Lower-case only, which rejects `YES`: every vector such an implementation fails lists META-14."),
  ]
}
