public import SKANSuites
public import SKANVocabulary

extension ReceivingSuite: MutantSuite {
  /// The receiving suite's mutants: deduplication, body comparison, reading, copy paths and
  /// arrival order (MutantCatalog+Receiving.swift).
  public static var mutants: [Mutant] { MutantCatalog.receiving }
}
