public import SKANJSON
public import SKANSuites
public import SKANVocabulary

extension AttributionSuite: FuzzSuite {
  /// See `ScenarioGenerator.attribution(_:)`.
  public static func randomInput(_ random: inout SeededRandom) -> JSONValue { ScenarioGenerator.attribution(&random) }
  /// A finding's requirement.
  public static var defaultRequirement: String { "AT-4" }
}
