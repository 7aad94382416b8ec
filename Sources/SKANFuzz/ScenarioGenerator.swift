public import SKANJSON
public import SKANModel
import SKANSuites

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
      ["at": .integer(time), "fine": fine(&random), "coarse": coarse(&random), "lock": .bool(random.chance(0.2))]
    }
  }

  // MARK: - Suites

  static func window(_ random: inout SeededRandom) -> JSONValue {
    let developer = random.chance(0.25)
    let start = t0(&random)
    let at = random.chance(0.05) ? start - random.int(1...100_000) : start + offset(&random, developer: developer)
    return ["profile": developer ? "aak-developer" : "production", "t0": .integer(start), "at": .integer(at)]
  }

  static func values(_ random: inout SeededRandom) -> JSONValue {
    switch random.int(0...5) {
    case 0: return ["op": "fine", "value": fine(&random)]
    case 1: return ["op": "coarse", "value": coarse(&random)]
    case 2: return ["op": "coarse-code", "value": random.pick([0, 1, 2, 3, -1, .double(1.0), .double(1.5), "2"])]
    case 3: return ["op": "synthesize-fine", "coarse": coarse(&random)]
    case 4: return ["op": "lock", "value": random.pick([true, false, "false", 1, .null])]
    default:
      let developer = random.chance(0.2)
      let start = t0(&random)
      return [
        "op": "timeline", "profile": developer ? "aak-developer" : "production", "t0": .integer(start),
        "updates": .array(updates(&random, t0: start, developer: developer, count: 0...6)),
      ]
    }
  }

  static func lifecycle(_ random: inout SeededRandom) -> JSONValue {
    let start = 1_700_000_000_000 + random.int(0...999)
    var time = start
    var steps: [JSONValue] = []
    for index in 0..<random.int(1...7) {
      if index > 0 { time += random.pick([0, 1000, hour, 47 * hour, 48 * hour, 120 * hour, 700 * hour]) }
      switch random.int(0...5) {
      case 0: steps.append(["at": .integer(time), "op": "register"])
      case 1, 2, 3:
        var response: [String: JSONValue] = ["status": "ok"]
        if random.chance(0.85) { response["conversion_value"] = fine(&random) }
        if random.chance(0.6) { response["skan_updated_coarse_value"] = random.pick([0, 1, 2, 3]) }
        if random.chance(0.3) { response["skan_updated_lock_window_value"] = random.pick([true, false, 1, "true"]) }
        if random.chance(0.05) { response = ["status": "error", "reason": "x"] }
        steps.append(["at": .integer(time), "op": "server-response", "response": .object(response)])
      default:
        steps.append([
          "at": .integer(time), "op": "revenue",
          "amount": random.pick([.double(0.1), .double(1.5), 0, .double(-2.0), .double(12345.67)]),
          "currency": random.pick(["USD", "EUR", "usd"]), "admon": .bool(random.chance(0.3)),
        ])
      }
    }
    return ["steps": .array(steps)]
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
    return ["metadata": .object(members), "ios_version": .string(ios)]
  }

  static func postback(_ random: inout SeededRandom) -> JSONValue {
    let framework = random.pick(["skadnetwork", "adattributionkit"])
    let developer = random.chance(0.15)
    let start = 1_700_000_000_123
    func tier() -> JSONValue {
      random.chance(0.8)
        ? .integer(random.int(0...3))
        : ["2": .integer(random.int(0...3)), "3": .integer(random.int(0...3)), "4": .integer(random.int(0...3))]
    }
    // PB-17: Developer Mode shortens a development ad's postbacks (source app 0) only.
    let sourceApp: JSONValue =
      random.chance(0.8) ? (developer && random.chance(0.8) ? 0 : 1_234_567_891) : .null
    var input: [String: JSONValue] = [
      "framework": .string(framework), "did_win": .bool(random.chance(0.75)),
      "interaction": .string(random.pick(["click", "view"])),
      "conversion_type": .string(
        framework == "adattributionkit"
          ? random.pick(["download", "redownload", "re-engagement"]) : random.pick(["download", "redownload"])),
      "profile": developer ? "aak-developer" : "production", "t0": .integer(start),
      "updates": .array(
        updates(&random, t0: start, developer: developer, count: 0...5).map { update in
          update.objectValue.map { members in
            var fixed = members
            fixed["fine"] = .integer(random.int(0...63))
            if let coarse = fixed["coarse"]?.stringValue, !["low", "medium", "high"].contains(coarse) {
              fixed["coarse"] = .null
            }
            return .object(fixed)
          } ?? update
        }),
      "tiers": [tier(), tier(), tier()],
      "ad": [
        "ad_network_id": "net.skadnetwork", "source_identifier": .integer(random.pick([5239, 42, 7, 0, 9999, 1000])),
        "advertised_app_id": 525_463_029, "source_app_id": sourceApp,
        "source_domain": .null, "country_code": random.chance(0.5) ? "US" : .null,
        "marketplace_id": framework == "adattributionkit" && random.chance(0.7) ? "com.apple.AppStore" : .null,
      ],
      "postback_ids": ["a", "b", "c"],
    ]
    if framework == "skadnetwork" {
      let version = random.chance(0.8) ? "4.0" : random.pick(["3.0", "2.2", "2.1"])
      input["ad_version"] = .string(version)
      if version != "4.0" {
        input["ad"] = (input["ad"] ?? .null).setting("source_identifier", .integer(random.int(1...100)))
      }
    }
    if input["conversion_type"] == "re-engagement" { input["interaction"] = "click" }
    if input["ad_version"] == "2.1" { input["interaction"] = "click" }  // PB-1: views from 2.2 on
    return .object(input)
  }

  static func attribution(_ random: inout SeededRandom) -> JSONValue {
    let event = 1_800_000_000_000
    let kind = random.chance(0.8) ? "install" : "re-engagement"
    let day = 24 * hour
    let impressions: [JSONValue] = (0..<random.int(0...9)).map { index in
      let age = random.pick([
        0, 1000, 23 * hour, 24 * hour, 24 * hour - 1, 2 * day, 29 * day, 30 * day, random.int(0...(31 * day)),
      ])
      return [
        "id": .string("i\(index)"), "framework": .string(random.pick(["skadnetwork", "adattributionkit"])),
        "ad_network_id": .string("net-\(random.int(0...4))"), "interaction": .string(random.pick(["click", "view"])),
        "at": .integer(event - age), "source_app_id": .integer(random.pick([1, 1, 2])),
        "eligible_for_reengagement": .bool(random.chance(0.6)),
        "environment": .string(random.chance(0.85) ? "production" : "development"),
      ]
    }
    var configuration: [String: JSONValue] = [:]
    if random.chance(0.3) {
      configuration["attribution_windows"] = [
        "global": ["view": .integer(random.int(1...7))],
        "net-1": [
          "click": .integer(random.int(1...30)), "ignore_interaction_type": random.chance(0.5) ? "view" : .null,
        ],
      ]
    }
    if random.chance(0.2) { configuration["install_cooldown_hours"] = .integer(random.int(0...48)) }
    if random.chance(0.2) { configuration["re_engagement_cooldown_hours"] = .integer(random.int(0...48)) }
    let firstUpdate: JSONValue =
      random.chance(0.9) ? .integer(event + random.pick([hour, 2 * day - 1, 2 * day, 59 * day])) : .null
    var lastConversion: JSONValue = .null
    var lastKind: JSONValue = .null
    if random.chance(0.2) {
      lastConversion = .integer(event - random.pick([24 * hour, 24 * hour - 1, random.int(0...(48 * hour))]))
      lastKind = .string(random.pick(["install", "re-engagement"]))
    }
    return [
      "event": [
        "kind": .string(kind), "at": .integer(event), "first_update_at": firstUpdate,
        "last_conversion_at": lastConversion, "last_conversion_kind": lastKind,
      ],
      "impressions": .array(impressions),
      "configuration": .object(configuration),
    ]
  }
}
