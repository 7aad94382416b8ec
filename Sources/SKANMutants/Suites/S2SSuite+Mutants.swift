public import SKANSuites
public import SKANVocabulary

extension S2SSuite: MutantSuite {
  /// The s2s suite's mutants: the requests' and the ATT gate's in the Singular request (MutantCatalog+S2S.swift, MutantCatalog+Tracking.swift).
  public static var mutants: [Mutant] { MutantCatalog.s2s + MutantCatalog.tracking(in: id) }
}
