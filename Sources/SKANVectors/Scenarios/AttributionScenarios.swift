import SKANJSON
import SKANSuites

/// Scenarios of the `attribution` suite.
enum AttributionScenarios {
  static func all() -> [Scenario] {
    let b = ScenarioBuilder(.attribution)
    return b.scenarios
  }
}
