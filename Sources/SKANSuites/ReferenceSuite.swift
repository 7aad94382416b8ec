public import SKANJSON
public import SKANModel
public import SKANVocabulary

/// A suite the reference can answer: its codec, input JSON → model → output JSON. Each
/// suite's vocabulary type (SKANVocabulary) conforms in `<Name>Suite+Reference.swift`.
public protocol ReferenceSuite: SuiteVocabulary {
  /// The reference's output for `input`, or the model's error.
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue
}

/// The registered suites as the reference answers them.
public enum ReferenceSuites {
  /// The registered suites that conform, in the registry's order (while #28's step 3 is
  /// under way, not yet every suite: `SuiteID.evaluate` answers the others by a `switch`).
  public static let all: [any ReferenceSuite.Type] = SuiteRegistry.all.compactMap { $0 as? any ReferenceSuite.Type }

  /// The registered suites by identifier.
  static let byID: [SuiteID: any ReferenceSuite.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
