public import SKANJSON
public import SKANSuites
public import SKANVocabulary

extension MetadataSuite: FuzzSuite {
  /// See `ScenarioGenerator.metadata(_:)`.
  public static func randomInput(_ random: inout SeededRandom) -> JSONValue { ScenarioGenerator.metadata(&random) }
  /// A finding's requirement.
  public static var defaultRequirement: String { "META-6" }
}
