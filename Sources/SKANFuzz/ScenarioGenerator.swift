public import SKANJSON
public import SKANModel
import SKANSuites
import SKANVocabulary

/// Random inputs for each suite, biased toward the places where implementations differ:
/// window edges, locks, tiers, boundary values.
public enum ScenarioGenerator {
  static let hour = Milliseconds.hour
  /// T0 and the model's window ends (WIN-1, WIN-5): the generator biases times toward them.
  static let edges = [0] + WindowProfile.production.windowEnds
  static let developerEdges = [0] + WindowProfile.aakDeveloper.windowEnds

  /// A random input for `suite`; an empty object for a suite without a generator.
  public static func input(for suite: Suite, random: inout SeededRandom) -> JSONValue {
    FuzzSuites.suite(suite)?.randomInput(&random) ?? [:]
  }

  /// The suites the generator covers: those with a `FuzzSuite` conformance, in registry order.
  public static var suites: [Suite] { FuzzSuites.all.map { $0.id } }

  // MARK: - Building blocks

  static func offset(_ random: inout SeededRandom, developer: Bool = false) -> Int {
    let edge = random.pick(developer ? developerEdges : edges)
    switch random.int(0...4) {
    case 0: return edge
    case 1: return max(0, edge + random.pick([-1, 1, -1000, 1000, -999]))
    case 2: return max(0, edge - random.int(0...(developer ? 60_000 : 3 * hour)))
    default: return random.int(0...(developer ? 600_000 : 900 * hour))
    }
  }

  static func t0(_ random: inout SeededRandom) -> Int {
    random.pick([0, 1_700_000_000_123, random.int(1...2_000_000_000_000)])
  }

  static func coarse(_ random: inout SeededRandom) -> JSONValue {
    random.chance(0.3)
      ? .null : .string(random.pick(["low", "medium", "high", "low", "medium", "high", "HIGH", " low"]))
  }

  static func fine(_ random: inout SeededRandom) -> JSONValue {
    random.chance(0.9) ? .integer(random.int(0...63)) : random.pick([64, -1, .double(12.5), "12", .double(20.0)])
  }

  static func updates(_ random: inout SeededRandom, t0: Int, developer: Bool, count: ClosedRange<Int>) -> [JSONValue] {
    let times = (0..<random.int(count)).map { _ in t0 + offset(&random, developer: developer) }.sorted()
    return times.map { time in
      ValuesSuite.Update.object([
        .at: .integer(time), .fine: fine(&random), .coarse: coarse(&random), .lock: .bool(random.chance(0.2)),
      ])
    }
  }

  // MARK: - Suites

  static func window(_ random: inout SeededRandom) -> JSONValue {
    let developer = random.chance(0.25)
    let start = t0(&random)
    let at = random.chance(0.05) ? start - random.int(1...100_000) : start + offset(&random, developer: developer)
    return WindowSuite.Input.object([
      .profile: .string(developer ? WindowProfile.aakDeveloper.rawValue : WindowProfile.production.rawValue),
      .t0: .integer(start), .at: .integer(at),
    ])
  }

  static func values(_ random: inout SeededRandom) -> JSONValue {
    func op(_ operation: ValuesSuite.Operation) -> JSONValue { .string(operation.rawValue) }
    switch random.int(0...5) {
    case 0: return ValuesSuite.Input.object([.op: op(.fine), .value: fine(&random)])
    case 1: return ValuesSuite.Input.object([.op: op(.coarse), .value: coarse(&random)])
    case 2:
      return ValuesSuite.Input.object([
        .op: op(.coarseCode), .value: random.pick([0, 1, 2, 3, -1, .double(1.0), .double(1.5), "2"]),
      ])
    case 3: return ValuesSuite.Input.object([.op: op(.synthesizeFine), .coarse: coarse(&random)])
    case 4: return ValuesSuite.Input.object([.op: op(.lock), .value: random.pick([true, false, "false", 1, .null])])
    default:
      let developer = random.chance(0.2)
      let start = t0(&random)
      return ValuesSuite.Input.object([
        .op: op(.timeline),
        .profile: .string(developer ? WindowProfile.aakDeveloper.rawValue : WindowProfile.production.rawValue),
        .t0: .integer(start),
        .updates: .array(updates(&random, t0: start, developer: developer, count: 0...6)),
      ])
    }
  }

