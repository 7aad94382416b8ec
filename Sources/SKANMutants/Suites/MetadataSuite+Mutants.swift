public import SKANSuites
public import SKANVocabulary

extension MetadataSuite: MutantSuite {
  /// The metadata suite's mutants: the contract's and the ATT gate's (MutantCatalog+Metadata.swift, MutantCatalog+Tracking.swift).
  public static var mutants: [Mutant] { MutantCatalog.metadata + MutantCatalog.tracking(in: id) }
}
