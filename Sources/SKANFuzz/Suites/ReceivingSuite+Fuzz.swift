public import SKANJSON
public import SKANSuites
public import SKANVocabulary

extension ReceivingSuite: FuzzSuite {
  /// See `ScenarioGenerator.receiving(_:)`.
  public static func randomInput(_ random: inout SeededRandom) -> JSONValue { ScenarioGenerator.receiving(&random) }
  /// A finding's requirement: counting unique verified postbacks.
  public static var defaultRequirement: String { "RCV-4" }
}