  static func lifecycle(_ random: inout SeededRandom) -> JSONValue {
    let start = 1_700_000_000_000 + random.int(0...999)
    var time = start
    var steps: [JSONValue] = []
    for index in 0..<random.int(1...7) {
      if index > 0 { time += random.pick([0, 1000, hour, 47 * hour, 48 * hour, 120 * hour, 700 * hour]) }
      switch random.int(0...5) {
      case 0:
        steps.append(
          LifecycleSuite.Step.object([
            .at: .integer(time), .op: .string(LifecycleSuite.StepOperation.register.rawValue),
          ]))
      case 1, 2, 3:
        var response: [String: JSONValue] = ["status": "ok"]
        if random.chance(0.85) { response["conversion_value"] = fine(&random) }
        if random.chance(0.6) { response["skan_updated_coarse_value"] = random.pick([0, 1, 2, 3]) }
        if random.chance(0.3) { response["skan_updated_lock_window_value"] = random.pick([true, false, 1, "true"]) }
        if random.chance(0.05) { response = ["status": "error", "reason": "x"] }
        steps.append(
          LifecycleSuite.Step.object([
            .at: .integer(time), .op: .string(LifecycleSuite.StepOperation.serverResponse.rawValue),
            .response: .object(response),
          ]))
      default:
        steps.append(
          LifecycleSuite.Step.object([
            .at: .integer(time), .op: .string(LifecycleSuite.StepOperation.revenue.rawValue),
            .amount: random.pick([.double(0.1), .double(1.5), 0, .double(-2.0), .double(12345.67)]),
            .currency: random.pick(["USD", "EUR", "usd"]), .admon: .bool(random.chance(0.3)),
          ]))
      }
    }
    return LifecycleSuite.Input.object([.steps: .array(steps)])
  }

  static func metadata(_ random: inout SeededRandom) -> JSONValue {
    var members: [String: JSONValue] = [:]
    if random.chance(0.6) {
      members["skan_conversion_value"] = .string(random.pick(["0", "12", "63", "64", "-1", "", "012", "abc"]))
    }
    if random.chance(0.5) {
      members["skan_coarse_value"] = .string(random.pick(["low", "medium", "high", "HIGH", ""]))
    }
    if random.chance(0.4) {
      members["skan_lock_window"] = .string(random.pick(["true", "false", "YES", "no", "1", "0", "on"]))
    }
    if random.chance(0.4) { members["skoverlay_app_id"] = .string(random.pick(["123456789", "0123", "id1"])) }
    if random.chance(0.3) { members["skoverlay_position"] = .string(random.pick(["bottom", "bottomRaised", "top"])) }
    if random.chance(0.3) { members["skoverlay_dismissible"] = .string(random.pick(["true", "false", "NO", "maybe"])) }
    let ios = random.pick(["13.7", "14.0", "15.3.1", "15.4", "15.10", "16.0.9", "16.1", "17.2", "26.0", "9.3", "16."])
    return MetadataSuite.Input.object([.metadata: .object(members), .iosVersion: .string(ios)])
  }

  static func postback(_ random: inout SeededRandom) -> JSONValue {
    let framework = random.pick(["skadnetwork", "adattributionkit"])
    let developer = random.chance(0.15)
    let start = 1_700_000_000_123
    func tier() -> JSONValue {
      random.chance(0.8)
        ? .integer(random.int(0...3))
        : PostbackSuite.TierDigits.object([
          .two: .integer(random.int(0...3)), .three: .integer(random.int(0...3)), .four: .integer(random.int(0...3)),
        ])
    }
    // PB-17: Developer Mode shortens a development ad's postbacks (source app 0) only.
    let sourceApp: JSONValue =
      random.chance(0.8) ? (developer && random.chance(0.8) ? 0 : 1_234_567_891) : .null
    var input = PostbackSuite.Input.object([
      .framework: .string(framework), .didWin: .bool(random.chance(0.75)),
      .interaction: .string(random.pick(["click", "view"])),
      .conversionType: .string(
        framework == "adattributionkit"
          ? random.pick(["download", "redownload", "re-engagement"]) : random.pick(["download", "redownload"])),
      .profile: .string(developer ? WindowProfile.aakDeveloper.rawValue : WindowProfile.production.rawValue),
      .t0: .integer(start),
      .updates: .array(
        updates(&random, t0: start, developer: developer, count: 0...5).map { update in
          update.objectValue.map { members in
            var fixed = JSONValue.object(members).setting(PostbackSuite.Update.fine, .integer(random.int(0...63)))
            if let coarse = fixed[PostbackSuite.Update.coarse]?.stringValue, CoarseValue(rawValue: coarse) == nil {
              fixed = fixed.setting(PostbackSuite.Update.coarse, .null)
            }
            return fixed
          } ?? update
        }),
      .tiers: [tier(), tier(), tier()],
      .ad: PostbackSuite.Ad.object([
        .adNetworkID: "net.skadnetwork", .sourceIdentifier: .integer(random.pick([5239, 42, 7, 0, 9999, 1000])),
        .advertisedAppID: 525_463_029, .sourceAppID: sourceApp,
        .sourceDomain: .null, .countryCode: random.chance(0.5) ? "US" : .null,
        .marketplaceID: framework == "adattributionkit" && random.chance(0.7) ? "com.apple.AppStore" : .null,
      ]),
      .postbackIDs: ["a", "b", "c"],
    ])
    if framework == "skadnetwork" {
      let version = random.chance(0.8) ? "4.0" : random.pick(["3.0", "2.2", "2.1"])
      input = input.setting(PostbackSuite.Input.adVersion, .string(version))
      if version != "4.0" {
        let ad = (input[PostbackSuite.Input.ad] ?? .null)
          .setting(PostbackSuite.Ad.sourceIdentifier, .integer(random.int(1...100)))
        input = input.setting(PostbackSuite.Input.ad, ad)
      }
    }
    if input[PostbackSuite.Input.conversionType] == "re-engagement" {
      input = input.setting(PostbackSuite.Input.interaction, "click")
    }
    if input[PostbackSuite.Input.adVersion] == "2.1" {
      input = input.setting(PostbackSuite.Input.interaction, "click")  // PB-1: views from 2.2 on
    }
    // PB-20: sometimes closed by a later re-engagement, near an update or a window's end.
    if random.chance(0.25) {
      let updateTimes = (input[PostbackSuite.Input.updates]?.arrayValue ?? []).compactMap {
        $0[PostbackSuite.Update.at]?.exactInteger
      }
      let near =
        random.chance(0.5) && !updateTimes.isEmpty
        ? random.pick(updateTimes) : start + offset(&random, developer: developer)
      input = input.setting(
        PostbackSuite.Input.closedAt, .integer(max(start, near + random.pick([0, 0, 1, -1, 3_600_000]))))
    }
    return input
  }

