public import SKANJSON
public import SKANSuites
public import SKANVocabulary

/// A suite the fuzzer can generate inputs for (`<Name>Suite+Fuzz.swift`). Optional: a
/// registered suite without a conformance (s2s, signature) is simply not fuzzed.
public protocol FuzzSuite: ReferenceSuite {
  /// A random input, biased toward the places where implementations differ.
  static func randomInput(_ random: inout SeededRandom) -> JSONValue
  /// The requirement a finding is filed under.
  static var defaultRequirement: String { get }
}

/// The registered suites that have a generator, in the registry's order.
public enum FuzzSuites {
  /// Every fuzzable suite.
  public static let all: [any FuzzSuite.Type] = ReferenceSuites.all.compactMap { $0 as? any FuzzSuite.Type }

  /// The generator of `suite`, or `nil` when it has none.
  public static func suite(_ id: SuiteID) -> (any FuzzSuite.Type)? { byID[id] }

  static let byID: [SuiteID: any FuzzSuite.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
