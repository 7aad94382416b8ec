extension RequirementCatalog {
  static let skRCV = "Apple: storekit/receiving-ad-attributions-and-postbacks"
  static let skPAR = "Apple: storekit/identifying-the-parameters-in-install-validation-postbacks"
  static let aakRCV = "Apple: adattributionkit/receiving-ad-attributions-and-postbacks"
  static let aakPAR = "Apple: adattributionkit/identifying-the-parameters-in-a-postback"
  static let sk4RN = "Apple: storekit/skadnetwork-4-release-notes"

  /// Requirements of `Spec/postback.md`.
  static let postback: [Requirement] = [
    Requirement(
      "PB-1", .must, .kitDefined, area: .postback,
      "A scenario that cannot happen is `invalid-input`: tiers or postback IDs not given for all three postbacks, a source app and a source domain together, an unsupported ad version, re-engagement under SKAdNetwork, a source identifier outside 0...9999 (a campaign ID outside 1...100 before 4.0), a web ad before 4.0 or under AdAttributionKit, a view-through (`view`) ad signed 2.1.",
      source:
        "These combinations have no postback in Apple's documentation; guessing one would hide a test-input bug. View-through ads exist from SKAdNetwork 2.2 on: Apple: storekit/generating-the-signature-to-validate-view-through-ads (\"Starting in iOS 14.5 with SKAdNetwork 2.2\"), Apple: storekit/skadnetwork-2-2-release-notes, Apple: storekit/skadimpression/version (\"View-through ads are available starting in version 2.2\").",
      alternative: "Best-effort postbacks for impossible scenarios."),
    Requirement(
      "PB-2", .must, .apple, area: .postback,
      "A winning attribution of an ad signed 4.0 (or AdAttributionKit) gets up to three postbacks, sequence indexes 0, 1, 2; a postback after the first is not sent at tier 0; a losing network gets only the first.",
      source:
        "\(skMW) (tier table: \"not sent\" at tier 0 for the second and third); \(aakMW); the multiple-windows pages (\"Nonwinning ad attributions receive only the first postback\")"
    ),
    Requirement(
      "PB-3", .must, .apple, area: .postback,
      "Fields by tier. First postback: tier 0 the source identifier alone; tier 1 plus the coarse value; tier 2 the fine value instead; tier 3 also `source-app-id` or `source-domain` (AdAttributionKit: `publisher-item-identifier`), and for AdAttributionKit `country-code` when the country's crowd allows it (SKAdNetwork: PB-18). Second and third: the source identifier and the coarse value from tier 1 on. Values only if the app provided one.",
      source:
        "\(skMW) (the table of postback data by tier); \(aakMW) (the same table, with `country-code` added \"if the crowd size for a particular country is Tier 3\")"
    ),
    Requirement(
      "PB-4", .must, .apple, area: .postback,
      "The first postback carries the 2-, 3- or 4-digit source identifier with the highest tier, the longest on a tie, and 2 digits when the best tier is 0 or 1; that tier is the postback's. Later postbacks carry 2 digits.",
      source: "\(skMW) (hierarchical source identifiers); \(skMW) tier table (second and third postbacks: 2 digits)"),
    Requirement(
      "PB-5", .must, .kitDefined, area: .postback,
      "A shorter source identifier keeps the rightmost digits of the identifier written with four digits: 5239 → `239` → `39`; 42 → `042` → `42`.",
      source:
        "Apple's examples show `5239` at a high tier and `39` at a low one (\(skVer)); padding below 1000 is undocumented.",
      alternative:
        "No zero-padding (42 → `42` at 3 and 4 digits): every vector such an implementation fails lists PB-5."),
    Requirement(
      "PB-6", .must, .kitDefined, area: .postback,
      "The first postback is always sent (T0 means the app launched and the window opened); the second and third only for a window in which an update was applied.",
      source:
        "Apple: the app \"needs to call\" the update methods \"during each conversion window\" to be eligible for multiple postbacks (\(skMW)); whether a window without an update sends anything is undocumented.",
      alternative:
        "A valueless postback for every window, or the previous coarse value carried over: every vector such an implementation fails lists PB-6."
    ),
    Requirement(
      "PB-7", .must, .kitDefined, area: .postback,
      "A losing postback (`did-win: false`) carries no conversion value (fine or coarse), no `source-app-id`, `source-domain` or `country-code`; its source identifier digits follow its tier (PB-4).",
      source:
        "\(skRCV): losing postbacks have no conversion value and no source-app-id; their coarse value, country and digits are undocumented.",
      alternative: "A coarse value in losing postbacks at tier 1: every vector such an implementation fails lists PB-7."
    ),
    Requirement(
      "PB-8", .must, .apple, area: .postback,
      "A postback is final at its window's nominal end, or at the lock; it is sent between 24 and 48 hours after that for the first postback, 24 and 144 hours for the others; for a development ad in Developer Mode the first is sent 5 to 10 minutes after it is final (the others: PB-23). A losing postback is timed as the winner's first.",
      source:
        "\(skMW) (\"random delay\" 24-48 h and 24-144 h); \(aakDev) (\"Developer Mode reduces the postback delay from 24 to 48 hours to 5 to 10 minutes\", the first postback's delay; for development ads only: PB-17); \(skRCV) (\"Time-windows for events apply equally to winning and nonwinning postbacks\"). Apple contradicts itself for an ad signed 4.0 updated only with the fine-only call: \(skUpd1) says that when the first window closes the postback is sent \"within 0 to 24 hours\", the multiple-windows page 24 to 48 hours. The kit follows the multiple-windows page for every first postback (its update input does not say which call was made); alternative: 0 to 24 hours after the first window for an ad updated only with the fine-only call."
    ),
    Requirement(
      "PB-9", .must, .apple, area: .postback,
      "A re-engagement comes from a click and has no losing postbacks (its `conversion-type` spelling: PB-11).",
      source: "\(aakRCV)"),
    Requirement(
      "PB-10", .must, .kitDefined, area: .postback,
      "An ad signed before 4.0 gets one postback in its version's format: 2.1 has no `fidelity-type`, 2.2 adds it, 3.0 adds `did-win` and is the first to give losing networks a postback; `campaign-id` instead of `source-identifier`; `source-app-id` and `conversion-value` for the winner when the privacy threshold is met, which the kit models as tier 2 or above.",
      source:
        "\(sk4RN) (ads signed below 4.0 get one postback); the version pages and Apple's examples in apple-samples.json; the privacy threshold predates tiers, and for these ads \(skUpd) says the postback \"contains the final conversion value only if the postback data tier contains the value\".",
      alternative: "The threshold met from tier 1 (or 3) on: every vector such an implementation fails lists PB-10."),
    Requirement(
      "PB-11", .must, .kitDefined, area: .postback,
      "An AdAttributionKit postback is a JWS payload (`impression-type` `app-impression`, `ad-network-identifier`, `source-identifier` as a string, `advertised-item-identifier`, `conversion-type`, `postback-identifier`, `did-win`, `postback-sequence-index`, `marketplace-identifier` from tier 1 on, `publisher-item-identifier` as `source-app-id` is) plus outer members (`ad-interaction-type` always, the conversion values and `country-code` by tier). The input spelling `reengagement` is accepted; `re-engagement` is written.",
      source:
        "\(aakPAR); \(aakMW) (`marketplace-identifier` is omitted at tier 0, so the kit includes it from tier 1); \(aakRCV) writes `reengagement`, the parameters page and Apple's signed sample `re-engagement`.",
      alternative: "`marketplace-identifier` only at tier 3: every vector such an implementation fails lists PB-11."),
    Requirement(
      "PB-12", .must, .apple, area: .postback,
      "A postback carries a fine value or a coarse value, never both.",
      source: "\(skPAR) (\"Postbacks may contain either conversion-value or coarse-conversion-value, not both\")"),
    Requirement(
      "PB-13", .must, .apple, area: .postback,
      "A postback's value is the last update applied in its window (TML-1, LCK-1, SKN-1): a lock freezes it, and the fine value never appears after the first window.",
      source: "\(skMW); \(skUpd)"),
    Requirement(
      "PB-14", .must, .apple, area: .postback,
      "An ad signed before 4.0 has one conversion period, ended by a rolling 24-hour timer that starts at T0: an update whose fine value is greater than the current one sets the value and restarts the timer; when the timer expires the value is final and later updates change nothing. The coarse value and the lock are ignored.",
      source:
        "\(skUpd1), \"Update the conversion value for version 3 ads and earlier\" (\"The 24-hour timer restarts each time the app calls this method with a valid `conversionValue` that's greater than the previous value\"; \"When the timer expires, the conversion value is final\"; for these ads \"you need to increase the `conversionValue` each time\"); \(skUpd) (for ads signed with version 3 or earlier \"a single conversion period\", and \"The method ignores the `coarseValue` and `lockWindow` parameters\"); \(skUpd0)"
    ),
    Requirement(
      "PB-15", .must, .apple, area: .postback,
      "The postback of an ad signed before 4.0 is final when the timer expires (PB-14) and is sent 0 to 24 hours after that.",
      source:
        "\(skUpd1) (\"within 0 to 24 hours after the timer expires\"); \(skUpd) (\"0–24 hours after the timer expires\"); \(skUpd0) (\"within 0-24 hours after the timer expires\")"
    ),
    Requirement(
      "PB-16", .must, .kitDefined, area: .postback,
      "An ad signed before 4.0 follows PB-14 and PB-15, not SKAdNetwork 4's conversion windows. Where Apple is silent: a value lower than or equal to the current one is ignored, without an error, and leaves the timer running; the first update sets any value, 0 included; an update exactly 24 hours after the timer's last start is too late; nothing but the timer ends the period (no 840-hour limit; the `profile` does not apply); a losing network's postback has the same timer.",
      source:
        "Apple gives the rules for ads signed with version 3 or earlier, and \(skUpd) says the system picks the behaviour from the ad's version. Apple says the value must increase (\(skUpd1): \"you need to increase\") but not what becomes of one that does not; it gives no edge, no rule for the first value, and no end but the timer (which ends the period within 64 days of T0, since a value can rise at most 63 times); the input does not give a losing network the winning ad's version.",
      alternative:
        "SKAdNetwork 4 rules for every ad, the kit's earlier reading (the last value of the first 48 hours, frozen by a lock, final at 48 h or at the lock, sent 24 to 48 hours later); a lower value taken without restarting the timer; the registration's default value 0 counted as the current one: every vector such an implementation fails lists PB-16."
    ),
    Requirement(
      "PB-17", .must, .apple, area: .postback,
      "The `aak-developer` profile (Developer Mode) shortens windows (WIN-5) and delays (PB-8) only for a development ad: a source app (AdAttributionKit publisher) of 0, or a SKAdNetwork web ad. A production ad under that profile keeps the production windows and delays.",
      source:
        "\(aakDev) (development impressions: publisher item identifier 0, SKAdNetwork source App Store identifier 0, every SKAdNetwork web ad clicked while the mode is on; \"Developer Mode only affects the time-windows of development postbacks. Postbacks that the system generates from production impressions use the full time-windows\"). The page supports a production ad under Developer Mode (production impressions even win over development ones), so the kit answers with production timing rather than `invalid-input`; an implementation that rejects the combination fails the vectors that list PB-17."
    ),
    Requirement(
      "PB-18", .must, .kitDefined, area: .postback,
      "A winning SKAdNetwork 4 first postback at tier 3 carries `country-code` when the install's country is given, as AdAttributionKit's does (PB-3).",
      source:
        "Only AdAttributionKit's multiple-windows page states when `country-code` appears (\(aakMW)); StoreKit's parameters page lists it among the tier-controlled parameters (\(skPAR)) and its multiple-windows page (\(skMW)) does not name it. The kit applies AdAttributionKit's rule, since both frameworks share one tier model.",
      alternative:
        "No `country-code` in SKAdNetwork postbacks: every vector such an implementation fails lists PB-18."
    ),
    Requirement(
      "PB-19", .must, .kitDefined, area: .postback,
      "A development postback (PB-22) carries the app's own values, written as a production postback's at its tier: a SKAdNetwork source app of 0 writes `source-app-id` 0 and the app's own conversion value.",
      source:
        "Apple contradicts itself: \(skVer) says test postbacks from a development-signed source app with source App Store ID 0 always carry `source-app-id` 0 and `conversion-value` 0, while \(aakDev) says development postbacks are generated \"with the highest data tier that Crowd Anonymity allows\" and says nothing of zeroed values. The kit follows the Developer Mode page (the newer, and the one that covers both frameworks). Both pages agree on the tier (PB-22).",
      alternative:
        "A development SKAdNetwork ad's postbacks carry `conversion-value` 0 (and `source-app-id` 0) whatever the app sent: every vector such an implementation fails lists PB-19."
    ),
    Requirement(
      "PB-20", .must, .kitDefined, area: .postback,
      "A later re-engagement closes the conversion at `closed_at` (the `attribution` suite's AT-17): updates at or after it belong to the new conversion and are ignored here (still checked); each postback not yet final then is final at `closed_at` and sent after the usual delay (24-48 h for the first, 24-144 h for the others, 5-10 minutes for a development ad in Developer Mode; 0-24 h for an ad signed before 4.0); a postback already final (its window's end or a lock at or before `closed_at`) keeps its time; a later window without an update before the close sends nothing (PB-6). Winners and losers alike; ads signed 4.0 and earlier as well as AdAttributionKit ones.",
      source:
        "\(aakRCV) (\"the system locks the active postbacks from the prior conversion and schedules them for transmission. AdAttributionsKit removes postbacks from the prior conversions that you haven’t registered\"); Apple is silent on the delay after such a lock and on SKAdNetwork-attributed installs.",
      alternative:
        "Only AdAttributionKit-attributed conversions are closed (`postback/closed-skadnetwork-4` and `postback/closed-legacy-3-0` fail it); or the send delay counted from the window's end rather than the close."
    ),
    Requirement(
      "PB-21", .must, .kitDefined, area: .postback,
      "`ad.country_code`, when given, is two ASCII upper-case letters (`US`); anything else is `invalid-input`. When the postback carries it is PB-3 and PB-18.",
      source:
        "Apple: adattributionkit/identifying-the-parameters-in-a-postback (\"An ISO 3166-2 two-letter country identifier\", read through a third-party mirror of the page; ISO 3166-2 codes are subdivisions such as `US-CA`, two letters are ISO 3166-1 alpha-2) and Apple's examples (`\"country-code\": \"US\"`); Apple does not say which letter case.",
      alternative:
        "Any string, or ISO 3166-2 subdivision codes as Apple's words say: `postback/invalid-country-code-lower-case` and `postback/invalid-country-code-subdivision` fail them."
    ),
    Requirement(
      "PB-22", .must, .apple, area: .postback,
      "A development postback is written at tier 3 for every length of the source identifier, whatever `tiers` says: the postbacks of an ad with a source app (AdAttributionKit publisher) of 0, and of a SKAdNetwork web ad under the `aak-developer` profile (PB-17's development ads). The tiers are still read and checked.",
      source:
        "\(aakDev) (\"Development postbacks aren't subject to the rate limits that reengagement in AdAttributionKit imposes, and they generate postbacks with the highest data tier that Crowd Anonymity allows\"; development impressions: publisher item identifier 0, SKAdNetwork source App Store identifier 0, \"all web ads as long as Developer Mode is in an enabled state at the time of the click\"); \(skVer) agrees for source app 0 (test postbacks \"always\" carry `source-app-id`, a tier-3 field). The highest tier is tier 3, the most data Crowd Anonymity gives any postback.",
      alternative:
        "Reading \"the highest data tier that Crowd Anonymity allows\" as the tier the crowd allows, so the tiers given stand: `postback/developer-mode-timing-publisher-0`, `postback/aak-developer-publisher-0-tier1`, `postback/skan-developer-source-app-0-tier1` and `postback/development-source-app-0-production-profile` fail it (mutant `postback/development-postbacks-at-given-tier`)."
    ),
    Requirement(
      "PB-23", .must, .kitDefined, area: .postback,
      "In Developer Mode a development ad's second and third postbacks are also sent 5 to 10 minutes after they are final, like the first.",
      source:
        "\(aakDev) gives one sentence, \"Developer Mode reduces the postback delay from 24 to 48 hours to 5 to 10 minutes\": 24 to 48 hours is the first postback's delay; the page does not name the 24 to 144 hours of the second and third. The kit shortens all three, since the mode shortens all three windows to minutes.",
      alternative:
        "The second and third keep 24 to 144 hours: every vector that lists PB-23 fails it (mutant `postback/developer-mode-first-delay-only`)."
    ),
  ]
}
