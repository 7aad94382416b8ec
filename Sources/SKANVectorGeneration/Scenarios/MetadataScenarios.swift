import Foundation
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `metadata` suite.
enum MetadataScenarios: SuiteScenarios {
  static let suite = Suite.metadata

  /// META-9 (fail closed) is what makes one bad key an error for the whole decision, so every
  /// case that expects a value error tests it; the version and shape errors do not depend on it.
  static func derivedRequirements(input: JSONValue, expected: SuiteResult) -> [String] {
    guard case .error(let code, _) = expected, code != "invalid-ios-version", code != "invalid-input" else { return [] }
    return ["META-9"]
  }

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.metadata)
    func meta(_ metadata: [String: JSONValue], ios: String = "17.0") -> JSONValue {
      MetadataSuite.Input.object([.metadata: .object(metadata), .iosVersion: .string(ios)])
    }
    let fine = "skan_conversion_value"
    let coarse = "skan_coarse_value"
    let lock = "skan_lock_window"
    let app = "skoverlay_app_id"
    let position = "skoverlay_position"
    let dismissible = "skoverlay_dismissible"

    // Values and the call.
    b.add(
      "fine-only", "Fine \"12\" on iOS 17: the 16.1+ call with fine 12, no coarse, lock false.",
      ["META-1", "META-5", "META-6"], meta([fine: "12"]))
    b.add(
      "fine-and-coarse", "Fine and coarse on iOS 17: both are passed.", ["META-12", "META-2"],
      meta([fine: "40", coarse: "high"]))
    b.add(
      "coarse-only-medium", "Coarse \"medium\" alone synthesizes fine 32; catches 31 or 21.", ["META-3", "VAL-6"],
      meta([coarse: "medium"]))
    b.add("coarse-only-low", "Coarse \"low\" alone synthesizes fine 0.", ["META-3", "VAL-6"], meta([coarse: "low"]))
    b.add(
      "coarse-only-high", "Coarse \"high\" alone synthesizes fine 63; catches 64 or 62.", ["META-3", "VAL-6"],
      meta([coarse: "high"]))
    b.add(
      "fine-wins-over-synthesis", "Fine \"5\" with coarse \"high\": fine 5 is sent, not the synthesized 63.",
      ["META-12", "META-3"], meta([fine: "5", coarse: "high"]))
    b.add(
      "coarse-only-ios-15-4",
      "Coarse-only on iOS 15.4: the fine-only call with the synthesized 32; coarse and lock are not passed.",
      ["META-3", "META-6", "META-12"], meta([coarse: "medium", lock: "true"], ios: "15.4"))
    b.add(
      "fine-and-coarse-ios-16-0",
      "Fine and coarse on iOS 16.0.3: the fine-only call; catches passing the coarse value below 16.1.",
      ["META-6", "META-12"], meta([fine: "7", coarse: "low"], ios: "16.0.3"))
    b.add("empty-metadata", "No keys: no call and no overlay.", ["META-10", "META-7"], meta([:]))
    b.add(
      "lock-without-values", "skan_lock_window true alone: no call (kit-defined); catches a call with a made-up value.",
      ["META-10"], meta([lock: "true"]))
    b.add(
      "unknown-keys-ignored", "Unknown keys are ignored, like the prose key names of META-8.", ["META-8"],
      meta([fine: "3", "campaign": "summer", "skan_fine": "9"]))

    // iOS versions.
    let versions: [(String, String, String)] = [
      ("16.1", "ios-16-1", "16.1 is the first version with the fine/coarse/lock call; catches `> 16.1`."),
      ("16.1.0", "ios-16-1-0", "16.1.0 equals 16.1."),
      ("16.0.9", "ios-16-0-9", "16.0.9 is below 16.1: fine-only; catches comparing only major versions."),
      ("16", "ios-16", "\"16\" is 16.0: fine-only; catches treating a bare major as the newest minor."),
      ("15.4", "ios-15-4", "15.4 is the first version with the fine-only postback call; catches `> 15.4`."),
      ("15.3.1", "ios-15-3-1", "15.3.1 uses the legacy updateConversionValue(_:)."),
      ("15.10", "ios-15-10", "15.10 is above 15.4 (fine-only); catches parsing versions as decimals (15.10 as 15.1)."),
      ("14.0", "ios-14-0", "14.0 is the first version with updateConversionValue(_:)."),
      ("14", "ios-14", "\"14\" is 14.0: legacy."),
      ("13.7", "ios-13-7", "13.7 has no conversion-value method: no call."),
      ("9.3", "ios-9-3", "9.3 has no method; catches comparing version strings as text (\"9.3\" > \"16.1\")."),
      ("17.2", "ios-17-2", "17.2 uses the fine/coarse/lock call."),
      ("26.0", "ios-26-0", "26.0 uses the fine/coarse/lock call; catches an upper bound on versions."),
    ]
    for (version, slug, description) in versions {
      b.add(
        slug, description, ["META-6", "META-11"], tags: ["ios-version"],
        meta([fine: "10", coarse: "medium", lock: "true"], ios: version))
    }
    for (version, slug) in [
      ("", "ios-empty"), ("v16", "ios-prefix-v"), ("16.1.2.3", "ios-four-parts"), ("16.", "ios-trailing-dot"),
      ("iOS 16.1", "ios-with-name"), ("16.x", "ios-letter"),
    ] {
      b.add(
        slug, "iOS version \"\(version)\" is `invalid-ios-version`; catches lenient parsing.", ["META-11"],
        tags: ["bad-input"], meta([fine: "10"], ios: version))
    }
    b.add(
      "ios-invalid-checked-first", "An invalid iOS version is reported before an invalid fine value (META-9 order).",
      ["META-9", "META-11"], meta([fine: "99"], ios: "sixteen"))

    // Booleans.
    let booleans: [(String, String, String)] = [
      ("true", "lock-true", "\"true\" locks."),
      ("false", "lock-false", "\"false\" does not lock."),
      ("TRUE", "lock-upper-true", "\"TRUE\" locks: booleans are case-insensitive (kit-defined)."),
      ("YES", "lock-upper-yes", "\"YES\" locks; catches lower-case-only matching."),
      ("Yes", "lock-title-yes", "\"Yes\" locks."),
      ("no", "lock-no", "\"no\" does not lock."),
      ("1", "lock-one", "\"1\" locks."),
      ("0", "lock-zero", "\"0\" does not lock; catches treating any non-empty string as true."),
    ]
    for (text, slug, description) in booleans {
      let anyCase = text.lowercased() != text
      b.add(
        slug, description, anyCase ? ["META-4", "META-14"] : ["META-4"], tags: anyCase ? ["case"] : [],
        meta([fine: "10", lock: .string(text)]))
    }
    for (text, slug) in [
      ("on", "lock-on"), ("off", "lock-off"), ("", "lock-empty"), (" true", "lock-leading-space"), ("y", "lock-y"),
      ("2", "lock-two"),
    ] {
      b.add(
        slug, "\"\(text)\" is not a boolean: `invalid-boolean`; catches lenient or truthy parsing.", ["META-4"],
        meta([fine: "10", lock: .string(text)]))
    }
    b.add(
      "lock-ios-15", "A lock on iOS 15.4 is not passed (lock null): the fine-only call has no lock.",
      ["META-6", "META-12"], meta([fine: "10", lock: "true"], ios: "15.4"))

    // Fine and coarse strings.
    for (text, slug, description) in [
      ("64", "fine-64", "\"64\" is out of range."),
      ("-1", "fine-minus-1", "\"-1\" is out of range, not \"not an integer\"."),
      ("99999999999999999999", "fine-huge", "A 20-digit value is out of range; catches overflow to a small number."),
      ("abc", "fine-letters", "\"abc\" is not an integer."),
      ("", "fine-empty", "The empty string is not an integer (kit-defined: present, not absent)."),
      (" 12", "fine-leading-space", "\" 12\" is not an integer; catches trimming."),
      ("12.0", "fine-decimal-string", "\"12.0\" is not an integer string."),
      ("+12", "fine-plus-sign", "\"+12\" is not an integer string."),
      ("0x1F", "fine-hex", "\"0x1F\" is not an integer string."),
    ] {
      let strict = ["fine-empty", "fine-leading-space", "fine-decimal-string", "fine-plus-sign", "fine-hex"].contains(
        slug)
      b.add(slug, description, strict ? ["META-1", "META-13"] : ["META-1"], meta([fine: .string(text)]))
    }
    b.add("fine-leading-zero", "\"012\" is 12.", ["META-1", "META-13"], meta([fine: "012"]))
    b.add("fine-63", "\"63\" is valid.", ["META-1"], tags: ["edge-exact"], meta([fine: "63"]))
    b.add(
      "coarse-upper-case", "Coarse \"HIGH\" is `coarse-unknown`: case-sensitive as VAL-3.", ["META-2", "VAL-8"],
      tags: ["case"], meta([coarse: "HIGH"]))
    b.add(
      "coarse-code-string", "Coarse \"2\" is `coarse-unknown`: metadata uses names, not Singular codes.", ["META-2"],
      meta([coarse: "2"]))
    b.add(
      "fine-error-before-coarse", "Invalid fine and coarse: the fine error is reported (META-9 order).",
      ["META-9", "META-1"], meta([fine: "x", coarse: "y"]))
    b.add(
      "coarse-error-before-lock", "Invalid coarse and lock: the coarse error is reported.", ["META-9", "META-2"],
      meta([coarse: "y", lock: "maybe"]))
    b.add(
      "invalid-on-old-ios", "Invalid metadata on iOS 13 is still an error, although no call would be made.",
      ["META-9", "META-6"], meta([fine: "70"], ios: "13.0"))
    b.add(
      "non-string-value", "A number where the contract says string is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      meta([fine: 12]))

    // Overlay.
    b.add(
      "overlay-defaults", "An app ID alone: overlay at bottom, dismissible; catches a default of not dismissible.",
      ["META-7"], meta([app: "1234567890"]))
    b.add(
      "overlay-bottom-raised", "Position \"bottomRaised\".", ["META-7"],
      meta([app: "1234567890", position: "bottomRaised"]))
    b.add(
      "overlay-position-case",
      "Position \"BottomRaised\" is `invalid-overlay-position`; catches case-insensitive matching.", ["META-7"],
      tags: ["case"], meta([app: "1234567890", position: "BottomRaised"]))
    b.add(
      "overlay-position-top", "Position \"top\" is `invalid-overlay-position`.", ["META-7"],
      meta([app: "1234567890", position: "top"]))
    b.add(
      "overlay-not-dismissible", "Dismissible \"false\".", ["META-7", "META-4"],
      meta([app: "1234567890", dismissible: "false"]))
    b.add(
      "overlay-dismissible-no", "Dismissible \"NO\": every boolean form works here too.",
      ["META-7", "META-4", "META-14"], tags: ["case"], meta([app: "1234567890", dismissible: "NO"]))
    b.add(
      "overlay-dismissible-invalid", "Dismissible \"sometimes\" is `invalid-boolean`.", ["META-7", "META-4"],
      meta([app: "1234567890", dismissible: "sometimes"]))
    b.add("overlay-app-id-letters", "App ID \"id123\" is `invalid-app-id`.", ["META-7"], meta([app: "id123"]))
    b.add(
      "overlay-app-id-empty", "An empty app ID is `invalid-app-id`, not \"no overlay\".", ["META-7"], meta([app: ""]))
    b.add("overlay-app-id-leading-zero", "App ID \"0123\" is `invalid-app-id`.", ["META-7"], meta([app: "0123"]))
    b.add(
      "overlay-position-without-app", "A position without an app ID: no overlay, and the position is not checked.",
      ["META-7"], meta([position: "top"]))
    b.add(
      "overlay-prose-key-ignored",
      "`overlay_position` (the contract's prose name) is ignored: the overlay stays at bottom (kit-defined).",
      ["META-8"], meta([app: "1234567890", "overlay_position": "bottomRaised", "overlay_dismissible": "false"]))
    b.add(
      "overlay-and-call", "Values and an overlay together: both are returned.", ["META-7", "META-6"],
      meta([fine: "1", coarse: "low", lock: "no", app: "987654321", position: "bottomRaised", dismissible: "yes"]))
    b.add(
      "overlay-on-old-ios", "An overlay with iOS 13: no call, but the overlay is still described.",
      ["META-7", "META-6"], meta([fine: "1", app: "987654321"], ios: "13.0"))
    tracking(&b)
    return b.scenarios
  }

  /// App Tracking Transparency (ATT-1 to ATT-6): whether, and which, IDFA is forwarded
  /// with the metadata.
  private static func tracking(_ b: inout ScenarioBuilder) {
    let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
    let values: [String: JSONValue] = [
      "skan_conversion_value": "42", "skan_coarse_value": "high", "skan_lock_window": "true",
    ]
    func att(
      _ status: JSONValue?, consent: JSONValue? = true, idfa: JSONValue? = nil,
      metadata: [String: JSONValue] = values
    ) -> JSONValue {
      var input = MetadataSuite.Input.object([.metadata: .object(metadata), .iosVersion: "17.0"])
      if let status {
        var state = MetadataSuite.ATT.object([.status: status])
        if let consent { state = state.setting(MetadataSuite.ATT.consent, consent) }
        input = input.setting(MetadataSuite.Input.att, state)
      }
      if let idfa { input = input.setting(MetadataSuite.Input.idfa, idfa) }
      return input
    }
    let real = JSONValue.string(idfa)

    // The states.
    b.add(
      "att-authorized-consent",
      "ATT authorized and consent given: the IDFA is forwarded, and the call is the same as without ATT.",
      ["ATT-1", "ATT-2", "ATT-6"], att("authorized", idfa: real))
    b.add(
      "att-authorized-consent-withdrawn",
      "ATT authorized but consent false (withdrawn): no IDFA; catches a gate on the ATT status alone.", ["ATT-1"],
      tags: ["privacy"], att("authorized", consent: false, idfa: real))
    b.add(
      "att-denied-idfa-held",
      "ATT denied with consent, and the SDK still holds an IDFA from an earlier authorization: it must not leak; the call is unchanged.",
      ["ATT-2", "ATT-6"], tags: ["privacy"], att("denied", idfa: real))
    b.add(
      "att-restricted-idfa-held", "ATT restricted with consent and an IDFA held: no IDFA.", ["ATT-2"],
      tags: ["privacy"], att("restricted", idfa: real))
    b.add(
      "att-not-determined-idfa-held",
      "ATT not determined (never asked) with consent and an IDFA held: no IDFA; catches treating \"not asked\" as \"not refused\".",
      ["ATT-2"], tags: ["privacy"], att("notDetermined", idfa: real))
    b.add(
      "att-denied-no-consent", "ATT denied and no consent: no IDFA, and still the same call.", ["ATT-1", "ATT-6"],
      att("denied", consent: false, idfa: real))
    b.add(
      "att-authorized-zero-idfa",
      "Authorized with consent, but the identifier is the all-zero UUID: nothing is forwarded (kit-defined).",
      ["ATT-3"], att("authorized", idfa: .string(AdvertisingIdentifier.zero)))
    b.add(
      "att-absent-idfa-given",
      "An IDFA but no ATT state: nothing is forwarded; catches forwarding when the state is unknown.", ["ATT-5"],
      tags: ["privacy"], att(nil, idfa: real))
    b.add(
      "att-null-idfa-given", "`att` null counts as absent: nothing is forwarded.", ["ATT-5"], tags: ["privacy"],
      att(nil, idfa: real).setting(MetadataSuite.Input.att, JSONValue.null))
    b.add(
      "att-authorized-no-idfa", "Authorized with consent but no identifier read: `idfa` is null.", ["ATT-1"],
      att("authorized"))
    b.add(
      "att-authorized-lower-case-idfa",
      "A lower-case IDFA is a UUID and is forwarded exactly as given; catches upper-casing it.", ["ATT-4"],
      tags: ["case"], att("authorized", idfa: .string(idfa.lowercased())))
    b.add(
      "att-denied-overlay-and-call",
      "ATT denied: the overlay and the fine/coarse/lock call are made as always; catches gating SKAdNetwork on ATT.",
      ["ATT-6"], att("denied", consent: false, metadata: values.merging(["skoverlay_app_id": "1234567890"]) { $1 }))
    b.add(
      "att-not-determined-coarse-only",
      "ATT not determined on iOS 17 with only a coarse value: the synthesized fine value is still sent; catches dropping fine values without ATT.",
      ["ATT-6", "META-3"], att("notDetermined", consent: false, metadata: ["skan_coarse_value": "medium"]))

    // Bad input.
    b.add(
      "att-status-capitalized", "Status \"Authorized\" is `invalid-input`: Swift case names, exactly.",
      ["IN-1", "ATT-2"], tags: ["bad-input", "case"], att("Authorized", idfa: real))
    b.add(
      "att-status-raw-value",
      "Status 3 (the raw value of `.authorized`) is `invalid-input`: the status is its name.", ["IN-1", "ATT-2"],
      tags: ["bad-input"], att(3, idfa: real))
    b.add(
      "att-consent-string", "Consent \"true\" (a string) is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      att("authorized", consent: "true", idfa: real))
    b.add(
      "att-consent-missing", "An `att` without `consent` is `invalid-input`, not consent assumed.", ["IN-1"],
      tags: ["bad-input"], att("authorized", consent: nil, idfa: real))
    b.add(
      "att-not-object", "`att` as the bare string \"authorized\" is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      att(nil, idfa: real).setting(MetadataSuite.Input.att, "authorized"))
    b.add(
      "idfa-not-string", "An IDFA that is not a string is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      att("authorized", idfa: 12345))
    b.add(
      "idfa-malformed-while-denied",
      "IDFA \"not-an-idfa\" while denied is `invalid-idfa`: checked whatever the status; catches validating only what is sent.",
      ["ATT-4"], tags: ["bad-input"], att("denied", idfa: "not-an-idfa"))
    b.add(
      "idfa-empty", "An empty IDFA is `invalid-idfa`, not \"no identifier\".", ["ATT-4"], tags: ["bad-input"],
      att("authorized", idfa: ""))
    b.add(
      "idfa-braces", "An IDFA in braces, `{…}`, is `invalid-idfa`.", ["ATT-4"], tags: ["bad-input"],
      att("authorized", idfa: .string("{\(idfa)}")))
    b.add(
      "idfa-no-dashes", "32 hexadecimal digits without dashes are `invalid-idfa`.", ["ATT-4"], tags: ["bad-input"],
      att("authorized", idfa: .string(idfa.replacingOccurrences(of: "-", with: ""))))
    b.add(
      "idfa-checked-after-values",
      "A bad fine value and a bad IDFA: `fine-not-integer`, since the IDFA is checked last.", ["META-9", "ATT-4"],
      tags: ["bad-input"], att("authorized", idfa: "nope", metadata: ["skan_conversion_value": "x"]))
  }
}

/// The metadata suite's scenarios (its part in vector generation).
extension MetadataSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { MetadataScenarios.self }
}
