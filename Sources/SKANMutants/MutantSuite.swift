public import SKANSuites
import SKANVocabulary

/// A registered suite with the mutants of its reference (`<Name>Suite+Mutants.swift`): every
/// suite must have one, so that the self-check breaks every suite's rules.
public protocol MutantSuite: ReferenceSuite {
  /// The suite's mutants: each one the reference with one plausible bug, and only this suite's
  /// (``Mutant/suite`` is ``id``).
  static var mutants: [Mutant] { get }
}

/// The registered suites' mutants, in the registry's order.
public enum MutantSuites {
  /// Each registered suite as a `MutantSuite`; a suite without the conformance stops the
  /// process with its name (SelfCheckTests reach this first).
  public static let all: [any MutantSuite.Type] = ReferenceSuites.all.map { suite in
    guard let mutants = suite as? any MutantSuite.Type else {
      preconditionFailure("suite \(suite.id.rawValue) has no MutantSuite conformance in SKANMutants")
    }
    return mutants
  }
}
