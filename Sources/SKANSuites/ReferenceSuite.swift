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
  /// Every registered suite, in the registry's order; a suite without a `ReferenceSuite`
  /// conformance stops the process with its name (SKANSuitesTests checks none is missing).
  public static let all: [any ReferenceSuite.Type] = SuiteRegistry.all.map { suite in
    guard let reference = suite as? any ReferenceSuite.Type else {
      preconditionFailure("suite \(suite.id.rawValue) has no ReferenceSuite conformance in SKANSuites")
    }
    return reference
  }

  /// The registered suites by identifier.
  static let byID: [SuiteID: any ReferenceSuite.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
