public import SKANSuites
public import SKANVocabulary

extension PostbackSuite: MutantSuite {
  /// The postback suite's mutants, SKAdNetwork 2.x-3.0 and closed conversions included
  /// (MutantCatalog+Postback.swift, MutantCatalog+LegacyPostback.swift, MutantCatalog+ClosedConversion.swift).
  public static var mutants: [Mutant] {
    MutantCatalog.postback + MutantCatalog.legacyPostback + MutantCatalog.closedConversion
  }
}
