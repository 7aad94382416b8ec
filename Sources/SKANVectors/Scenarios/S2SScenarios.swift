import SKANJSON
import SKANSuites

/// Scenarios of the `s2s` suite.
enum S2SScenarios {
  static func all() -> [Scenario] {
    let b = ScenarioBuilder(.s2s)
    return b.scenarios
  }
}
