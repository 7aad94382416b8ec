import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `attribution` suite.
enum AttributionScenarios: SuiteScenarios {
  static let suite = Suite.attribution

  /// AT-17, for a routing case with overlapping conversions enabled: nothing is closed.
  static func derivedRequirements(input: JSONValue, expected: SuiteResult) -> [String] {
    guard case .output = expected,
      input[AttributionSuite.Input.op] == .string(AttributionSuite.Operation.route.rawValue),
      input[AttributionSuite.Input.overlapping] == true
    else { return [] }
    return ["AT-17"]
  }

  static let install = ScenarioTime.at(hours: 1000)
  static let second = 1000
  static let hour = ScenarioTime.hour
  static let day = 24 * ScenarioTime.hour

  /// An impression `age` milliseconds before the install.
  static func impression(
    _ id: String, _ framework: String = "adattributionkit", network: String = "net-a", _ interaction: String = "click",
    age: Int, sourceApp: Int? = 111, reengage: Bool = false, environment: String = "production"
  ) -> JSONValue {
    AttributionSuite.Impression.object([
      .id: .string(id), .framework: .string(framework), .adNetworkID: .string(network),
      .interaction: .string(interaction), .at: .integer(install - age), .sourceAppID: .optional(sourceApp),
      .eligibleForReengagement: .bool(reengage), .environment: .string(environment),
    ])
  }

  /// An event at `install`. `lastConversion` is how long before it the previous conversion
  /// was created and `lastKind` that conversion's kind (AT-8); `lastKind` is written only
  /// when given.
  static func event(
    _ kind: String = "install", firstUpdate: Int? = hour, lastConversion: Int? = nil, lastKind: String? = nil,
    installed: Bool? = nil
  ) -> JSONValue {
    var members = AttributionSuite.Event.object([
      .kind: .string(kind), .at: .integer(install), .firstUpdateAt: .optional(firstUpdate.map { install + $0 }),
      .lastConversionAt: .optional(lastConversion.map { install - $0 }),
    ])
    if let lastKind { members = members.setting(AttributionSuite.Event.lastConversionKind, .string(lastKind)) }
    if let installed { members = members.setting(AttributionSuite.Event.appInstalled, .bool(installed)) }
    return members
  }

  static func input(_ impressions: [JSONValue], event: JSONValue = event(), configuration: JSONValue? = nil)
    -> JSONValue
  {
    let members = AttributionSuite.Input.object([.event: event, .impressions: .array(impressions)])
    guard let configuration else { return members }
    return members.setting(AttributionSuite.Input.configuration, configuration)
  }

  /// `count` views from source app `app`, a minute apart, their IDs `prefix` and an index,
  /// spread over three networks.
  static func views(_ count: Int, app: Int, prefix: String, networkOffset: Int = 0) -> [JSONValue] {
    (1...count).map { index in
      impression(
        "\(prefix)\(index)", network: "net-\((index + networkOffset) % 3)", "view", age: index * 60 * second,
        sourceApp: app)
    }
  }

  /// One entry of `attribution_windows`: a network's (or `global`'s) windows and ignore setting.
  static func attributionWindow(_ members: KeyValuePairs<AttributionSuite.AttributionWindow, JSONValue>) -> JSONValue {
    AttributionSuite.AttributionWindow.object(members)
  }

