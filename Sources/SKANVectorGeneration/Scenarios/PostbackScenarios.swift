import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `postback` suite.
enum PostbackScenarios: SuiteScenarios {
  static let suite = Suite.postback

  /// PB-6, for a winner whose later window had no update at a tier that would send it; and
  /// for an ad signed before 4.0, the requirements of its version's rules.
  static func derivedRequirements(input: JSONValue, expected: SuiteResult) -> [String] {
    guard case .output(let output) = expected else { return [] }
    var derived: [String] = []
    let version = input[PostbackSuite.Input.adVersion] ?? .string(PostbackScenario.defaultAdVersion)
    let modern =
      input[PostbackSuite.Input.framework] == "adattributionkit"
      || version == .string(PostbackScenario.skadnetwork4Version)
    let tiers = input[PostbackSuite.Input.tiers]?.arrayValue ?? []
    let sent = Set(
      (output[PostbackSuite.Output.postbacks]?.arrayValue ?? []).compactMap {
        $0[PostbackSuite.Postback.sequenceIndex]?.exactInteger
      })
    let withheld = (1..<3).contains { index in
      index < tiers.count && (tiers[index].exactInteger ?? 1) >= 1 && !sent.contains(index)
    }
    if input[PostbackSuite.Input.didWin] != false, modern, withheld, !sent.isEmpty {
      derived.append("PB-6")
    }
    // PB-18: a SKAdNetwork postback with `country-code`; PB-19: a SKAdNetwork development ad
    // (source app 0) whose postback carries a non-zero fine value.
    if input[PostbackSuite.Input.framework] != "adattributionkit" {
      let written = (output[PostbackSuite.Output.postbacks]?.arrayValue ?? []).compactMap {
        $0[PostbackSuite.Postback.postback]
      }
      if written.contains(where: { $0["country-code"] != nil }) { derived.append("PB-18") }
      if input[PostbackSuite.Input.ad]?[PostbackSuite.Ad.sourceAppID]?.exactInteger == 0,
        written.contains(where: { ($0["conversion-value"]?.exactInteger ?? 0) != 0 })
      {
        derived.append("PB-19")
      }
    }
    return derived + LegacyPostbackScenarios.derivedRequirements(input: input, output: output)
  }

  /// One update: time, fine, coarse, lock.
  typealias Update = (at: Int, fine: Int, coarse: String?, lock: Bool)

  /// A postback scenario with defaults for everything a case does not vary.
  struct Case {
    var framework = "skadnetwork"
    var version = "4.0"
    var didWin = true
    var interaction = "click"
    var conversionType = "download"
    var profile = "production"
    var t0 = ScenarioTime.t0
    var updates: [Update] = PostbackScenarios.fullUpdates
    var tiers: [JSONValue] = [2, 2, 2]
    var sourceIdentifier = 5239
    var advertisedApp = 525_463_029
    var sourceApp: Int? = 1_234_567_891
    var sourceDomain: String?
    var country: String? = "US"
    var marketplace: String?
    var adNetwork = "example123.skadnetwork"
    var ids = PostbackScenarios.postbackIDs
    /// When a later re-engagement closed the conversion (PB-20); written only when set.
    var closedAt: Int?

    var json: JSONValue {
      var ad = PostbackSuite.Ad.object([
        .adNetworkID: .string(adNetwork), .sourceIdentifier: .integer(sourceIdentifier),
        .advertisedAppID: .integer(advertisedApp), .sourceAppID: .optional(sourceApp),
        .sourceDomain: .optional(sourceDomain), .countryCode: .optional(country),
      ])
      if framework == "adattributionkit" { ad = ad.setting(PostbackSuite.Ad.marketplaceID, .optional(marketplace)) }
      var input = PostbackSuite.Input.object([
        .framework: .string(framework), .didWin: .bool(didWin), .interaction: .string(interaction),
        .conversionType: .string(conversionType), .profile: .string(profile), .t0: .integer(t0),
        .updates: .array(
          updates.map { update in
            PostbackSuite.Update.object([
              .at: .integer(update.at), .fine: .integer(update.fine), .coarse: .optional(update.coarse),
              .lock: .bool(update.lock),
            ])
          }),
        .tiers: .array(tiers), .ad: ad, .postbackIDs: .array(ids.map(JSONValue.string)),
      ])
      if framework == "skadnetwork" { input = input.setting(PostbackSuite.Input.adVersion, .string(version)) }
      if let closedAt { input = input.setting(PostbackSuite.Input.closedAt, .integer(closedAt)) }
      return input
    }
  }

