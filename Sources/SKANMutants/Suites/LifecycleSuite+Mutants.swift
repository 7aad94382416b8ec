public import SKANSuites
public import SKANVocabulary

extension LifecycleSuite: MutantSuite {
  /// The lifecycle suite's mutants (MutantCatalog+Lifecycle.swift).
  public static var mutants: [Mutant] { MutantCatalog.lifecycle }
}
