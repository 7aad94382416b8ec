extension RequirementCatalog {
  static let aakRules = "Apple: adattributionkit/configuring-attribution-rules-for-your-app"
  static let aakInt = "Apple: adattributionkit/adattributionkit-skadnetwork-interoperability"

  /// Requirements of `Spec/attribution.md`.
  static let attribution: [Requirement] = [
    Requirement(
      "AT-1", .must, .apple, area: .attribution,
      "By default a view-through impression can win an install for 24 hours, a click (StoreKit-rendered ad, web tap) for 30 days.",
      source: "\(skRCV); \(aakRCV)"),
    Requirement(
      "AT-2", .must, .apple, area: .attribution,
      "AdAttributionKit install windows are configurable, views 1-7 days and clicks 1-30 days, per network or global, with the precedence network > global > default; a value outside the range is `invalid-input`.",
      source:
        "\(aakRules) (\"Inside the `install` dictionary, you can specify numeric values for either `click` or `view` values\"; \"a range from `1` to `30` days\", \"a range from `1` to `7` days\"; \"The system uses the following order of precedence for configurations: ad network > global > system default, where an ad network configuration always takes precedence over a global or system default configuration\")"
    ),
    Requirement(
      "AT-3", .must, .apple, area: .attribution,
      "`ignoreInteractionType` (view or click) makes a network's impressions of that type ineligible; it is recognized per network only, not in `global`.",
      source:
        "\(aakRules) (\"you can specify the key `ignoreInteractionType` inside the install dictionary … which tells the system to ignore impressions with either a `view` or `click` ad interaction type from the specific ad network during attribution\"; \"You can only ignore an interaction type for ad network configurations. The system doesn't recognize ignored interaction types in global configurations.\")"
    ),
    Requirement(
      "AT-4", .must, .apple, area: .attribution,
      "One impression wins: clicks before views (SKAdNetwork's highest `fidelity-type`), then the most recent, SKAdNetwork and AdAttributionKit impressions ranked together.",
      source: "\(skRCV) (\"most recent ad impression with the highest fidelity-type\"); \(aakInt)"),
    Requirement(
      "AT-5", .must, .apple, area: .attribution,
      "Production impressions beat development impressions: a development impression is considered only when no production one qualifies.",
      source: aakDev),
    Requirement(
      "AT-6", .must, .kitDefined, area: .attribution,
      "At most 15 view-through impressions per source app are kept, counted per framework (SKAdNetwork's per source app, AdAttributionKit's per publisher app, never pooled), among the impressions still eligible; beyond that the oldest are dropped. Views without a source app are not counted; a source app ID may be any integer, 0 and negative IDs included.",
      source:
        "\(skRCV) (\"StoreKit records a maximum of 15 view-through ad impressions per source app before discarding the oldest one\"); \(aakRCV) (the same per publisher app). Apple states the limit on each framework's records; that the two are never pooled, that the limit is counted among the impressions still eligible, that a view without a source app is not counted, and the ID range are the kit's.",
      alternative:
        "Pool both frameworks' views; count every recorded view, ineligible ones included; count views without a source app as one group; refuse IDs below 1, or take 0 for none: every vector such an implementation fails lists AT-6."
    ),
    Requirement(
      "AT-7", .must, .kitDefined, area: .attribution,
      "At most six impressions are considered; besides the winner, up to five other networks (one impression each, the best ranked) get a losing postback. The six are taken first, then one impression per network among them.",
      source:
        "\(aakInt) (\"The system considers a maximum of six impressions for any conversion\"); \(skRCV) (\"Devices send nonwinning postbacks for the top five ad impressions from different ad networks\"). Apple states both limits but not their order: the kit caps at six before it keeps one impression per network.",
      alternative:
        "Keep one impression per network first, then take five: every vector such an implementation fails lists AT-7 (`attribution/same-network-repeats`, `attribution/seven-two-networks`)."
    ),
    Requirement(
      "AT-8", .must, .apple, area: .attribution,
      "The cooldown is keyed on the previous conversion: within `install-cooldown-hours` (0-720) of an install, or `re-engagement-cooldown-hours` (0-720) of a re-engagement, no new conversion of either kind is created.",
      source:
        "\(aakRules) (\"the number of hours the system will wait after an install conversion before accepting new conversions\"; \"the number of hours the system waits after a re-engagement conversion before accepting new conversions\")"
    ),
    Requirement(
      "AT-9", .must, .apple, area: .attribution,
      "A re-engagement needs the app installed and a click whose impression is `eligible-for-re-engagement`; views never re-engage, and a re-engagement has no losing postbacks.",
      source: "\(aakRCV); Apple: adattributionkit/generating-jws-impressions"),
    Requirement(
      "AT-10", .must, .apple, area: .attribution,
      "The app's first conversion-value update must come within 60 days of an install, 2 days of a re-engagement; otherwise no postback window opens (`no-timely-update`).",
      source: "\(skRCV); \(aakRCV)"),
    Requirement(
      "AT-11", .must, .kitDefined, area: .attribution,
      "Every time limit is half-open: an impression exactly 24 hours (or 30 days) old has expired, a first update exactly 2 days after a re-engagement is too late, and a conversion exactly at the end of a cooldown is allowed.",
      source: "Apple gives durations without edge rules; the kit reads them like the windows (WIN-3).",
      alternative: "Inclusive limits: every vector such an implementation fails lists AT-11."),
    Requirement(
      "AT-12", .must, .kitDefined, area: .attribution,
      "The configured windows and `ignoreInteractionType`, which qualify impressions, apply to AdAttributionKit impressions; SKAdNetwork impressions keep the defaults (SKAdNetwork's own fixed windows, AT-1). The cooldowns, which gate conversions, are AT-25's.",
      source:
        "The settings live in `AdAttributionKitConfigurations`; Apple does not say that they change SKAdNetwork, and StoreKit states SKAdNetwork's windows without any setting.",
      alternative: "Apply them to SKAdNetwork impressions too: every vector such an implementation fails lists AT-12."),
    Requirement(
      "AT-13", .must, .kitDefined, area: .attribution,
      "Between impressions of equal rank and time, the one registered later (later in the input) wins.",
      source: "Apple ranks by recency and says nothing of ties.",
      alternative: "The earlier one: every vector such an implementation fails lists AT-13."),
    Requirement(
      "AT-14", .must, .kitDefined, area: .attribution,
      "An impression registered after the event cannot win it (`after-event`); impression IDs must be unique (`invalid-input`).",
      source: "An attribution looks back from the install or open.",
      alternative: "None sensible; the rule exists to catch implementations that do not compare times."),
    Requirement(
      "AT-15", .must, .apple, area: .attribution,
      "An update goes to the conversions of its `conversionTypes`; without types, to every active type (install and re-engagement).",
      source: "\(aakRCV) (PostbackUpdate conversionTypes: nil means all active types)"),
    Requirement(
      "AT-16", .must, .kitDefined, area: .attribution,
      "Among re-engagement conversions, an update with a `conversionTag` goes to the one with that tag (none if no tag matches); without a tag, to the most recent. The tag does not stop an update from reaching the install conversion when its types include install. An untagged update without types therefore reaches every active type (AT-15) and, among re-engagements, the most recent.",
      source:
        "Apple contradicts itself: adattributionkit/conversion-tags says an update without a tag goes to \"the most recent conversion\"; receiving-ad-attributions says nil `conversionTypes` (or an API without types) updates all active types. The kit follows \"all active types\" and reads the conversion-tags sentence among re-engagements. How a tag combines with the install type is not documented.",
      alternative:
        "An untagged update goes only to the single most recent conversion of any type, or a tag restricts the update to re-engagement conversions only: every vector such an implementation fails lists AT-16."
    ),
    Requirement(
      "AT-17", .must, .kitDefined, area: .attribution,
      "A new re-engagement closes every conversion that started before it (its postbacks are locked and scheduled); with overlapping conversions enabled (iOS 18.4 and `EligibleForAdAttributionKitOverlappingConversions`) it closes none.",
      source:
        "\(aakRCV) (\"locks the active postbacks from the prior conversion\"); the overlapping opt-in is known from third-party notes on a WWDC25 session only.",
      alternative:
        "Overlapping re-engagements still close the install conversion: every vector such an implementation fails lists AT-17."
    ),
    Requirement(
      "AT-18", .must, .kitDefined, area: .attribution,
      "SKAdNetwork impressions never re-engage (`skadnetwork-cannot-re-engage`).",
      source:
        "Apple's re-engagement pages name a tap on custom content or a StoreKit-rendered ad's \"Open\" button and do not exclude SKAdNetwork; the kit excludes it because `eligible-for-re-engagement` exists only in the AdAttributionKit JWS.",
      alternative:
        "A SKAdNetwork StoreKit-rendered click re-engages: every vector such an implementation fails lists AT-18."),
    Requirement(
      "AT-19", .must, .kitDefined, area: .attribution,
      "A production re-engagement is not created when the device's re-engagement limit is reached, per app and month or per device and year (`reengagement-limit`: no winner, every considered impression `not-chosen`). The numbers are inputs (`event.reengagement_limits`); a limit of N allows N re-engagements, so the one that finds N already used is blocked. It is checked once the winner is known, before AT-10; an install is never limited; a blocked re-engagement closes no conversion and starts no cooldown.",
      source:
        "\(aakRCV) (\"The system doesn’t always produce postbacks after a reengagement. The device is subject to reengagement limits on a monthly per-app basis, as well as a yearly per-device basis\"); Apple publishes no numbers, and is silent on the edge and on what a blocked re-engagement changes.",
      alternative:
        "A boolean \"limit reached\" input instead of counts; or a limit of N blocking at N - 1 used (`…-one-below` fails it), or a blocked re-engagement still closing the prior conversion."
    ),
    Requirement(
      "AT-20", .must, .apple, area: .attribution,
      "A development re-engagement (its winner a development impression) is created whatever the re-engagement limits say.",
      source:
        "\(aakDev) (\"Development postbacks aren’t subject to the rate limits that reengagement in AdAttributionKit imposes\")"
    ),
    Requirement(
      "AT-21", .must, .apple, area: .attribution,
      "A SKAdNetwork update call (`api` `skadnetwork`) reaches a SKAdNetwork-attributed install as made, and is mirrored into AdAttributionKit as `updateConversionValue(_:lockPostback:)`: it reaches the active AdAttributionKit conversions as an update without conversion types (every active type, AT-15) and without a tag (AT-26 for the rest).",
      source:
        "\(aakInt) (\"When an app calls the update conversion values APIs in SKAdNetwork, such as updatePostbackConversionValue(_:coarseValue:lockWindow:completionHandler:), SKAdNetwork bridges the conversion values between the two frameworks by mirroring the call into AdAttributionNetwork by calling updateConversionValue(_:lockPostback:)\"; \"If your framework is integrated with both AdAttributionKit and SKAdNetwork, call APIs from both\"); Apple describes no mirror from AdAttributionKit into SKAdNetwork."
    ),
    Requirement(
      "AT-22", .must, .kitDefined, area: .attribution,
      "The mirrored call carries no coarse value: an AdAttributionKit conversion reached only through SKAdNetwork calls has no coarse value, and a mirrored call clears one set earlier by a direct call (SKN-4's rule for an update without a coarse value).",
      source:
        "\(aakInt) names the mirror's method, `updateConversionValue(_:lockPostback:)`, which has no coarse parameter; Apple does not say in words what becomes of the coarse value.",
      alternative:
        "The mirror keeps the coarse value, as `updateConversionValue(_:coarseConversionValue:lockPostback:)` would: `attribution/route-mirror-drops-coarse` and `attribution/route-mirror-coarse-cleared` fail it."
    ),
    Requirement(
      "AT-23", .must, .kitDefined, area: .attribution,
      "Every setting of an `attribution_windows` entry, global or per network, sits in Apple's `install` dictionary and applies to installs only: a re-engagement uses the default windows (AT-1) and no `ignoreInteractionType`, whatever the configuration.",
      source:
        "\(aakRules) (\"create another, nested dictionary called `install`. This describes the kind of operation whose window you're defining\"; \"you can specify the key `ignoreInteractionType` inside the install dictionary\"). Apple documents no other dictionary and states no re-engagement window; that an `install` setting leaves a re-engagement alone is the kit's reading of the dictionary's name.",
      alternative:
        "The settings apply to re-engagements too: `attribution/reengagement-default-click-window`, `attribution/reengagement-default-click-window-edges` (windows; mutant `attribution/configuration-for-reengagement`) and `attribution/ignore-clicks-per-network-reengagement` (`ignoreInteractionType`; mutant `attribution/ignore-for-reengagements`) fail it."
    ),
    Requirement(
      "AT-24", .must, .kitDefined, area: .attribution,
      "Precedence is per member: a network entry that gives only `click` (or only `view`) still takes the other window from `global`, then from the default.",
      source:
        "\(aakRules) gives the order \"ad network > global > system default\" and says \"an ad network configuration always takes precedence\"; it does not say whether a network's entry overrides `global` key by key or replaces it whole. The kit reads the order per value.",
      alternative:
        "A network's entry replaces `global`'s whole (a window it leaves out is the default): `attribution/network-click-only` fails it (mutant `attribution/network-entry-replaces-global`)."
    ),
    Requirement(
      "AT-25", .must, .kitDefined, area: .attribution,
      "The cooldowns gate the app's conversions whatever the framework of the impressions that compete: during a cooldown an install or re-engagement is `cooldown` even when every impression is SKAdNetwork. (AT-12 keeps the settings that qualify impressions, the windows and `ignoreInteractionType`, away from SKAdNetwork impressions; a cooldown qualifies no impression.)",
      source:
        "\(aakRules) (\"a duration after the last conversion in which the system won't create any new conversions for your app\"; \"the number of hours the system will wait after an install conversion before accepting new conversions\"): Apple speaks of the app's conversions, and \(aakInt) has one attribution over both frameworks' impressions. Apple does not name SKAdNetwork on the cooldown's page.",
      alternative:
        "The cooldowns, being AdAttributionKit settings, leave SKAdNetwork alone, so a conversion that only SKAdNetwork impressions compete for is created during a cooldown: `attribution/install-cooldown-skadnetwork-only` and `attribution/reengagement-cooldown-skadnetwork-only` fail it (mutant `attribution/cooldowns-only-with-adattributionkit`)."
    ),
    Requirement(
      "AT-26", .must, .kitDefined, area: .attribution,
      "An AdAttributionKit call reaches AdAttributionKit conversions only (no mirror into SKAdNetwork); an app that calls both APIs updates an AdAttributionKit conversion twice, in call order. A SKAdNetwork call takes no conversion types or tag, and SKAdNetwork has no re-engagement conversion to reach (`invalid-input`).",
      source:
        "\(aakInt) describes the mirror from SKAdNetwork into AdAttributionKit only, and says \"If your framework is integrated with both AdAttributionKit and SKAdNetwork, call APIs from both\"; what two calls do, and that the SKAdNetwork API has no types or tag (its methods take none), are the kit's reading.",
      alternative:
        "Mirror AdAttributionKit calls into SKAdNetwork too, or collapse the two calls of one update into one: `attribution/route-aak-call-not-mirrored` and `attribution/route-both-apis-last-wins` fail it."
    ),
  ]
}