  static func attribution(_ random: inout SeededRandom) -> JSONValue {
    let event = 1_800_000_000_000
    let kind = random.chance(0.8) ? "install" : "re-engagement"
    let day = 24 * hour
    let impressions: [JSONValue] = (0..<random.int(0...9)).map { index in
      let age = random.pick([
        0, 1000, 23 * hour, 24 * hour, 24 * hour - 1, 2 * day, 29 * day, 30 * day, random.int(0...(31 * day)),
      ])
      return AttributionSuite.Impression.object([
        .id: .string("i\(index)"), .framework: .string(random.pick(["skadnetwork", "adattributionkit"])),
        .adNetworkID: .string("net-\(random.int(0...4))"), .interaction: .string(random.pick(["click", "view"])),
        .at: .integer(event - age), .sourceAppID: .integer(random.pick([1, 1, 2])),
        .eligibleForReengagement: .bool(random.chance(0.6)),
        .environment: .string(random.chance(0.85) ? "production" : "development"),
      ])
    }
    typealias Configuration = AttributionSuite.Configuration
    var configuration: JSONValue = [:]
    if random.chance(0.3) {
      configuration = configuration.setting(
        Configuration.attributionWindows,
        [
          "global": AttributionSuite.AttributionWindow.object([.view: .integer(random.int(1...7))]),
          "net-1": AttributionSuite.AttributionWindow.object([
            .click: .integer(random.int(1...30)), .ignoreInteractionType: random.chance(0.5) ? "view" : .null,
          ]),
        ])
    }
    if random.chance(0.2) {
      configuration = configuration.setting(Configuration.installCooldownHours, .integer(random.int(0...48)))
    }
    if random.chance(0.2) {
      configuration = configuration.setting(Configuration.reengagementCooldownHours, .integer(random.int(0...48)))
    }
    let firstUpdate: JSONValue =
      random.chance(0.9) ? .integer(event + random.pick([hour, 2 * day - 1, 2 * day, 59 * day])) : .null
    var lastConversion: JSONValue = .null
    var lastKind: JSONValue = .null
    if random.chance(0.2) {
      lastConversion = .integer(event - random.pick([24 * hour, 24 * hour - 1, random.int(0...(48 * hour))]))
      lastKind = .string(random.pick(["install", "re-engagement"]))
    }
    // AT-19: counts around the limit, limits sometimes absent.
    var limits: JSONValue = .null
    if random.chance(0.3) {
      limits = AttributionSuite.ReengagementLimits.object([
        .appMonthUsed: .integer(random.int(0...4)), .appMonthLimit: random.pick([.null, 3, 4]),
        .deviceYearUsed: .integer(random.int(48...51)), .deviceYearLimit: random.pick([.null, 50]),
      ])
    }
    return AttributionSuite.Input.object([
      .event: AttributionSuite.Event.object([
        .kind: .string(kind), .at: .integer(event), .firstUpdateAt: firstUpdate,
        .lastConversionAt: lastConversion, .lastConversionKind: lastKind, .reengagementLimits: limits,
      ]),
      .impressions: .array(impressions),
      .configuration: configuration,
    ])
  }
}
