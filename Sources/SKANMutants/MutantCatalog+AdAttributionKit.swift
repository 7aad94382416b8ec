import SKANModel
import SKANSuiteCodecs

/// AdAttributionKit postback verifiers that skip or reorder payload checks (SIG-15 to SIG-17),
/// and AdAttributionKit verifiers and impression signers that read the JWS, its keys or an
/// impression's payload the wrong way (SIG-13 to SIG-18): each is the model under a
/// ``RuleVariant``.
extension MutantCatalog {
  static let adAttributionKit: [Mutant] =
    AdAttributionKitSignature.fieldIgnoringVariants.map { ignored in
      Mutant(
        "aak-ignores-\(ignored.field)", .signature,
        "Never checks the AdAttributionKit payload's \(ignored.field) (SIG-16, SIG-17).", variant: ignored.variant)
    } + [
      Mutant(
        "aak-payload-types-unchecked", .signature,
        "Checks that the AdAttributionKit payload's fields are present but not their JSON types (SIG-16).",
        variant: .aakPayloadTypesUnchecked),
      Mutant(
        "aak-psi-negative-accepted", .signature, "Checks only that postback-sequence-index is at most 2 (SIG-17).",
        variant: .aakNegativeSequenceIndexAccepted),
      Mutant(
        "aak-any-conversion-type", .signature, "Accepts any conversion-type string, install included (SIG-17).",
        variant: .aakAnyConversionType),
      Mutant(
        "aak-payload-before-signature", .signature,
        "Checks the AdAttributionKit payload's fields and values before the signature (steps 6 and 7 before 5).",
        variant: .aakPayloadBeforeSignature),
      Mutant(
        "aak-payload-before-key-lookup", .signature,
        "Checks the AdAttributionKit payload as soon as the JWS is split, before the key lookup and the signature.",
        variant: .aakPayloadBeforeKeyLookup),
    ] + adAttributionKitInputs

  static let adAttributionKitInputs: [Mutant] = [
    Mutant(
      "aak-jws-string-typed", .signature,
      "Decodes the postback with a typed decoder: a missing or non-string jws-string fails the whole input, invalid-input, instead of the verdict rejected (SIG-16).",
      variant: .aakJWSStringTyped),
    Mutant(
      "aak-payload-typed-decoder", .signature,
      "Decodes the AdAttributionKit payload into a struct (conversion-type an enum) as soon as the JWS is split, before the key and the signature: a field missing or of the wrong type, or an unknown conversion-type, fails the whole input, invalid-input.",
      variant: .aakPayloadTypedDecoder),
    Mutant(
      "aak-unused-keys-unchecked", .signature,
      "Reads only the key for the JWS's kid: a malformed key under another kid goes unnoticed.",
      variant: .aakUnusedKeysUnchecked),
    Mutant(
      "aak-malformed-jws-thrown", .signature,
      "Lets a JWS it cannot split or decode throw: invalid-input, with no signing input, instead of the verdict rejected, malformed-jws (SIG-14).",
      variant: .aakMalformedJWSThrown),
    Mutant(
      "aak-lenient-base64url", .signature,
      "Decodes JWS parts leniently: `=` padding and the standard alphabet's `+` and `/` pass (SIG-14).",
      variant: .aakLenientBase64URL),
    Mutant(
      "aak-der-accepted", .signature,
      "Accepts a DER-encoded ECDSA signature in a JWS, as generic ECDSA verifiers take it, besides the raw R‖S (SIG-14).",
      variant: .aakDERSignatureAccepted),
    Mutant(
      "aak-tries-every-key", .signature,
      "Tries every key it has when the JWS's kid has none, instead of answering unknown-kid (SIG-15).",
      variant: .aakTriesEveryKey),
    Mutant(
      "aak-builtin-keys", .signature,
      "Verifies Apple's kids with its built-in Apple keys, whatever keys the input gives (SIG-15).",
      variant: .aakBuiltInKeys),
    Mutant(
      "aak-alg-none-accepted", .signature,
      "Takes alg none for an unsigned JWS and skips the signature (the classic downgrade) (SIG-14).",
      variant: .aakUnsignedAccepted),
    Mutant(
      "aak-impression-alg-unchecked", .signature,
      "Never checks an impression header's alg: RS256 passes (SIG-14, SIG-18).",
      variant: .aakImpressionAlgorithmUnchecked),
    Mutant(
      "aak-signing-input-padded", .signature,
      "Encodes an impression's signing input in standard base64 (`=` padding, `+` and `/`) instead of base64url (SIG-18).",
      variant: .aakSigningInputPadded),
    Mutant(
      "aak-impression-reserialized", .signature,
      "Re-serializes an impression's header and payload from their members in a fixed order (alg then kid, the payload in Apple's field list order) before signing or verifying, instead of using the texts as given (SIG-18).",
      variant: .aakImpressionReserialized),
    Mutant(
      "aak-impression-source-identifier-either-type", .signature,
      "Takes an impression's source-identifier as a number or a digit string (the postback's type) (SIG-18).",
      variant: .aakImpressionSourceIdentifierEitherType),
    Mutant(
      "aak-impression-ignores-timestamp", .signature, "Never checks the impression payload's timestamp (SIG-18).",
      variant: .aakImpressionIgnoresTimestamp),
  ]
}
