public import SKANJSON
public import SKANSuites
public import SKANVocabulary

extension LifecycleSuite: FuzzSuite {
  /// See `ScenarioGenerator.lifecycle(_:)`.
  public static func randomInput(_ random: inout SeededRandom) -> JSONValue { ScenarioGenerator.lifecycle(&random) }
  /// A finding's requirement.
  public static var defaultRequirement: String { "LIF-2" }
}
