import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

extension MutantCatalog {
  /// Mutants of the signed strings and the key choice: each the model under a ``RuleVariant``
  /// that builds another signed string or picks another key, so the verification really fails.
  static let signature: [Mutant] = [
    Mutant(
      "source-slot-kept-empty", .signature, "Keeps an empty slot for the source when the postback has none.",
      variant: .sourceSlotKeptEmpty),
    Mutant(
      "capitalized-booleans", .signature, "Writes booleans as True/False in the signed string.",
      variant: .signedBooleansCapitalized),
    Mutant(
      "conversion-value-signed", .signature, "Signs the unsigned conversion-value too.", variant: .conversionValueSigned
    ),
    Mutant(
      "nonce-case-kept", .signature, "Keeps an impression nonce's letter case instead of lower-casing it.",
      variant: .impressionNonceCaseKept),
    Mutant(
      "timestamp-in-seconds", .signature, "Signs impressions with a timestamp in seconds.",
      variant: .impressionSignedInSeconds),
    Mutant(
      "kid-ignored", .signature, "Verifies every AdAttributionKit postback with the production key.",
      variant: .aakProductionKeyForEveryKID),
  ]
}

extension SignatureSuite: MutantSuite {
  /// The signature suite's mutants: signing, real libraries' bugs, AdAttributionKit's JWS, and the readers of the inputs.
  public static var mutants: [Mutant] {
    MutantCatalog.signature + MutantCatalog.libraryBugs + MutantCatalog.adAttributionKit + MutantCatalog.signatureInputs
  }
}
