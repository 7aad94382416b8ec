public import SKANJSON
public import SKANSuites
public import SKANVocabulary

extension WindowSuite: FuzzSuite {
  /// See `ScenarioGenerator.window(_:)`.
  public static func randomInput(_ random: inout SeededRandom) -> JSONValue { ScenarioGenerator.window(&random) }
  /// A finding's requirement.
  public static var defaultRequirement: String { "WIN-1" }
}
