public import SKANSuites
public import SKANVocabulary

extension ValuesSuite: MutantSuite {
  /// The values suite's mutants, timeline included (MutantCatalog+Values.swift).
  public static var mutants: [Mutant] { MutantCatalog.values }
}
