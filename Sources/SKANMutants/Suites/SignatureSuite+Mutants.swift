public import SKANSuites
public import SKANVocabulary

extension SignatureSuite: MutantSuite {
  /// The signature suite's mutants: signing, real libraries' bugs, AdAttributionKit's JWS, and the readers of the inputs.
  public static var mutants: [Mutant] {
    MutantCatalog.signature + MutantCatalog.libraryBugs + MutantCatalog.adAttributionKit + MutantCatalog.signatureInputs
  }
}
