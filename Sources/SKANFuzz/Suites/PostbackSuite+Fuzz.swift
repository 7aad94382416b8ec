public import SKANJSON
public import SKANSuites
public import SKANVocabulary

extension PostbackSuite: FuzzSuite {
  /// See `ScenarioGenerator.postback(_:)`.
  public static func randomInput(_ random: inout SeededRandom) -> JSONValue { ScenarioGenerator.postback(&random) }
  /// A finding's requirement.
  public static var defaultRequirement: String { "PB-3" }
}
