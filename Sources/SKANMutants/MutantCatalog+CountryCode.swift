import SKANModel
import SKANSuiteCodecs

extension MutantCatalog {
  /// Mutants of the country code's shape (PB-21).
  static let countryCode: [Mutant] = [
    Mutant(
      "country-code-unchecked", .postback,
      "Passes any `country_code` string into the postback, `us` and `US-CA` included (PB-21).",
      variant: .countryCodeUnchecked)
  ]
}
