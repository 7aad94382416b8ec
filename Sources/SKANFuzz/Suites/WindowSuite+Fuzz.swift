import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

extension WindowSuite: FuzzSuite {
  /// Random inputs from ``ScenarioGenerator/window(_:)``; a finding is filed under WIN-1.
  public static var generator: FuzzGenerator? { FuzzGenerator(requirement: "WIN-1", ScenarioGenerator.window) }
}

extension ScenarioGenerator {
  static func window(_ random: inout SeededRandom) -> JSONValue {
    let developer = random.chance(0.25)
    let start = t0(&random)
    let at = random.chance(0.05) ? start - random.int(1...100_000) : start + offset(&random, developer: developer)
    return WindowSuite.Input.object([
      .profile: .string(developer ? WindowProfile.aakDeveloper.rawValue : WindowProfile.production.rawValue),
      .t0: .integer(start), .at: .integer(at),
    ])
  }
}
