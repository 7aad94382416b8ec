import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

extension MetadataSuite: FuzzSuite {
  /// Random inputs from ``ScenarioGenerator/metadata(_:)``; a finding is filed under META-6.
  public static var generator: FuzzGenerator? { FuzzGenerator(requirement: "META-6", ScenarioGenerator.metadata) }
}

extension ScenarioGenerator {
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
}
