public import SKANSuites
public import SKANVocabulary

extension PostbackSuite: MutantSuite {
  /// The postback suite's mutants, SKAdNetwork 2.x-3.0, closed conversions and the country
  /// code's shape included (MutantCatalog+Postback.swift, +LegacyPostback, +ClosedConversion,
  /// +CountryCode).
  public static var mutants: [Mutant] {
    MutantCatalog.postback + MutantCatalog.legacyPostback + MutantCatalog.closedConversion
      + MutantCatalog.countryCode
  }
}
