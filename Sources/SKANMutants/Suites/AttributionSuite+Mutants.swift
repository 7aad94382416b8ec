public import SKANSuites
public import SKANVocabulary

extension AttributionSuite: MutantSuite {
  /// The attribution suite's mutants (MutantCatalog+Attribution.swift).
  public static var mutants: [Mutant] { MutantCatalog.attribution }
}
