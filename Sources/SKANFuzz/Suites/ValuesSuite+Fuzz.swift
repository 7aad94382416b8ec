public import SKANJSON
public import SKANSuites
public import SKANVocabulary

extension ValuesSuite: FuzzSuite {
  /// See `ScenarioGenerator.values(_:)`.
  public static func randomInput(_ random: inout SeededRandom) -> JSONValue { ScenarioGenerator.values(&random) }
  /// A finding's requirement.
  public static var defaultRequirement: String { "TML-1" }
}
