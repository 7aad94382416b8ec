import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

extension LifecycleSuite: FuzzSuite {
  /// Random inputs from ``ScenarioGenerator/lifecycle(_:)``; a finding is filed under LIF-2.
  public static var generator: FuzzGenerator? { FuzzGenerator(requirement: "LIF-2", ScenarioGenerator.lifecycle) }
}

extension ScenarioGenerator {
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
}