  static let at = ScenarioTime.at
  static let postbackIDs = [
    "6aafb7a5-0170-41b5-bbe4-fe71dedf1e30", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e31",
    "6aafb7a5-0170-41b5-bbe4-fe71dedf1e32",
  ]
  /// Updates in every window: two in window 0, one each in windows 1 and 2.
  static let fullUpdates: [Update] = [
    (at(2, 0, 0, 0), 12, "low", false), (at(30, 0, 0, 0), 40, "medium", false),
    (at(60, 0, 0, 0), 9, "high", false), (at(200, 0, 0, 0), 3, "medium", false),
  ]

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.postback)
    tiersByFramework(&b)
    mixedTiers(&b)
    digits(&b)
    values(&b)
    timing(&b)
    versionsBefore4(&b)
    adAttributionKit(&b)
    appleExamples(&b)
    closing(&b)
    impossible(&b)
    return b.scenarios + LegacyPostbackScenarios.all()
  }

  /// Tiers × frameworks × winning, with updates in every window.
  /// A tier object: the crowd anonymity tier of the 2-, 3- and 4-digit source identifiers.
  private static func tierObject(_ tiers: (two: Int, three: Int, four: Int)) -> JSONValue {
    PostbackSuite.TierDigits.object([
      .two: .integer(tiers.two), .three: .integer(tiers.three), .four: .integer(tiers.four),
    ])
  }

  private static func tiersByFramework(_ b: inout ScenarioBuilder) {
    let tierMistakes = [
      "a second or third postback at tier 0, or any value at tier 0",
      "a fine value or more than two digits at tier 1",
      "a coarse value next to the fine one, or a source app below tier 3",
      "a missing source app or country code at tier 3",
    ]
    for framework in ["skadnetwork", "adattributionkit"] {
      let name = framework == "skadnetwork" ? "skan" : "aak"
      for tier in 0...3 {
        for didWin in [true, false] {
          var scenario = Case()
          scenario.framework = framework
          scenario.tiers = [.integer(tier), .integer(tier), .integer(tier)]
          scenario.didWin = didWin
          if framework == "adattributionkit" {
            scenario.adNetwork = "example.adattributionkit"
            scenario.marketplace = "com.apple.AppStore"
          }
          let what = didWin ? "winner" : "losing network"
          let mistake =
            didWin
            ? tierMistakes[tier]
            : "values, a source app or a country in a losing postback, or a second postback for a loser"
          var requirements = ["PB-2", "PB-3", didWin ? "PB-13" : "PB-7"]
          if tier >= 2 && didWin { requirements.append("PB-12") }
          if framework == "adattributionkit" { requirements.append("PB-11") }
          if tier >= 2 { requirements.append("PB-4") }
          b.add(
            "\(name)-tier\(tier)-\(didWin ? "winner" : "loser")",
            "\(framework == "skadnetwork" ? "SKAdNetwork 4.0" : "AdAttributionKit"), \(what), tier \(tier) for every postback, updates in every window; catches \(mistake).",
            requirements, tags: ["tier-\(tier)"], scenario)
        }
      }
    }
  }

  /// Mixed tiers per postback.
  private static func mixedTiers(_ b: inout ScenarioBuilder) {
    for (framework, name) in [("skadnetwork", "skan"), ("adattributionkit", "aak")] {
      for tiers in [[3, 1, 0], [2, 0, 1], [1, 2, 3], [0, 3, 3]] {
        var scenario = Case()
        scenario.framework = framework
        scenario.tiers = tiers.map { .integer($0) }
        if framework == "adattributionkit" { scenario.marketplace = "com.apple.AppStore" }
        b.add(
          "\(name)-tiers-\(tiers.map(String.init).joined(separator: "-"))",
          "Tiers \(tiers) for the three postbacks: each postback follows its own tier; catches one tier applied to all, and a later postback sent at tier 0.",
          ["PB-2", "PB-3", "PB-4"] + (framework == "adattributionkit" ? ["PB-11"] : []), scenario)
      }
    }
  }

  /// Digit selection (PB-4) and truncation (PB-5).
  private static func digits(_ b: inout ScenarioBuilder) {
    let digitCases: [(slug: String, tiers: (Int, Int, Int), what: String)] = [
      (
        "digits-2-best-tier3", (3, 1, 0),
        "only the 2-digit crowd reaches tier 3: a tier-3 postback with 2 digits (\"39\") and the source app; catches deriving digits from the tier"
      ),
      (
        "digits-3-best", (2, 2, 1),
        "the 3-digit identifier ties the 2-digit one at tier 2: 3 digits win the tie; catches picking the shortest"
      ),
      ("digits-4-tie", (2, 2, 2), "all lengths at tier 2: 4 digits; catches fewer digits on a tie"),
      (
        "digits-4-over-lower", (0, 2, 2),
        "the 2-digit crowd is tier 0 but 3 and 4 digits reach tier 2: 4 digits at tier 2; catches taking the 2-digit tier as the postback's"
      ),
      (
        "digits-best-tier1", (1, 1, 1),
        "best tier 1: always 2 digits; catches 4 digits on a tie at a low tier"
      ),
      ("digits-best-tier0", (0, 0, 0), "best tier 0: 2 digits and nothing else"),
      (
        "digits-3-at-tier3", (2, 3, 2),
        "only the 3-digit crowd reaches tier 3: 3 digits with the source app; catches 4 digits by default at tier 3"
      ),
      ("digits-4-tier3-2-tier2", (2, 2, 3), "4 digits at tier 3 over 2 and 3 digits at tier 2"),
    ]
    for (slug, tiers, what) in digitCases {
      var scenario = Case()
      scenario.tiers = [tierObject(tiers), 1, 1]
      b.add(slug, "First postback: \(what).", ["PB-4", "PB-3"], scenario)
    }
    for (identifier, digits, mistake) in [
      (5239, 3, "the leftmost digits (523)"), (5239, 2, "the leftmost digits (52)"),
      (42, 4, "no zero-padding (\"42\" for 4 digits)"),
      (42, 3, "no zero-padding (\"42\" for 3 digits)"), (7, 2, "no zero-padding (\"7\" for 2 digits)"),
      (0, 4, "an empty or unpadded \"0\""),
      (9999, 3, "overflow or rounding"), (100, 2, "dropping the leading zero of \"00\""),
    ] {
      var scenario = Case()
      scenario.sourceIdentifier = identifier
      let tiers: (Int, Int, Int) =
        digits == 4 ? (2, 2, 2) : digits == 3 ? (2, 2, 1) : (1, 0, 0)
      scenario.tiers = [tierObject(tiers), 1, 1]
      b.add(
        "truncate-\(identifier)-to-\(digits)",
        "Source identifier \(identifier) cut to \(digits) digits keeps the rightmost digits of its four-digit form; catches \(mistake).",
        ["PB-5", "PB-4"], scenario)
    }
    var laterDigits = Case()
    laterDigits.tiers = [3, 3, 3]
    b.add(
      "later-postbacks-two-digits",
      "Tier 3 for all three: the second and third postbacks still carry 2 digits; catches the first postback's digits reused.",
      ["PB-4", "PB-3"], laterDigits)
  }

  /// Values (PB-6, PB-12, PB-13).
  private static func values(_ b: inout ScenarioBuilder) {
    var onlyFirst = Case()
    onlyFirst.updates = [(at(2, 0, 0, 0), 30, "high", false)]
    b.add(
      "only-window-0-updated",
      "Updates only in window 0: one postback; catches empty postbacks for windows without an update (kit-defined).",
      ["PB-6", "PB-2"], onlyFirst)
    var skipMiddle = Case()
    skipMiddle.updates = [(at(2, 0, 0, 0), 30, "high", false), (at(300, 0, 0, 0), 0, "low", false)]
    b.add(
      "window-1-skipped",
      "Updates in windows 0 and 2: postbacks 0 and 2, none for window 1; catches numbering by count instead of window.",
      ["PB-6", "PB-2"], skipMiddle)
    var noUpdates = Case()
    noUpdates.updates = []
    b.add(
      "no-updates",
      "No update at all: the first postback is still sent, without values (kit-defined); catches no postback for an install without updates.",
      ["PB-6", "PB-3"], noUpdates)
    var tier0Three = Case()
    tier0Three.tiers = [0, 0, 0]
    tier0Three.updates = [
      (at(1, 0, 0, 0), 5, "low", false), (at(50, 0, 0, 0), 0, "high", false), (at(300, 0, 0, 0), 0, "medium", false),
    ]
    b.add(
      "tier0-three-updates",
      "Tier 0 with an update in each window: one postback, no values; catches later postbacks at tier 0.",
      ["PB-2", "PB-3"], tags: ["tier-0"], tier0Three)
    var tier1FineOnly = Case()
    tier1FineOnly.tiers = [1, 1, 1]
    tier1FineOnly.updates = [(at(1, 0, 0, 0), 20, nil, false)]
    b.add(
      "tier1-fine-only-update",
      "Tier 1 with a fine-only update: the first postback has no value at all; catches a coarse value derived from the fine one.",
      ["PB-3", "PB-13", "SKN-4"], tier1FineOnly)
    var tier2CoarseOnly = Case()
    tier2CoarseOnly.tiers = [2, 2, 2]
    tier2CoarseOnly.updates = [(at(1, 0, 0, 0), 0, "high", false)]
    b.add(
      "tier2-fine-zero-with-coarse",
      "Tier 2, the app sent fine 0 with coarse high: the first postback carries fine 0 and no coarse; catches dropping a zero fine value or sending both.",
      ["PB-12", "PB-3"], tier2CoarseOnly)
    var decreasing = Case()
    decreasing.updates = [(at(1, 0, 0, 0), 50, "high", false), (at(20, 0, 0, 0), 10, "low", false)]
    b.add(
      "value-decreased",
      "Fine 50 then 10 in window 0: the postback carries 10; catches increase-only (SKAdNetwork 3) logic.",
      ["PB-13", "SKN-2"], decreasing)
    var lockedEarly = Case()
    lockedEarly.updates = [(at(1, 0, 0, 0), 50, "high", true), (at(20, 0, 0, 0), 10, "low", false)]
    b.add(
      "lock-freezes-value",
      "Fine 50 locked at 1 h, fine 10 at 20 h: the postback carries 50; catches updates after a lock.",
      ["PB-13", "LCK-1"], lockedEarly)
    var fineLater = Case()
    fineLater.tiers = [3, 3, 3]
    fineLater.updates = [(at(1, 0, 0, 0), 7, "low", false), (at(50, 0, 0, 0), 33, "medium", false)]
    b.add(
      "fine-not-in-window-1",
      "Fine 33 sent in window 1 at tier 3: the second postback carries only coarse medium; catches fine values after the first window.",
      ["PB-13", "SKN-1", "PB-3"], fineLater)
    var coarseCleared = Case()
    coarseCleared.tiers = [1, 1, 1]
    coarseCleared.updates = [(at(1, 0, 0, 0), 7, "high", false), (at(2, 0, 0, 0), 8, nil, false)]
    b.add(
      "coarse-cleared-tier1",
      "Tier 1, (7, high) then (8, no coarse): the first postback has no coarse value (SKN-4, kit-defined).",
      ["PB-13", "SKN-4"], coarseCleared)
  }

  /// Timing (PB-8).
  private static func timing(_ b: inout ScenarioBuilder) {
    var lock4759 = Case()
    lock4759.updates = [(at(47, 59, 59, 0), 22, "medium", true)]
    b.add(
      "lock-at-47h59m59s",
      "A lock at 47:59:59: final then, sent between 71:59:59 and 95:59:59; catches timing from the window's end after a lock.",
      ["PB-8", "LCK-1"], tags: ["edge-near"], lock4759)
    var lockW1 = Case()
    lockW1.updates = [(at(1, 0, 0, 0), 1, "low", false), (at(100, 0, 0, 0), 0, "high", true)]
    b.add(
      "lock-in-window-1",
      "A lock in window 1 at 100 h: the second postback is final at 100 h and sent 124-244 h; the first still waits for 48 h.",
      ["PB-8", "LCK-1"], lockW1)
    let unlocked = Case()
    b.add(
      "timing-unlocked",
      "No lock: final at 48 h, 168 h, 840 h; sent 72-96 h, 192-312 h, 864-984 h; catches 24-48 h for every postback or windows counted in days.",
      ["PB-8", "WIN-1"], unlocked)
    var developer = Case()
    developer.framework = "adattributionkit"
    developer.profile = "aak-developer"
    developer.sourceApp = 0
    developer.updates = [
      (at(0, 1, 0, 0), 5, "low", false), (at(0, 4, 0, 0), 0, "high", false), (at(0, 7, 0, 0), 0, "medium", true),
    ]
    b.add(
      "developer-mode-timing-publisher-0",
      "Developer Mode, a development ad (publisher 0): windows end at 3, 6, 9 minutes (the last locked at 7) and postbacks go 5-10 minutes later, at tier 3; catches production delays in developer mode.",
      ["PB-8", "WIN-5", "PB-11", "PB-17", "PB-22", "PB-23"], developer)
    var productionUnderDeveloper = developer
    productionUnderDeveloper.sourceApp = 1_234_567_891
    b.add(
      "developer-mode-production-ad",
      "Developer Mode with a production ad (publisher 1234567891): production windows and delays, so the three updates at 1, 4 and 7 minutes fall in window 0, one postback final at the lock and sent 24-48 h later; catches Developer Mode shortening a production ad's postbacks.",
      ["PB-17", "PB-8", "PB-11", "LCK-1"], productionUnderDeveloper)
    var skanProductionUnderDeveloper = productionUnderDeveloper
    skanProductionUnderDeveloper.framework = "skadnetwork"
    skanProductionUnderDeveloper.tiers = [3, 3, 3]
    skanProductionUnderDeveloper.updates = [
      (at(0, 1, 0, 0), 20, "medium", false), (at(0, 4, 0, 0), 0, "low", false), (at(0, 8, 0, 0), 0, "high", false),
    ]
    b.add(
      "skan-developer-production-ad",
      "Developer Mode with a production SKAdNetwork app ad (source app 1234567891), tier 3: production windows, so the last update (fine 0 at 8 minutes) is window 0's value and one postback is final at 48 h; catches Developer Mode applied to a production ad.",
      ["PB-17", "PB-8", "PB-3"], skanProductionUnderDeveloper)
    var skanWebDeveloper = skanProductionUnderDeveloper
    skanWebDeveloper.sourceApp = nil
    skanWebDeveloper.sourceDomain = "example.com"
    b.add(
      "skan-developer-web-ad",
      "Developer Mode with a SKAdNetwork web ad, which is always a development ad while the mode is on: windows end at 3, 6, 9 minutes, every postback sent 5-10 minutes after it is final; catches Developer Mode limited to source app 0.",
      ["PB-17", "PB-8", "WIN-5", "PB-3", "PB-22", "PB-23"], skanWebDeveloper)
    var loserLocked = Case()
    loserLocked.didWin = false
    loserLocked.updates = [(at(5, 0, 0, 0), 30, "high", true)]
    b.add(
      "loser-timed-like-first",
      "A losing network's postback is timed as the winner's first: locked at 5 h, sent 29-53 h; catches timing a loser from the install.",
      ["PB-8", "PB-7"], loserLocked)

    for framework in ["skadnetwork", "adattributionkit"] {
      for tier in [1, 3] {
        for lockedWindow in 0...2 {
          var scenario = Case()
          scenario.framework = framework
          if framework == "adattributionkit" { scenario.marketplace = "com.apple.AppStore" }
          scenario.tiers = [.integer(tier), .integer(tier), .integer(tier)]
          let lockAt = [at(10, 0, 0, 0), at(90, 0, 0, 0), at(400, 0, 0, 0)][lockedWindow]
          var updates: [Update] = [
            (at(2, 0, 0, 0), 12, "low", false), (at(60, 0, 0, 0), 9, "high", false),
            (at(200, 0, 0, 0), 3, "medium", false),
          ]
          updates[lockedWindow] = (lockAt, updates[lockedWindow].fine, updates[lockedWindow].coarse, true)
          scenario.updates = updates
          b.add(
            "\(framework == "skadnetwork" ? "skan" : "aak")-tier\(tier)-lock-window-\(lockedWindow)",
            "Tier \(tier), window \(lockedWindow) locked: that postback is final at the lock and sent 24 h later at the earliest; the others keep their windows' ends. Catches a lock moving every postback.",
            ["PB-8", "LCK-1", "LCK-2"] + (framework == "adattributionkit" ? ["PB-11"] : []), scenario)
        }
      }
      for tier in [1, 3] {
        var scenario = Case()
        scenario.framework = framework
        scenario.profile = "aak-developer"
        scenario.sourceApp = 0
        scenario.tiers = [.integer(tier), .integer(tier), .integer(tier)]
        scenario.updates = [
          (at(0, 1, 0, 0), 20, "medium", false), (at(0, 4, 0, 0), 0, "low", false), (at(0, 8, 0, 0), 0, "high", false),
        ]
        let skan = framework == "skadnetwork"
        b.add(
          "\(skan ? "skan" : "aak")-developer-\(skan ? "source-app" : "publisher")-0-tier\(tier)",
          "Developer-mode windows for a development ad (\(skan ? "source app" : "publisher") 0), tiers given as \(tier): postbacks final at 3, 6, 9 minutes and sent 5-10 minutes later, each at tier 3 whatever the tiers given (a development postback has the highest tier), the first with the app's fine value 20 and \(skan ? "source app" : "publisher") 0\(tier == 3 ? "" : "; catches the tiers given kept for a development postback").",
          ["PB-8", "WIN-5", "PB-17", "PB-22", "PB-23"] + (skan ? [] : ["PB-11"]), scenario)
        if tier == 1 && skan {
          var production = scenario
          production.profile = "production"
          production.updates = [(at(2, 0, 0, 0), 20, "medium", false), (at(60, 0, 0, 0), 9, "high", false)]
          b.add(
            "development-source-app-0-production-profile",
            "A development SKAdNetwork ad (source app 0) with Developer Mode off, tiers given as 1: production windows and delays, but every postback at tier 3 (fine 20 and `source-app-id` 0 in the first, a coarse value in the second); catches the tiers given kept for a development postback outside Developer Mode.",
            ["PB-22", "PB-19", "PB-8"], production)
        }
      }
    }
    for tier in 0...3 {
      var scenario = Case()
      scenario.framework = "adattributionkit"
      scenario.conversionType = "re-engagement"
      scenario.marketplace = "com.apple.AppStore"
      scenario.tiers = [.integer(tier), .integer(tier), .integer(tier)]
      b.add(
        "aak-reengagement-tier\(tier)",
        "A re-engagement winner at tier \(tier): conversion-type re-engagement with the usual fields for the tier.",
        ["PB-9", "PB-11", "PB-3"], scenario)
    }
    for (identifier, digits) in [(1000, 3), (10, 3), (99, 2)] {
      var scenario = Case()
      scenario.sourceIdentifier = identifier
      let tiers: (Int, Int, Int) = digits == 3 ? (2, 2, 1) : (1, 0, 0)
      scenario.tiers = [tierObject(tiers), 1, 1]
      b.add(
        "truncate-\(identifier)-to-\(digits)",
        "Source identifier \(identifier) cut to \(digits) digits of its four-digit form.", ["PB-5"], scenario)
    }
  }

  /// Ads signed before 4.0 (PB-10).
  private static func versionsBefore4(_ b: inout ScenarioBuilder) {
    for (version, tier, didWin) in [
      ("3.0", 3, true), ("3.0", 2, true), ("3.0", 1, true), ("3.0", 0, false), ("3.0", 3, false), ("2.2", 2, true),
      ("2.2", 2, false), ("2.1", 3, true), ("2.1", 1, true),
    ] {
      var scenario = Case()
      scenario.version = version
      scenario.sourceIdentifier = 42
      scenario.tiers = [.integer(tier), .integer(tier), .integer(tier)]
      scenario.didWin = didWin
      scenario.conversionType = "redownload"
      let expectation =
        !didWin && version != "3.0"
        ? "no postback: losing networks get one from 3.0 on"
        : didWin && tier >= 2
          ? "one postback with source-app-id and the fine value" : "one postback without source-app-id or value"
      b.add(
        "skan\(version.filter { $0 != "." })-tier\(tier)-\(didWin ? "winner" : "loser")",
        "An ad signed \(version), \(didWin ? "winner" : "loser"), tier \(tier): \(expectation), in the \(version) format; catches 4.0 fields or several postbacks for older ads.",
        ["PB-10"], scenario)
    }
  }

  /// AdAttributionKit specifics (PB-9, PB-11).
  private static func adAttributionKit(_ b: inout ScenarioBuilder) {
    for conversion in ["download", "redownload", "re-engagement", "reengagement"] {
      var scenario = Case()
      scenario.framework = "adattributionkit"
      scenario.adNetwork = "example.adattributionkit"
      scenario.conversionType = conversion
      scenario.marketplace = "com.apple.AppStore"
      scenario.tiers = [3, 1, 1]
      b.add(
        "aak-conversion-\(conversion)",
        conversion == "reengagement"
          ? "The input spelling `reengagement` (AAK-RCV) is read as `re-engagement`, which the postback carries; catches echoing the unhyphenated form."
          : "conversion-type \(conversion) in the JWS payload; catches SKAdNetwork's `redownload` boolean used instead.",
        ["PB-11"] + (conversion.hasPrefix("re") && conversion != "redownload" ? ["PB-9"] : []), scenario)
    }
    var reengagementLoser = Case()
    reengagementLoser.framework = "adattributionkit"
    reengagementLoser.conversionType = "re-engagement"
    reengagementLoser.didWin = false
    b.add(
      "aak-reengagement-loser",
      "A losing network of a re-engagement gets no postback at all; catches losing postbacks for re-engagements.",
      ["PB-9"], reengagementLoser)
    var reengagementView = Case()
    reengagementView.framework = "adattributionkit"
    reengagementView.conversionType = "re-engagement"
    reengagementView.interaction = "view"
    b.add(
      "aak-reengagement-view", "A re-engagement from a view cannot happen: `invalid-input`.", ["PB-9", "PB-1"],
      tags: ["bad-input"], reengagementView)
    for tier in [0, 1] {
      var scenario = Case()
      scenario.framework = "adattributionkit"
      scenario.marketplace = "com.apple.AppStore"
      scenario.tiers = [.integer(tier), 1, 1]
      b.add(
        "aak-marketplace-tier\(tier)",
        "marketplace-identifier at tier \(tier): \(tier == 0 ? "omitted" : "present (kit-defined, inferred from its omission at tier 0)").",
        ["PB-11"], scenario)
    }
    var aakView = Case()
    aakView.framework = "adattributionkit"
    aakView.interaction = "view"
    aakView.tiers = [3, 2, 2]
    b.add(
      "aak-view-interaction",
      "A view: ad-interaction-type `view` outside the JWS; catches it inside the payload or as fidelity-type.",
      ["PB-11"], aakView)
    var skanView = Case()
    skanView.interaction = "view"
    b.add(
      "skan-view-fidelity-0", "A view-through SKAdNetwork ad: fidelity-type 0; catches 1 for every ad.", ["PB-3"],
      skanView)
    var web = Case()
    web.sourceApp = nil
    web.sourceDomain = "example.com"
    web.tiers = [3, 1, 1]
    b.add(
      "skan-web-ad-tier3", "A web ad at tier 3: source-domain instead of source-app-id; catches both or neither.",
      ["PB-3"], web)
    var noCountry = Case()
    noCountry.country = nil
    noCountry.tiers = [3, 3, 3]
    b.add(
      "tier3-no-country-crowd",
      "Tier 3 but the country's crowd is too small (no country given): no country-code; catches a placeholder country.",
      ["PB-3"], noCountry)
  }

  /// Apple's published examples, rebuilt from scenarios.
  private static func appleExamples(_ b: inout ScenarioBuilder) {
    var apple1 = Case()
    apple1.adNetwork = "com.example"
    apple1.sourceApp = nil
    apple1.sourceDomain = "example.com"
    apple1.country = nil
    apple1.tiers = [3, 3, 3]
    apple1.updates = [(at(1, 0, 0, 0), 63, nil, false)]
    apple1.ids = [
      "6aafb7a5-0170-41b5-bbe4-fe71dedf1e30", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e31",
      "6aafb7a5-0170-41b5-bbe4-fe71dedf1e32",
    ]
    b.add(
      "apple-example-4-0-high-tier",
      "Rebuilds Apple's example postback (Verifying an install-validation postback, first example: web ad, fine 63, source identifier 5239) from a scenario; every field matches Apple's.",
      ["PB-3", "PB-4"], tags: ["apple-example"], apple1)
    var apple2 = apple1
    apple2.tiers = [1, 1, 1]
    apple2.updates = [(at(1, 0, 0, 0), 63, "high", false)]
    apple2.ids = [
      "6aafb7a5-0170-41b5-bbe4-fe71dedf1e31", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e32",
      "6aafb7a5-0170-41b5-bbe4-fe71dedf1e33",
    ]
    b.add(
      "apple-example-4-0-low-tier",
      "Rebuilds Apple's second example (low tier, coarse high, source identifier 39). Every field matches except source-domain: Apple's example carries it at a tier where Apple's own table omits it; the kit follows the table.",
      ["PB-3", "PB-4"], tags: ["apple-example"], apple2)
    var apple3 = Case()
    apple3.version = "3.0"
    apple3.sourceIdentifier = 42
    apple3.conversionType = "redownload"
    apple3.tiers = [3, 3, 3]
    apple3.updates = [(at(1, 0, 0, 0), 20, nil, false)]
    apple3.ids = ["6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "x", "x"]
    b.add(
      "apple-example-3-0-winning",
      "Rebuilds Apple's SKAdNetwork 3 winning example (campaign 42, source app 1234567891, value 20, redownload).",
      ["PB-10"], tags: ["apple-example"], apple3)
    var apple4 = apple3
    apple4.didWin = false
    apple4.ids = ["f9ac267a-a889-44ce-b5f7-0166d11461f0", "x", "x"]
    b.add(
      "apple-example-3-0-nonwinning",
      "Rebuilds Apple's SKAdNetwork 3 non-winning example: no source-app-id, no conversion-value.", ["PB-10", "PB-7"],
      tags: ["apple-example"], apple4)
    var apple5 = apple3
    apple5.version = "2.2"
    apple5.adNetwork = "com.example"
    b.add(
      "apple-example-2-2", "Rebuilds Apple's SKAdNetwork 2.2 example: fidelity-type, no did-win.", ["PB-10"],
      tags: ["apple-example"], apple5)
    var apple6 = apple5
    apple6.version = "2.1"
    b.add(
      "apple-example-2-1", "Rebuilds the SKAdNetwork 2.1 example: no fidelity-type, no did-win.", ["PB-10"],
      tags: ["apple-example"], apple6)

    var afterPeriod = Case()
    afterPeriod.updates = [
      (at(1, 0, 0, 0), 10, "low", false), (at(200, 0, 0, 0), 0, "high", false), (at(840, 0, 0, 0), 0, "medium", false),
    ]
    b.add(
      "update-after-period-ignored",
      "An update at exactly 840 h is ignored: the third postback carries the 200 h value; catches an inclusive end of the period.",
      ["PB-13", "SKN-3", "WIN-3"], tags: ["edge-exact"], afterPeriod)
    var onEdge = Case()
    onEdge.updates = [(at(1, 0, 0, 0), 10, "low", false), (at(48, 0, 0, 0), 5, "high", false)]
    b.add(
      "update-on-48h-edge",
      "An update at exactly 48 h belongs to window 1: the first postback keeps fine 10 and the second carries high; catches inclusive edges.",
      ["PB-13", "WIN-3", "PB-6"], tags: ["edge-exact"], onEdge)
    var legacyDecrease = Case()
    legacyDecrease.version = "3.0"
    legacyDecrease.sourceIdentifier = 42
    legacyDecrease.updates = [(at(1, 0, 0, 0), 30, nil, false), (at(2, 0, 0, 0), 10, nil, false)]
    b.add(
      "skan30-value-decreased",
      "An ad signed 3.0, fine 30 at 1 h then 10 at 2 h: the value of an ad signed before 4.0 only increases (Apple: updatePostbackConversionValue(_:completionHandler:), version 3 ads and earlier), so the postback carries 30, final at 25 h; catches SKAdNetwork 4's last-value rule applied to an old ad.",
      ["PB-10", "PB-14"], legacyDecrease)
    var appleAAK = Case()
    appleAAK.framework = "adattributionkit"
    appleAAK.adNetwork = "development.adattributionkit"
    appleAAK.conversionType = "re-engagement"
    appleAAK.sourceIdentifier = 1234
    appleAAK.advertisedApp = 10_738_027_756
    appleAAK.sourceApp = 0
    appleAAK.marketplace = "com.apple.AppStore"
    appleAAK.tiers = [3, 3, 3]
    appleAAK.updates = [(at(1, 0, 0, 0), 24, nil, false)]
    appleAAK.ids = ["85546EB7-FD39-44BC-8990-C98A4AC36A49", "x", "y"]
    b.add(
      "apple-example-aak-reengagement",
      "Rebuilds the payload and outer members of Apple's signed AdAttributionKit development example (re-engagement, source 1234, publisher 0, fine 24, US).",
      ["PB-11", "PB-9", "PB-3"], tags: ["apple-example"], appleAAK)
  }

  /// Impossible scenarios (PB-1).
  private static func impossible(_ b: inout ScenarioBuilder) {
    var twoTiers = Case()
    twoTiers.tiers = [2, 2]
    b.add(
      "invalid-two-tiers", "Tiers for two postbacks only: `invalid-input`.", ["PB-1"], tags: ["bad-input"], twoTiers)
    var tier4 = Case()
    tier4.tiers = [4, 2, 2]
    b.add("invalid-tier-4", "Tier 4 does not exist: `invalid-input`.", ["PB-1"], tags: ["bad-input"], tier4)
    var v1 = Case()
    v1.version = "1.0"
    b.add(
      "invalid-version-1-0", "Version 1.0 postbacks are not modelled: `invalid-input`.", ["PB-1"], tags: ["bad-input"],
      v1)
    var skanReengagement = Case()
    skanReengagement.conversionType = "re-engagement"
    b.add(
      "invalid-skan-reengagement", "SKAdNetwork has no re-engagement: `invalid-input`.", ["PB-1"], tags: ["bad-input"],
      skanReengagement)
    var both = Case()
    both.sourceDomain = "example.com"
    b.add(
      "invalid-app-and-domain", "A source app and a source domain together: `invalid-input`.", ["PB-1"],
      tags: ["bad-input"], both)
    var bigSID = Case()
    bigSID.sourceIdentifier = 10_000
    b.add(
      "invalid-source-identifier-10000", "Source identifier 10000 has five digits: `invalid-input`.", ["PB-1"],
      tags: ["bad-input"], bigSID)
    var campaign = Case()
    campaign.version = "3.0"
    campaign.sourceIdentifier = 101
    b.add(
      "invalid-campaign-101", "Campaign ID 101 before 4.0: `invalid-input`.", ["PB-1"], tags: ["bad-input"], campaign)
    var view21 = Case()
    view21.version = "2.1"
    view21.sourceIdentifier = 42
    view21.interaction = "view"
    b.add(
      "invalid-view-signed-2-1",
      "A view-through ad signed 2.1: view-through ads exist from SKAdNetwork 2.2 on, so `invalid-input`; catches a 2.1 postback written for a view.",
      ["PB-1"], tags: ["bad-input"], view21)
    var badUpdate = Case()
    badUpdate.updates = [(at(1, 0, 0, 0), 64, nil, false)]
    b.add(
      "invalid-update-value", "An update with fine 64: `fine-out-of-range` for the scenario.", ["PB-1", "VAL-1"],
      tags: ["bad-input"], badUpdate)
  }
}

