import SKANJSON
import SKANSuites

/// Scenarios of the `postback` suite.
enum PostbackScenarios {
  static func all() -> [Scenario] {
    let b = ScenarioBuilder(.postback)
    return b.scenarios
  }
}
