import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

extension AttributionSuite: FuzzSuite {
  /// Random inputs from ``ScenarioGenerator/attribution(_:)``; a finding is filed under AT-4.
  public static var generator: FuzzGenerator? { FuzzGenerator(requirement: "AT-4", ScenarioGenerator.attribution) }
}

extension ScenarioGenerator {
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