extension PostbackScenarios {
  /// An AdAttributionKit winner at tier 3 with updates in window 0 (1 h) and window 1 (100 h)
  /// unless a case says otherwise.
  fileprivate static func closable() -> Case {
    var scenario = Case()
    scenario.framework = "adattributionkit"
    scenario.adNetwork = "example.adattributionkit"
    scenario.marketplace = "com.apple.AppStore"
    scenario.sourceApp = 1_234_567_891
    scenario.tiers = [3, 3, 3]
    scenario.updates = [(at(1, 0, 0, 0), 10, "low", false), (at(100, 0, 0, 0), 20, "medium", false)]
    return scenario
  }

  /// A later re-engagement closes the conversion (PB-20): windows not yet final are final at
  /// `closed_at`, updates from then on belong to the new conversion.
  fileprivate static func closing(_ b: inout ScenarioBuilder) {
    var inWindow0 = closable()
    inWindow0.updates = [(at(1, 0, 0, 0), 10, "low", false)]
    inWindow0.closedAt = at(10, 0, 0, 0)
    b.add(
      "closed-in-window-0",
      "A re-engagement at 10 h closes the install: postback 0 is final at 10 h and sent 34-58 h, no postbacks 1 and 2; catches the close ignored (final at 48 h).",
      ["PB-20", "PB-8"], inWindow0)
    var inWindow1 = closable()
    inWindow1.closedAt = at(120, 0, 0, 0)
    b.add(
      "closed-in-window-1",
      "Updates at 1 h and 100 h, closed at 120 h: postback 0 keeps its 48 h end, postback 1 is final at 120 h (sent 144-264 h), no postback 2; catches the open window dropped instead of sent.",
      ["PB-20", "PB-6", "PB-8"], inWindow1)
    var beforeUpdate = closable()
    beforeUpdate.updates = [(at(1, 0, 0, 0), 10, "low", false), (at(130, 0, 0, 0), 20, "medium", false)]
    beforeUpdate.closedAt = at(100, 0, 0, 0)
    b.add(
      "closed-before-window-1-update",
      "Closed at 100 h, window 1 open but its only update at 130 h, after the close: no postback 1 (the update belongs to the new conversion); catches updates after the close applied.",
      ["PB-20", "PB-6"], beforeUpdate)
    var afterLock = closable()
    afterLock.updates = [(at(1, 0, 0, 0), 10, "low", true)]
    afterLock.closedAt = at(10, 0, 0, 0)
    b.add(
      "closed-after-lock",
      "Window 0 locked at 1 h, closed at 10 h: postback 0 keeps its lock time (final at 1 h, sent 25-49 h); catches every window re-timed at the close.",
      ["PB-20", "LCK-1"], afterLock)
    var atClose = closable()
    atClose.updates = [(at(1, 0, 0, 0), 10, "low", false), (at(10, 0, 0, 0), 50, "high", false)]
    atClose.closedAt = at(10, 0, 0, 0)
    b.add(
      "closed-update-at-close-ignored",
      "An update at exactly the close (10 h) belongs to the new conversion: postback 0 carries fine 10 from 1 h; catches `<=` (kit-defined edge, half-open as WIN-3).",
      ["PB-20"], tags: ["edge-exact"], atClose)
    var loser = closable()
    loser.didWin = false
    loser.closedAt = at(10, 0, 0, 0)
    b.add(
      "closed-loser",
      "A losing network's postback 0 is closed like the winner's: final at 10 h, sent 34-58 h; catches the close applied to winners only.",
      ["PB-20", "PB-2"], loser)
    var developer = closable()
    developer.profile = "aak-developer"
    developer.sourceApp = 0
    developer.updates = [(at(0, 1, 0, 0), 5, "low", false)]
    developer.closedAt = at(0, 2, 0, 0)
    b.add(
      "closed-developer-mode",
      "Developer Mode, a development ad closed at 2 minutes: final then, sent 7-12 minutes after T0; catches the production delays after a close.",
      ["PB-20", "PB-17", "PB-8"], developer)
    var skadnetwork = Case()
    skadnetwork.updates = [(at(1, 0, 0, 0), 10, "low", false)]
    skadnetwork.closedAt = at(10, 0, 0, 0)
    b.add(
      "closed-skadnetwork-4",
      "An install from an ad signed 4.0, closed at 10 h by an AdAttributionKit re-engagement: final at 10 h (kit-defined: Apple's \"existing install\" read for both frameworks); catches AdAttributionKit-only closing, the stated alternative.",
      ["PB-20"], skadnetwork)
    var legacy = Case()
    legacy.version = "3.0"
    legacy.sourceIdentifier = 42
    legacy.sourceDomain = nil
    legacy.updates = [(at(1, 0, 0, 0), 10, nil, false), (at(12, 0, 0, 0), 20, nil, false)]
    legacy.closedAt = at(5, 0, 0, 0)
    b.add(
      "closed-legacy-3-0",
      "An ad signed 3.0 closed at 5 h: its one postback is final then with value 10 (the 12 h update comes after the close), sent 5-29 h; catches the 24-hour timer left running.",
      ["PB-20", "PB-15"], legacy)
    var lower = Case()
    lower.country = "us"
    b.add(
      "invalid-country-code-lower-case",
      "`country_code` `us`: `invalid-input` (kit-defined: two upper-case letters, as Apple's examples write it); catches the code passed through unchecked.",
      ["PB-21", "PB-1"], tags: ["bad-input"], lower)
    var subdivision = Case()
    subdivision.country = "US-CA"
    b.add(
      "invalid-country-code-subdivision",
      "`country_code` `US-CA`, an ISO 3166-2 subdivision code: `invalid-input` (Apple's \"ISO 3166-2 two-letter\" read as two letters); catches any string accepted.",
      ["PB-21", "PB-1"], tags: ["bad-input"], subdivision)
    var early = closable()
    early.closedAt = ScenarioTime.t0 - 1
    b.add(
      "invalid-closed-before-t0",
      "A conversion closed 1 ms before its T0: `invalid-input`; catches a negative close accepted.",
      ["PB-20", "PB-1"], tags: ["bad-input"], early)
  }
}

extension ScenarioBuilder {
  /// Adds a postback case.
  fileprivate mutating func add(
    _ slug: String, _ description: String, _ requirements: [String], tags: [String] = [],
    _ scenario: PostbackScenarios.Case
  ) {
    add(slug, description, requirements, tags: tags, scenario.json)
  }
}

/// The postback suite's scenarios (its part in vector generation).
extension PostbackSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { PostbackScenarios.self }
}