  /// An attribution configuration: windows by network (or `global`) and the cooldowns.
  static func config(_ windows: [String: JSONValue], install: Int? = nil, reengage: Int? = nil) -> JSONValue {
    AttributionSuite.Configuration.object([
      .attributionWindows: .object(windows), .installCooldownHours: .optional(install),
      .reengagementCooldownHours: .optional(reengage),
    ])
  }

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.attribution)
    defaultWindows(&b)
    contests(&b)
    productionAndDevelopment(&b)
    viewsPerSourceApp(&b)
    losingNetworks(&b)
    configuredWindows(&b)
    cooldown(&b)
    reengagement(&b)
    reengagementLimits(&b)
    shape(&b)
    return b.scenarios
  }

  /// Default windows (AT-1, AT-11), for both frameworks.
  private static func defaultWindows(_ b: inout ScenarioBuilder) {
    for framework in ["skadnetwork", "adattributionkit"] {
      let name = framework == "skadnetwork" ? "skan" : "aak"
      let views: [(String, Int, String)] = [
        ("view-just-now", 0, "a view at the install's own millisecond wins; catches `age > 0`"),
        ("view-23h59m59s", 24 * hour - second, "a view 23:59:59 old wins; catches a window in whole hours"),
        ("view-23h59m59s999", 24 * hour - 1, "a view 23:59:59.999 old wins; catches rounding to seconds"),
        ("view-24h-exact", 24 * hour, "a view exactly 24 h old has expired (half-open, kit-defined); catches `<= 24h`"),
        ("view-25h", 25 * hour, "a view 25 h old has expired; catches a click's window applied to views"),
      ]
      for (slug, age, what) in views {
        let requirements = age == 24 * hour || age == 24 * hour - 1 ? ["AT-1", "AT-11"] : ["AT-1"]
        b.add(
          "\(name)-\(slug)", "\(framework): \(what).", requirements, tags: age == 24 * hour ? ["edge-exact"] : [],
          input([impression("v", framework, "view", age: age)]))
      }
      let clicks: [(String, Int, String)] = [
        ("click-1-day", day, "a click a day old wins"),
        ("click-29d23h59m59s", 30 * day - second, "a click just under 30 days old wins"),
        (
          "click-30-days-exact", 30 * day, "a click exactly 30 days old has expired (kit-defined); catches `<= 30 days`"
        ),
        ("click-31-days", 31 * day, "a click 31 days old has expired"),
      ]
      for (slug, age, what) in clicks {
        b.add(
          "\(name)-\(slug)", "\(framework): \(what).", age == 30 * day ? ["AT-1", "AT-11"] : ["AT-1"],
          tags: age == 30 * day ? ["edge-exact"] : [], input([impression("c", framework, "click", age: age)]))
      }
    }
  }

  /// Two-impression contests (AT-4), every framework and interaction combination.
  private static func contests(_ b: inout ScenarioBuilder) {
    for first in ["skadnetwork", "adattributionkit"] {
      for second in ["skadnetwork", "adattributionkit"] {
        for (firstInteraction, secondInteraction) in [
          ("view", "view"), ("view", "click"), ("click", "view"), ("click", "click"),
        ] {
          for newerFirst in [true, false] {
            let a = impression("a", first, network: "net-a", firstInteraction, age: newerFirst ? hour : 2 * hour)
            let bImpression = impression(
              "b", second, network: "net-b", secondInteraction, age: newerFirst ? 2 * hour : hour)
            let slug =
              "contest-\(first.prefix(4))-\(firstInteraction)-vs-\(second.prefix(4))-\(secondInteraction)-\(newerFirst ? "a-newer" : "b-newer")"
            b.add(
              slug,
              "\(first) \(firstInteraction) (a) against \(second) \(secondInteraction) (b), \(newerFirst ? "a" : "b") more recent: clicks first, then recency, the frameworks ranked together; the loser's network gets a postback. Catches recency before fidelity, or one framework preferred.",
              ["AT-4", "AT-7"], input([a, bImpression]))
          }
        }
      }
    }
    b.add(
      "tie-equal-times",
      "Two clicks at the same millisecond from different networks: the later registered (later in the list) wins (kit-defined); catches an unstable or ID-ordered choice.",
      ["AT-4", "AT-13"], tags: ["edge-exact"],
      input([impression("first", network: "net-a", age: hour), impression("second", network: "net-b", age: hour)]))
    b.add(
      "tie-equal-times-reversed", "The same tie listed the other way round: again the later in the list wins.",
      ["AT-13"], tags: ["edge-exact"],
      input([impression("second", network: "net-b", age: hour), impression("first", network: "net-a", age: hour)]))
    b.add(
      "click-beats-newer-views", "An old click beats five newer views; catches recency first.", ["AT-4"],
      input(
        [impression("click", "skadnetwork", network: "net-a", "click", age: 20 * day)]
          + (1...5).map { impression("view\($0)", "skadnetwork", network: "net-\($0)", "view", age: $0 * hour) }))
  }

  /// Production and development (AT-5).
  private static func productionAndDevelopment(_ b: inout ScenarioBuilder) {
    b.add(
      "production-beats-newer-development",
      "A production view beats a newer development click; catches environment ignored.", ["AT-5"],
      input([
        impression("prod", network: "net-a", "view", age: 3 * hour),
        impression("dev", network: "net-b", "click", age: hour, environment: "development"),
      ]))
    b.add(
      "development-only", "Only development impressions: the best of them wins.", ["AT-5", "AT-4"],
      input([
        impression("dev1", network: "net-a", "view", age: hour, environment: "development"),
        impression("dev2", network: "net-b", "click", age: 2 * hour, environment: "development"),
      ]))
    b.add(
      "development-when-production-expired",
      "The production impression expired, so the development one wins; catches expired impressions still outranking.",
      ["AT-5", "AT-1"],
      input([
        impression("prod", network: "net-a", "view", age: 30 * hour),
        impression("dev", network: "net-b", "view", age: hour, environment: "development"),
      ]))
  }

  /// Fifteen views per source app (AT-6).
  private static func viewsPerSourceApp(_ b: inout ScenarioBuilder) {
    b.add(
      "sixteen-views-one-app",
      "Sixteen views from one source app: the oldest is dropped (`over-view-limit`); catches no limit or dropping the newest.",
      ["AT-6", "AT-7"], input(views(16, app: 111, prefix: "v")))
    b.add(
      "fifteen-views-one-app", "Exactly fifteen views from one app: none dropped by the limit (six considered).",
      ["AT-6", "AT-7"], input(views(15, app: 111, prefix: "v")))
    b.add(
      "sixteen-views-two-apps",
      "Eight and eight views from two source apps: none dropped; catches a device-wide limit.", ["AT-6", "AT-13"],
      input(views(8, app: 111, prefix: "a") + views(8, app: 222, prefix: "b", networkOffset: 1)))
    let skadnetworkViews = (1...10).map {
      impression("s\($0)", "skadnetwork", network: "net-\($0 % 3)", "view", age: $0 * 60 * second, sourceApp: 111)
    }
    let aakViews = (11...20).map {
      impression("a\($0)", network: "net-\($0 % 3)", "view", age: $0 * 60 * second, sourceApp: 111)
    }
    b.add(
      "ten-and-ten-views-two-frameworks",
      "Ten SKAdNetwork and ten AdAttributionKit views of one source app: none dropped, each framework counts its own 15; catches one pool of 15 for both frameworks.",
      ["AT-6", "AT-7"], input(skadnetworkViews + aakViews))
    b.add(
      "twenty-views-and-a-click",
      "Twenty views from one app and one click: five oldest views dropped, the click wins; catches clicks counted in the view limit.",
      ["AT-6", "AT-4"],
      input(
        views(20, app: 111, prefix: "v") + [
          impression("click", network: "net-z", "click", age: 10 * day, sourceApp: 111)
        ]))
  }

  /// Six considered, five losing networks (AT-7).
  private static func losingNetworks(_ b: inout ScenarioBuilder) {
    let eight = (1...8).map { impression("i\($0)", network: "net-\($0)", "click", age: $0 * hour) }
    b.add(
      "eight-networks",
      "Eight clicks from eight networks: six considered (two `beyond-six`), the winner and five losing networks; catches more losers or more impressions considered.",
      ["AT-7"], input(eight))
    let sameNetwork =
      (1...4).map { impression("a\($0)", network: "net-a", "click", age: $0 * hour) } + [
        impression("b1", network: "net-b", "click", age: 10 * hour)
      ]
    b.add(
      "same-network-repeats",
      "Four impressions of the winner's network and one of another: one losing postback (net-b), the other net-a impressions get none; catches one postback per impression.",
      ["AT-7"], input(sameNetwork))
    let mixed = [
      impression("w", network: "net-a", "click", age: hour), impression("x", network: "net-b", "view", age: 2 * hour),
      impression("y", network: "net-b", "click", age: 5 * hour),
      impression("z", network: "net-c", "view", age: 3 * hour),
    ]
    b.add(
      "loser-best-impression",
      "net-b has a click and a view: its losing postback is for its best-ranked impression (the click); catches the most recent one.",
      ["AT-7", "AT-4"], input(mixed))
    let sevenOfOne = (1...7).map { impression("n\($0)", network: "net-\($0 % 2)", "click", age: $0 * hour) }
    b.add(
      "seven-two-networks", "Seven clicks from two networks: the seventh is beyond six; one losing network.", ["AT-7"],
      input(sevenOfOne))
    b.add(
      "six-exactly", "Exactly six impressions: none beyond six; catches an off-by-one at six.", ["AT-7"],
      tags: ["edge-exact"], input(Array(eight.prefix(6))))
    b.add(
      "seven-exactly", "Seven impressions: exactly one beyond six.", ["AT-7"], tags: ["edge-exact"],
      input(Array(eight.prefix(7))))
  }

  /// Configured windows (AT-2, AT-3, AT-12).
  private static func configuredWindows(_ b: inout ScenarioBuilder) {
    b.add(
      "global-view-7-days", "Global view window 7 days: a view 6 days old wins; catches the 24 h default kept.",
      ["AT-2"],
      input(
        [impression("v", "adattributionkit", "view", age: 6 * day)],
        configuration: config(["global": attributionWindow([.view: 7])]))
    )
    b.add(
      "global-view-7-days-exact",
      "Global view window 7 days: a view exactly 7 days old has expired (kit-defined edge).", ["AT-2", "AT-11"],
      tags: ["edge-exact"],
      input(
        [impression("v", "adattributionkit", "view", age: 7 * day)],
        configuration: config(["global": attributionWindow([.view: 7])]))
    )
    b.add(
      "network-beats-global",
      "Network view window 2 days over a global 7: a view 3 days old has expired; catches global over network.",
      ["AT-2"],
      input(
        [impression("v", "adattributionkit", network: "net-a", "view", age: 3 * day)],
        configuration: config(["global": attributionWindow([.view: 7]), "net-a": attributionWindow([.view: 2])])))
    b.add(
      "global-applies-to-other-networks",
      "A network entry for net-a does not change net-b, which uses the global 7 days.", ["AT-2"],
      input(
        [impression("v", "adattributionkit", network: "net-b", "view", age: 3 * day)],
        configuration: config(["global": attributionWindow([.view: 7]), "net-a": attributionWindow([.view: 2])])))
    b.add(
      "global-click-1-day",
      "Global click window 1 day: a click 25 hours old has expired; catches the 30-day default kept.", ["AT-2"],
      input(
        [impression("c", "adattributionkit", "click", age: 25 * hour)],
        configuration: config(["global": attributionWindow([.click: 1])]))
    )
    b.add(
      "network-click-only",
      "A network entry with only a click window keeps the global view window (kit-defined, per member); catches a network entry that replaces `global` whole.",
      ["AT-2", "AT-24"],
      input(
        [impression("v", "adattributionkit", network: "net-a", "view", age: 2 * day)],
        configuration: config(["global": attributionWindow([.view: 3]), "net-a": attributionWindow([.click: 10])])))
    b.add(
      "reengagement-default-click-window",
      "A re-engagement keeps the default click window: under a global click window of 1 day an eligible click 2 days old re-engages (kit-defined: the windows sit in the `install` dictionary); catches the install windows applied to re-engagements.",
      ["AT-23", "AT-9"],
      input(
        [impression("c", age: 2 * day, reengage: true)], event: event("re-engagement"),
        configuration: config(["global": attributionWindow([.click: 1])])))
    b.add(
      "reengagement-default-click-window-edges",
      "net-a's click window of 1 day does not time a re-engagement: its click 30 days less a second old re-engages, one exactly 30 days old has expired (the default, half-open).",
      ["AT-23", "AT-9", "AT-11"], tags: ["edge-exact"],
      input(
        [
          impression("inside", network: "net-a", "click", age: 30 * day - second, reengage: true),
          impression("outside", network: "net-a", "click", age: 30 * day, reengage: true),
        ], event: event("re-engagement"), configuration: config(["net-a": attributionWindow([.click: 1])])))
    b.add(
      "config-not-for-skadnetwork",
      "A global view window of 7 days does not extend SKAdNetwork views: a SKAdNetwork view 2 days old has expired (kit-defined).",
      ["AT-12", "AT-1"],
      input(
        [impression("v", "skadnetwork", "view", age: 2 * day)],
        configuration: config(["global": attributionWindow([.view: 7])])))
    b.add(
      "ignore-views-per-network",
      "net-a ignores views: its newer view is `ignored-interaction` and net-b's click wins.", ["AT-3"],
      input(
        [
          impression("a", "adattributionkit", network: "net-a", "view", age: hour),
          impression("b", "adattributionkit", network: "net-b", "click", age: 5 * day),
        ],
        configuration: config(["net-a": attributionWindow([.ignoreInteractionType: "view"])])))
    b.add(
      "ignore-clicks-per-network", "net-a ignores clicks: its click is ignored, its view still counts.", ["AT-3"],
      input(
        [
          impression("a1", "adattributionkit", network: "net-a", "click", age: hour),
          impression("a2", "adattributionkit", network: "net-a", "view", age: 2 * hour),
        ],
        configuration: config(["net-a": attributionWindow([.ignoreInteractionType: "click"])])))
    b.add(
      "ignore-in-global-not-recognized",
      "`ignore_interaction_type` in global is not recognized: the view still wins; catches applying it globally.",
      ["AT-3"],
      input(
        [impression("a", "adattributionkit", "view", age: hour)],
        configuration: config(["global": attributionWindow([.ignoreInteractionType: "view"])])))
    b.add(
      "ignore-clicks-per-network-reengagement",
      "net-a ignores clicks in its `install` dictionary, and a re-engagement reads no `install` setting: net-a's eligible click re-engages (kit-defined); catches `ignoreInteractionType` applied to re-engagements.",
      ["AT-3", "AT-23", "AT-9"],
      input(
        [impression("a", network: "net-a", "click", age: hour, reengage: true)], event: event("re-engagement"),
        configuration: config(["net-a": attributionWindow([.ignoreInteractionType: "click"])])))
    b.add(
      "ignore-in-global-reengagement",
      "`ignore_interaction_type` click in global is not recognized, and would not time a re-engagement anyway: the eligible click re-engages; catches a global ignore applied to every event.",
      ["AT-3", "AT-23", "AT-9"],
      input(
        [impression("a", network: "net-a", "click", age: hour, reengage: true)], event: event("re-engagement"),
        configuration: config(["global": attributionWindow([.ignoreInteractionType: "click"])])))
    b.add(
      "ignore-not-for-skadnetwork",
      "A network's ignore setting does not touch its SKAdNetwork impressions (kit-defined).", ["AT-3", "AT-12"],
      input(
        [impression("a", "skadnetwork", network: "net-a", "view", age: hour)],
        configuration: config(["net-a": attributionWindow([.ignoreInteractionType: "view"])])))
    let invalidWindows: [(String, [String: JSONValue])] = [
      ("invalid-view-8-days", ["global": attributionWindow([.view: 8])]),
      ("invalid-click-0-days", ["net-a": attributionWindow([.click: 0])]),
      ("invalid-click-31-days", ["global": attributionWindow([.click: 31])]),
    ]
    for (slug, windows) in invalidWindows {
      b.add(
        slug, "A configured window outside Apple's range is `invalid-input`; catches silent clamping.", ["AT-2"],
        tags: ["bad-input"],
        input([impression("c", age: hour)], configuration: config(windows)))
    }

    for days in 1...7 {
      b.add(
        "view-window-\(days)-days",
        "Global view window \(days) day(s): a view \(days) day(s) less a second old wins, one exactly \(days) day(s) old has expired; catches the window counted in whole days or off by one.",
        ["AT-2", "AT-11"], tags: ["edge-exact"],
        input(
          [
            impression("inside", "adattributionkit", network: "net-a", "view", age: days * day - second),
            impression("outside", "adattributionkit", network: "net-b", "view", age: days * day),
          ],
          configuration: config(["global": attributionWindow([.view: .integer(days)])])))
    }
    for days in [1, 7, 15, 29, 30] {
      b.add(
        "click-window-\(days)-days",
        "Network click window \(days) day(s): a click just inside wins, one exactly at the limit has expired.",
        ["AT-2", "AT-11"], tags: ["edge-exact"],
        input(
          [
            impression("inside", "adattributionkit", network: "net-a", "click", age: days * day - second),
            impression("outside", "adattributionkit", network: "net-a", "click", age: days * day),
          ],
          configuration: config(["net-a": attributionWindow([.click: .integer(days)])])))
    }
    for (prodInteraction, devInteraction) in [
      ("view", "view"), ("view", "click"), ("click", "view"), ("click", "click"),
    ] {
      b.add(
        "production-\(prodInteraction)-vs-development-\(devInteraction)",
        "A production \(prodInteraction) against a newer development \(devInteraction): production wins whatever the interaction; catches environment ranked after fidelity.",
        ["AT-5"],
        input([
          impression("prod", network: "net-a", prodInteraction, age: 5 * hour),
          impression("dev", network: "net-b", devInteraction, age: hour, environment: "development"),
        ]))
    }
    for count in [14, 17] {
      b.add(
        "\(count)-views-one-app",
        "\(count) views from one source app: \(count > 15 ? "the \(count - 15) oldest dropped" : "none dropped by the limit").",
        ["AT-6"], input(views(count, app: 111, prefix: "v")))
    }
  }

  /// Cooldown (AT-8): the cooldown configured for the previous conversion's kind blocks a new
  /// conversion of either kind; it ends exactly `hours` after that conversion (AT-11).
  private static func cooldown(_ b: inout ScenarioBuilder) {
    b.add(
      "install-cooldown-1-hour",
      "install-cooldown-hours 1, the previous conversion an install 59 minutes ago: `cooldown`.", ["AT-8"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: hour - 60 * second, lastKind: "install"),
        configuration: config([:], install: 1)))
    b.add(
      "install-cooldown-720",
      "install-cooldown-hours 720 (the maximum), the previous conversion an install 29 days ago: `cooldown`.",
      ["AT-8"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: 29 * day, lastKind: "install"),
        configuration: config([:], install: 720)))
    b.add(
      "install-cooldown-active",
      "install-cooldown-hours 24, the previous conversion an install 23 h ago: no conversion (`cooldown`).",
      ["AT-8"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: 23 * hour, lastKind: "install"),
        configuration: config([:], install: 24)))
    b.add(
      "install-cooldown-exact",
      "install-cooldown-hours 24, the previous conversion an install exactly 24 h ago: allowed (kit-defined edge).",
      ["AT-8", "AT-11"], tags: ["edge-exact"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: 24 * hour, lastKind: "install"),
        configuration: config([:], install: 24)))
    b.add(
      "install-cooldown-zero", "A cooldown of 0 hours blocks nothing.", ["AT-8", "AT-11"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: 0, lastKind: "install"),
        configuration: config([:], install: 0)))
    b.add(
      "reengagement-cooldown-active",
      "re-engagement-cooldown-hours 48, the previous conversion a re-engagement 47 h ago: no re-engagement.",
      ["AT-8", "AT-9"],
      input(
        [impression("c", age: hour, reengage: true)],
        event: event("re-engagement", lastConversion: 47 * hour, lastKind: "re-engagement"),
        configuration: config([:], reengage: 48)))
    b.add(
      "invalid-cooldown-721", "A cooldown of 721 hours is `invalid-input`.", ["AT-8"], tags: ["bad-input"],
      input([impression("c", age: hour)], configuration: config([:], install: 721)))
    b.add(
      "install-cooldown-skadnetwork-only",
      "install-cooldown-hours 24, the previous conversion an install 2 h ago, and only a SKAdNetwork click competes: `cooldown` (kit-defined: a cooldown gates the app's conversions, whatever the framework); catches the AdAttributionKit configuration applied only when an AdAttributionKit impression competes.",
      ["AT-8", "AT-25"],
      input(
        [impression("c", "skadnetwork", age: hour)], event: event(lastConversion: 2 * hour, lastKind: "install"),
        configuration: config([:], install: 24)))
    b.add(
      "reengagement-cooldown-skadnetwork-only",
      "re-engagement-cooldown-hours 24, the previous conversion a re-engagement 2 h ago, and an install that only SKAdNetwork impressions compete for: `cooldown` (kit-defined, as `…install-cooldown-skadnetwork-only`).",
      ["AT-8", "AT-25"],
      input(
        [
          impression("c", "skadnetwork", age: hour),
          impression("v", "skadnetwork", network: "net-b", "view", age: hour),
        ],
        event: event(lastConversion: 2 * hour, lastKind: "re-engagement"), configuration: config([:], reengage: 24)))
    crossCooldowns(&b)
  }

  /// AT-8 across kinds: the previous conversion's cooldown, not the new event's, decides; the
  /// edges of each (AT-11); the input's pairing of `last_conversion_at` and
  /// `last_conversion_kind`.
  private static func crossCooldowns(_ b: inout ScenarioBuilder) {
    let reengagingClick = [impression("c", age: hour, reengage: true)]
    let oldReading = "catches a cooldown chosen by the new event's kind"
    let edges: [(String, Int, String)] = [
      ("", 2 * hour, "2 h"), ("-just-before", 24 * hour - 1, "23:59:59.999"),
      ("-exact", 24 * hour, "exactly 24 h"),
    ]
    for (suffix, age, when) in edges {
      let blocked = age < 24 * hour
      let outcome =
        blocked
        ? "`cooldown`, the previous conversion's cooldown blocks any new conversion"
        : "`created`, the cooldown has just ended (half-open, kit-defined edge)"
      let catches =
        suffix == ""
        ? oldReading
        : blocked ? "catches a cooldown counted in rounded seconds or hours" : "catches an inclusive cooldown (`<=`)"
      let requirements = suffix == "" ? ["AT-8"] : ["AT-8", "AT-11"]
      let tags = suffix == "-exact" ? ["edge-exact"] : []
      b.add(
        "install-cooldown-blocks-reengagement\(suffix)",
        "install-cooldown-hours 24, an install \(when) ago, then an eligible re-engagement: \(outcome) (Apple: \"after an install conversion before accepting new conversions\"); \(catches).",
        requirements + ["AT-9"], tags: tags,
        input(
          reengagingClick, event: event("re-engagement", lastConversion: age, lastKind: "install"),
          configuration: config([:], install: 24)))
      b.add(
        "reengagement-cooldown-blocks-install\(suffix)",
        "re-engagement-cooldown-hours 24, a re-engagement \(when) ago, then a re-install: \(outcome) (Apple: \"after a re-engagement conversion before accepting new conversions\"); \(catches).",
        requirements, tags: tags,
        input(
          [impression("c", age: hour)], event: event(lastConversion: age, lastKind: "re-engagement"),
          configuration: config([:], reengage: 24)))
    }
    b.add(
      "reengagement-cooldown-not-after-install",
      "Only re-engagement-cooldown-hours 48; an install 1 h ago, then an eligible re-engagement: `created`, an install is followed by the install cooldown, here none; \(oldReading), or one cooldown for both kinds.",
      ["AT-8", "AT-9"],
      input(
        reengagingClick, event: event("re-engagement", lastConversion: hour, lastKind: "install"),
        configuration: config([:], reengage: 48)))
    b.add(
      "install-cooldown-not-after-reengagement",
      "Only install-cooldown-hours 48; a re-engagement 1 h ago, then a re-install: `created`, a re-engagement is followed by the re-engagement cooldown, here none; \(oldReading), or one cooldown for both kinds.",
      ["AT-8"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: hour, lastKind: "re-engagement"),
        configuration: config([:], install: 48)))
    b.add(
      "last-conversion-kind-reengagement-spelling",
      "last_conversion_kind `reengagement` (AAK-RCV's spelling) is a re-engagement: re-engagement-cooldown-hours 24 blocks an install 2 h later (`cooldown`); catches a reader that knows only `re-engagement`.",
      ["AT-8"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: 2 * hour, lastKind: "reengagement"),
        configuration: config([:], reengage: 24)))
    b.add(
      "last-conversion-kind-missing",
      "last_conversion_at without last_conversion_kind: `invalid-input` (the cooldown depends on that kind); catches a reader that falls back to the new event's kind.",
      ["AT-8", "IN-1"], tags: ["bad-input"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: 2 * hour), configuration: config([:], install: 24)))
    b.add(
      "last-conversion-kind-unknown",
      "last_conversion_kind `open`, neither install nor re-engagement: `invalid-input`; catches a reader that finds no cooldown for it and creates the conversion.",
      ["AT-8", "IN-1"], tags: ["bad-input"],
      input(
        [impression("c", age: hour)], event: event(lastConversion: 2 * hour, lastKind: "open"),
        configuration: config([:], install: 24, reengage: 24)))
    b.add(
      "last-conversion-kind-without-time",
      "last_conversion_kind `install` with last_conversion_at null: `invalid-input` (a previous conversion without its time); catches a reader that reads the kind only when a time is given.",
      ["AT-8", "IN-1"], tags: ["bad-input"],
      input([impression("c", age: hour)], event: event(lastKind: "install"), configuration: config([:], install: 24)))
  }

  /// Re-engagement (AT-9, AT-10).
  private static func reengagement(_ b: inout ScenarioBuilder) {
    b.add(
      "reengagement-click",
      "An eligible AdAttributionKit click re-engages; other networks get no losing postback; catches losers for re-engagement.",
      ["AT-9"],
      input(
        [
          impression("r", network: "net-a", "click", age: 10 * second, reengage: true),
          impression("o", network: "net-b", "click", age: hour, reengage: true),
        ], event: event("re-engagement")))
    b.add(
      "reengagement-view", "A view cannot re-engage (`re-engagement-needs-click`).", ["AT-9"],
      input(
        [impression("v", "adattributionkit", "view", age: 10 * second, reengage: true)], event: event("re-engagement")))
    b.add(
      "reengagement-not-eligible",
      "A click without `eligible-for-re-engagement` cannot re-engage; catches the flag ignored.", ["AT-9"],
      input([impression("c", age: 10 * second, reengage: false)], event: event("re-engagement")))
    b.add(
      "reengagement-skadnetwork", "A SKAdNetwork click cannot re-engage (kit-defined).", ["AT-9", "AT-18"],
      input([impression("s", "skadnetwork", "click", age: 10 * second, reengage: true)], event: event("re-engagement")))
    b.add(
      "reengagement-not-installed", "Re-engagement without the app installed: `app-not-installed`.", ["AT-9"],
      input([impression("c", age: 10 * second, reengage: true)], event: event("re-engagement", installed: false)))
    b.add(
      "reengagement-spelling", "The event kind `reengagement` (AAK-RCV's spelling) is read as re-engagement.", ["AT-9"],
      input([impression("c", age: 10 * second, reengage: true)], event: event("reengagement")))
    b.add(
      "reengagement-update-1d23h59m", "First update 1 day 23:59 after the re-engagement: in time.", ["AT-10"],
      input(
        [impression("c", age: 10 * second, reengage: true)],
        event: event("re-engagement", firstUpdate: 2 * day - 60 * second)))
    b.add(
      "reengagement-update-2-days-exact",
      "First update exactly 2 days after: too late (`no-timely-update`, kit-defined edge); catches `<=`.",
      ["AT-10", "AT-11"], tags: ["edge-exact"],
      input([impression("c", age: 10 * second, reengage: true)], event: event("re-engagement", firstUpdate: 2 * day)))
    b.add(
      "reengagement-no-update",
      "No update after the re-engagement: `no-timely-update`; catches a postback with no window.", ["AT-10"],
      input([impression("c", age: 10 * second, reengage: true)], event: event("re-engagement", firstUpdate: nil)))
    b.add(
      "install-update-59-days",
      "First update 59 days after the install: in time; catches the 2-day re-engagement limit applied to installs.",
      ["AT-10"],
      input([impression("c", age: hour)], event: event(firstUpdate: 59 * day)))
    b.add(
      "install-update-60-days-exact", "First update exactly 60 days after: too late (kit-defined edge).",
      ["AT-10", "AT-11"], tags: ["edge-exact"],
      input([impression("c", age: hour)], event: event(firstUpdate: 60 * day)))
    b.add(
      "install-no-update", "An install whose app never updates: `no-timely-update`.", ["AT-10"],
      input([impression("c", age: hour)], event: event(firstUpdate: nil)))
  }

  /// A re-engagement event with `reengagement_limits` set to `limits`.
  static func limited(
    _ limits: KeyValuePairs<AttributionSuite.ReengagementLimits, JSONValue>, kind: String = "re-engagement"
  ) -> JSONValue {
    event(kind).setting(AttributionSuite.Event.reengagementLimits, AttributionSuite.ReengagementLimits.object(limits))
  }

  /// Re-engagement limits (AT-19, AT-20): the device's per-app monthly and per-device yearly
  /// counts, given as inputs because Apple publishes no numbers.
  private static func reengagementLimits(_ b: inout ScenarioBuilder) {
    let click = impression("r", age: 10 * second, reengage: true)
    let other = impression("o", network: "net-b", age: hour, reengage: true)
    b.add(
      "reengagement-limit-app-month",
      "The app's monthly limit reached (3 of 3 used): no re-engagement (`reengagement-limit`), both clicks `not-chosen`; catches the limits ignored.",
      ["AT-19"],
      input(
        [click, other], event: limited([.appMonthUsed: 3, .appMonthLimit: 3, .deviceYearUsed: 0, .deviceYearLimit: 50]))
    )
    b.add(
      "reengagement-limit-device-year",
      "Only the device's yearly limit reached (50 of 50), the app's month far from it: no re-engagement; catches an implementation that checks the per-app count only.",
      ["AT-19"],
      input([click], event: limited([.appMonthUsed: 0, .appMonthLimit: 3, .deviceYearUsed: 50, .deviceYearLimit: 50])))
    b.add(
      "reengagement-limit-one-below",
      "2 of 3 used this month: the re-engagement is created; catches a limit that blocks at N - 1 used (`>` read as `>=` one step early).",
      ["AT-19"], tags: ["edge-exact"],
      input([click], event: limited([.appMonthUsed: 2, .appMonthLimit: 3])))
    b.add(
      "reengagement-limit-exact",
      "Exactly 3 of 3 used, the device-year limit absent: blocked (kit-defined edge: a limit of N allows N); catches `used > limit`.",
      ["AT-19"], tags: ["edge-exact"],
      input([click], event: limited([.appMonthUsed: 3, .appMonthLimit: 3])))
    b.add(
      "reengagement-limit-none-given",
      "Counts without limits (`null`): no limit applies, the re-engagement is created; catches a missing limit read as 0.",
      ["AT-19"],
      input([click], event: limited([.appMonthUsed: 7, .appMonthLimit: .null, .deviceYearUsed: 90])))
    b.add(
      "install-ignores-reengagement-limits",
      "An install with both re-engagement limits reached is created, with its losing network; catches limits applied to every conversion.",
      ["AT-19"],
      input(
        [impression("c", age: hour), impression("o", network: "net-b", age: 2 * hour)],
        event: limited(
          [.appMonthUsed: 3, .appMonthLimit: 3, .deviceYearUsed: 50, .deviceYearLimit: 50], kind: "install")))
    b.add(
      "reengagement-limit-development-exempt",
      "A development click re-engages although both limits are reached (Developer Mode: \"Development postbacks aren’t subject to the rate limits\"); catches development re-engagements limited.",
      ["AT-19", "AT-20"],
      input(
        [impression("d", age: 10 * second, reengage: true, environment: "development")],
        event: limited([.appMonthUsed: 3, .appMonthLimit: 3, .deviceYearUsed: 50, .deviceYearLimit: 50])))
    b.add(
      "reengagement-limit-after-cooldown-check",
      "A re-engagement both in the re-engagement cooldown and over its limit: `cooldown` (AT-8 comes first); catches the limit checked before the cooldown.",
      ["AT-8", "AT-19"],
      input(
        [click],
        event: event("re-engagement", lastConversion: hour, lastKind: "re-engagement").setting(
          AttributionSuite.Event.reengagementLimits,
          AttributionSuite.ReengagementLimits.object([.appMonthUsed: 3, .appMonthLimit: 3])),
        configuration: config([:], reengage: 24)))
    b.add(
      "reengagement-limit-before-update-check",
      "Over the limit and with no conversion-value update: `reengagement-limit`, not `no-timely-update` (kit-defined: the limit is checked once the winner is known, before AT-10).",
      ["AT-10", "AT-19"],
      input(
        [click],
        event: event("re-engagement", firstUpdate: nil).setting(
          AttributionSuite.Event.reengagementLimits,
          AttributionSuite.ReengagementLimits.object([.appMonthUsed: 3, .appMonthLimit: 3]))))
    b.add(
      "invalid-reengagement-limit-negative",
      "A negative count: `invalid-input` naming the member; catches a negative used count read as 0.",
      ["AT-19", "IN-1"], tags: ["bad-input"],
      input([click], event: limited([.appMonthUsed: -1, .appMonthLimit: 3])))
    b.add(
      "invalid-reengagement-limit-fraction",
      "A limit of 2.5: `invalid-input` (counts are integers); catches a limit compared as a float.",
      ["AT-19", "IN-1"], tags: ["bad-input"],
      input([click], event: limited([.appMonthUsed: 2, .appMonthLimit: .double(2.5)])))
  }

  /// Shape (AT-14).
  private static func shape(_ b: inout ScenarioBuilder) {
    b.add(
      "impression-after-event", "An impression registered after the install cannot win it (`after-event`).", ["AT-14"],
      input([impression("late", age: -second), impression("c", network: "net-b", age: hour)]))
    b.add("no-impressions", "No impressions: `no-eligible-impression`.", ["AT-1"], input([]))
    b.add(
      "duplicate-ids", "Two impressions with one ID: `invalid-input`.", ["AT-14"], tags: ["bad-input"],
      input([impression("x", age: hour), impression("x", network: "net-b", age: 2 * hour)]))
    b.add(
      "unknown-framework", "An unknown framework: `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      input([
        AttributionSuite.Impression.object([
          .id: "x", .framework: "pcm", .adNetworkID: "n", .interaction: "click", .at: .integer(install),
        ])
      ]))
    b.add(
      "null-windows-entry",
      "`attribution_windows` `{\"net-a\": null}`: an entry must be an object, so `invalid-input`; catches a reader that takes a null entry for no entry.",
      ["IN-1", "AT-2"], tags: ["bad-input"],
      input([impression("c", age: hour)], configuration: config(["net-a": nil])))
    b.add(
      "install-app-installed-string",
      "An install with `app_installed` `\"yes\"`: the member is type-checked for every event, so `invalid-input`; catches a reader that skips it because only a re-engagement reads its value.",
      ["IN-1", "AT-9"], tags: ["bad-input"],
      input(
        [impression("c", age: hour)],
        event: event().setting(AttributionSuite.Event.appInstalled, "yes")))
    b.add(
      "view-limit-source-app-0",
      "Sixteen views from source app 0 (a development app): the oldest is `over-view-limit`; catches a reader that takes 0 for no source app.",
      ["AT-6"], input(views(16, app: 0, prefix: "v")))
    b.add(
      "negative-source-app-id",
      "A click from source app -1 wins: the kit checks no App Store ID range (kit-defined); catches a reader that refuses negative IDs.",
      ["AT-6", "AT-1"], input([impression("c", age: hour, sourceApp: -1)]))

    b.scenarios += routingScenarios()
  }

  // MARK: - Routing updates to conversions (AT-15, AT-16, AT-17)

  static func routingScenarios() -> [Scenario] {
    var b = ScenarioBuilder(.attribution)
    let t0 = ScenarioTime.t0
    let at = ScenarioTime.at
    func conversion(_ id: String, _ kind: String, _ start: Int, tag: String? = nil) -> JSONValue {
      AttributionSuite.Conversion.object([
        .id: .string(id), .kind: .string(kind), .at: .integer(start), .tag: .optional(tag),
      ])
    }
    func update(
      _ time: Int, _ fine: Int, _ coarse: String?, types: [String]? = nil, tag: String? = nil, lock: Bool = false
    ) -> JSONValue {
      AttributionSuite.RoutedUpdate.object([
        .at: .integer(time), .fine: .integer(fine), .coarse: .optional(coarse), .lock: .bool(lock),
        .conversionTypes: types.map { .array($0.map(JSONValue.string)) } ?? .null, .conversionTag: .optional(tag),
      ])
    }
    func route(_ conversions: [JSONValue], _ updates: [JSONValue], overlapping: Bool = false) -> JSONValue {
      // AT-17 decides what an overlapping scenario closes, so those cases list it (the generator adds it).
      AttributionSuite.Input.object([
        .op: .string(AttributionSuite.Operation.route.rawValue), .profile: .string(WindowProfile.production.rawValue),
        .overlapping: .bool(overlapping), .conversions: .array(conversions), .updates: .array(updates),
      ])
    }
    let installOnly = [conversion("install", "install", t0)]
    let withReengagement = [
      conversion("install", "install", t0), conversion("re1", "re-engagement", at(100, 0, 0, 0), tag: "summer"),
    ]
    let twoReengagements = [
      conversion("install", "install", t0), conversion("re1", "re-engagement", at(100, 0, 0, 0), tag: "summer"),
      conversion("re2", "re-engagement", at(110, 0, 0, 0), tag: "winter"),
    ]

    b.add(
      "route-install-only", "One install conversion: every update goes to it.", ["AT-15"],
      route(installOnly, [update(at(1, 0, 0, 0), 5, "low"), update(at(60, 0, 0, 0), 0, "high")]))
    b.add(
      "route-nil-types-all",
      "No conversion types: an update after the re-engagement goes to the re-engagement (the install is closed by it, AT-17).",
      ["AT-15", "AT-17"],
      route(withReengagement, [update(at(1, 0, 0, 0), 5, "low"), update(at(101, 0, 0, 0), 9, "high")]))
    b.add(
      "route-types-install-after-close",
      "Types [install] after a re-engagement closed the install: the update goes nowhere; catches updates to closed conversions.",
      ["AT-15", "AT-17"],
      route(withReengagement, [update(at(101, 0, 0, 0), 9, "high", types: ["install"])]))
    b.add(
      "route-overlapping-both",
      "Overlapping conversions on: an update with no types and no tag reaches both the install and the re-engagement; catches the install closed anyway, or only the most recent conversion updated (AT-16's alternative).",
      ["AT-15", "AT-16", "AT-17"],
      route(withReengagement, [update(at(101, 0, 0, 0), 9, "high")], overlapping: true))
    b.add(
      "route-overlapping-install-type", "Overlapping on, types [install]: only the install.", ["AT-15"],
      route(withReengagement, [update(at(101, 0, 0, 0), 9, "high", types: ["install"])], overlapping: true))
    b.add(
      "route-overlapping-reengagement-type", "Overlapping on, types [re-engagement]: only the re-engagement.",
      ["AT-15"],
      route(withReengagement, [update(at(101, 0, 0, 0), 9, "high", types: ["re-engagement"])], overlapping: true))
    b.add(
      "route-tag-selects",
      "Two overlapping re-engagements, tag `summer`: only re1 gets the update; catches the most recent used despite the tag.",
      ["AT-16"],
      route(
        twoReengagements, [update(at(111, 0, 0, 0), 4, "medium", types: ["re-engagement"], tag: "summer")],
        overlapping: true))
    b.add(
      "route-no-tag-most-recent", "Two overlapping re-engagements, no tag: the most recent (re2) gets it.", ["AT-16"],
      route(twoReengagements, [update(at(111, 0, 0, 0), 4, "medium", types: ["re-engagement"])], overlapping: true))
    b.add(
      "route-tag-matches-nothing",
      "A tag that matches no conversion: no re-engagement gets the update; catches falling back to the most recent.",
      ["AT-16"],
      route(
        twoReengagements, [update(at(111, 0, 0, 0), 4, "medium", types: ["re-engagement"], tag: "autumn")],
        overlapping: true))
    b.add(
      "route-tag-and-install",
      "Overlapping on, no types, tag `winter`: the install and re2 get it (kit-defined: the tag does not exclude the install).",
      ["AT-16", "AT-15"],
      route(twoReengagements, [update(at(111, 0, 0, 0), 4, "medium", tag: "winter")], overlapping: true))
    b.add(
      "route-new-reengagement-closes-prior",
      "Without overlapping, re2 closes re1 at 110 h: an update at 120 h goes to re2 only, and re1's closed_at is 110 h.",
      ["AT-17"],
      route(twoReengagements, [update(at(105, 0, 0, 0), 2, "low"), update(at(120, 0, 0, 0), 3, "high")]))
    b.add(
      "route-before-reengagement",
      "An update before the re-engagement goes to the install only; catches routing by list order instead of time.",
      ["AT-15"],
      route(withReengagement, [update(at(50, 0, 0, 0), 7, "high")]))
    b.add(
      "route-reengagement-windows",
      "The re-engagement's windows count from its own start: an update 49 h after it lands in its window 1 (PB-style windows from the re-engagement).",
      ["AT-15", "WIN-1"],
      route(withReengagement, [update(at(149, 0, 0, 0), 0, "high", types: ["re-engagement"])]))
    b.add(
      "route-lock-per-conversion", "Overlapping: a lock sent to the re-engagement only does not lock the install.",
      ["AT-15", "LCK-1"],
      route(
        withReengagement,
        [
          update(at(101, 0, 0, 0), 9, "high", types: ["re-engagement"], lock: true),
          update(at(102, 0, 0, 0), 10, "low"),
        ], overlapping: true))
    b.add(
      "route-invalid-two-installs", "Two install conversions: `invalid-input`.", ["AT-15"], tags: ["bad-input"],
      route([conversion("a", "install", t0), conversion("b", "install", at(1, 0, 0, 0))], []))
    b.add(
      "route-out-of-order", "Updates out of time order: `out-of-order`.", ["AT-15", "TML-6"],
      route(installOnly, [update(at(5, 0, 0, 0), 1, nil), update(at(4, 0, 0, 0), 2, nil)]))
    mirroring(&b, route: route, conversion: conversion, update: update)
    return b.scenarios
  }

  // MARK: - SKAdNetwork calls mirrored into AdAttributionKit (AT-21, AT-22)

  private static func mirroring(
    _ b: inout ScenarioBuilder,
    route: (_ conversions: [JSONValue], _ updates: [JSONValue], _ overlapping: Bool) -> JSONValue,
    conversion: (_ id: String, _ kind: String, _ start: Int, _ tag: String?) -> JSONValue,
    update: (_ time: Int, _ fine: Int, _ coarse: String?, _ types: [String]?, _ tag: String?, _ lock: Bool) -> JSONValue
  ) {
    let t0 = ScenarioTime.t0
    let at = ScenarioTime.at
    func skan(_ value: JSONValue) -> JSONValue {
      value.setting(AttributionSuite.RoutedUpdate.api, .string(PostbackScenario.Framework.skadnetwork.rawValue))
    }
    func skanInstall(_ id: String = "install") -> JSONValue {
      conversion(id, "install", t0, nil).setting(
        AttributionSuite.Conversion.framework, .string(PostbackScenario.Framework.skadnetwork.rawValue))
    }
    let aakInstall = conversion("install", "install", t0, nil)
    let reengagement = conversion("re1", "re-engagement", at(100, 0, 0, 0), "summer")
    b.add(
      "route-skan-call-mirrored",
      "An install won by an AdAttributionKit ad; the app calls only SKAdNetwork's update method: the call reaches the conversion through the mirror (fine 12); catches SKAdNetwork calls ignored by AdAttributionKit conversions.",
      ["AT-21"],
      route([aakInstall], [skan(update(at(1, 0, 0, 0), 12, nil, nil, nil, false))], false))
    b.add(
      "route-aak-call-not-mirrored",
      "An install won by a SKAdNetwork ad; the app calls only AdAttributionKit's method: the SKAdNetwork conversion gets nothing (Apple describes no mirror that way); catches a mirror both ways.",
      ["AT-21", "AT-26"],
      route([skanInstall()], [update(at(1, 0, 0, 0), 12, "low", nil, nil, false)], false))
    b.add(
      "route-skan-call-reaches-skan-install",
      "An install won by a SKAdNetwork ad, a SKAdNetwork call with fine 30 and coarse high: the conversion gets both values as called; catches the coarse value dropped for SKAdNetwork itself.",
      ["AT-21"],
      route([skanInstall()], [skan(update(at(1, 0, 0, 0), 30, "high", nil, nil, false))], false))
    b.add(
      "route-both-apis-last-wins",
      "An app that calls both APIs, AdAttributionKit's with fine 5 then SKAdNetwork's with fine 9 a second later: the AdAttributionKit conversion is updated twice, in call order, and keeps 9; catches the mirrored call dropped when the app also calls AdAttributionKit.",
      ["AT-21", "AT-26"],
      route(
        [aakInstall],
        [update(at(1, 0, 0, 0), 5, "low", nil, nil, false), skan(update(at(1, 0, 1, 0), 9, nil, nil, nil, false))],
        false))
    b.add(
      "route-skan-lock-mirrored",
      "A SKAdNetwork call with lockWindow: the mirror locks the AdAttributionKit conversion's window 0 (lockPostback); catches the lock left out of the mirror.",
      ["AT-21", "LCK-1"],
      route(
        [aakInstall],
        [skan(update(at(1, 0, 0, 0), 12, nil, nil, nil, true)), update(at(2, 0, 0, 0), 40, "high", nil, nil, false)],
        false))
    b.add(
      "route-skan-call-reaches-reengagement",
      "Install won by a SKAdNetwork ad, then an AdAttributionKit re-engagement at 100 h (it closes the install, AT-17): a SKAdNetwork call at 101 h reaches the re-engagement through the mirror, which has no types; catches a mirror that reaches installs only.",
      ["AT-21", "AT-15", "AT-17"],
      route([skanInstall(), reengagement], [skan(update(at(101, 0, 0, 0), 7, nil, nil, nil, false))], false))
    b.add(
      "route-mirror-drops-coarse",
      "An AdAttributionKit install and a SKAdNetwork call with fine 20 and coarse high: the mirrored update carries fine 20 and no coarse value (kit-defined: the mirror's method has no coarse parameter); catches the coarse value kept.",
      ["AT-21", "AT-22"],
      route([aakInstall], [skan(update(at(1, 0, 0, 0), 20, "high", nil, nil, false))], false))
    b.add(
      "route-mirror-coarse-cleared",
      "An AdAttributionKit call with coarse medium, then a SKAdNetwork call with coarse high: the mirror leaves the conversion without a coarse value (an update without one clears it, SKN-4); catches the mirror's coarse value kept, or the earlier one kept.",
      ["AT-21", "AT-22", "SKN-4"],
      route(
        [aakInstall],
        [
          update(at(1, 0, 0, 0), 5, "medium", nil, nil, false),
          skan(update(at(2, 0, 0, 0), 6, "high", nil, nil, false)),
        ],
        false))
    b.add(
      "route-invalid-skan-reengagement",
      "A re-engagement conversion with framework skadnetwork: `invalid-input` (SKAdNetwork attributes installs only); catches the framework ignored.",
      ["AT-21", "AT-26"], tags: ["bad-input"],
      route(
        [
          aakInstall,
          conversion("re1", "re-engagement", at(100, 0, 0, 0), nil).setting(
            AttributionSuite.Conversion.framework, .string(PostbackScenario.Framework.skadnetwork.rawValue)),
        ], [], false))
    b.add(
      "route-invalid-skan-call-with-types",
      "A SKAdNetwork call with conversion_types: `invalid-input` (SKAdNetwork's methods take none); catches the types applied to the mirror.",
      ["AT-21", "AT-26"], tags: ["bad-input"],
      route([aakInstall], [skan(update(at(1, 0, 0, 0), 3, nil, ["install"], nil, false))], false))
  }
}

/// The attribution suite's scenarios (its part in vector generation).
extension AttributionSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { AttributionScenarios.self }
}
