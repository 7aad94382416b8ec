import SKANJSON
import SKANSuites

/// Scenarios of the `signature` suite.
enum SignatureScenarios {
  static func all() -> [Scenario] {
    let b = ScenarioBuilder(.signature)
    return b.scenarios
  }
}
