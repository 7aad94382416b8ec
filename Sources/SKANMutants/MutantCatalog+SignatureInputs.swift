import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVocabulary

private typealias Output = SignatureSuite.Output

/// Verifiers and impression signers that read their inputs too loosely or too strictly: a
/// field's text signed whatever its type, a key or a version guessed, a check's answer
/// dropped, an impression member never checked (SIG-4 to SIG-12). Each is the model under a
/// ``RuleVariant``.
extension MutantCatalog {
  static let signatureInputs: [Mutant] = [
    Mutant(
      "unknown-op-verifies-postback", .signature,
      "Dispatches on a prefix: an unknown op that begins with `verify` verifies a postback (IN-1).",
      variant: .signatureOperationByPrefix),
    Mutant(
      "p192-verified-with-p256", .signature,
      "Verifies 1.0 and 2.0 postbacks, which Apple signed with its P-192 key, with its P-256 key: rejected instead of verified (SIG-6).",
      variant: .legacyPostbacksUnderP256),
    Mutant(
      "p192-unsupported", .signature,
      "Has no P-192 (swift-crypto offers none): 1.0 and 2.0 postbacks are unverifiable, p192-unsupported, instead of verified or rejected (the kit before SIG-6 changed).",
      variant: .legacyPostbacksUnverifiable,
      output: { output in
        // The only unverifiable answer with a signed string: spelled with this verifier's reason.
        output[Output.verdict] == "unverifiable" && output[Output.signedString]?.stringValue != nil
          ? output.setting(Output.reason, "p192-unsupported") : output
      }),
    Mutant(
      "p192-key-refused", .signature,
      "Reads `public_key` as P-256 only: Apple's P-192 key given for a 2.0 postback is invalid-input (SIG-6).",
      variant: .postbackKeyP256Only),
    Mutant(
      "no-version-missing-field", .signature,
      "Requires `version`: a postback without it is rejected, missing-field, instead of being checked as a 1.0 postback (SIG-23).",
      variant: .missingVersionMissingField),
    Mutant(
      "no-version-unknown", .signature,
      "Takes a postback without `version` for an unknown version: unverifiable, unknown-version, instead of a 1.0 postback (SIG-23).",
      variant: .missingVersionUnknown),
    Mutant(
      "postback-not-object-thrown", .signature,
      "Decodes the postback as an object up front: one that is not (an array, text that does not parse) fails the whole input, invalid-input, instead of the verdict rejected, malformed-json (SIG-8).",
      variant: .postbackNotObjectThrown),
    Mutant(
      "missing-postback-is-null", .signature,
      "Reads an absent postback as null: the verdict rejected, malformed-json, instead of invalid-input.",
      variant: .missingPostbackIsNull),
    Mutant(
      "fields-joined-as-text", .signature,
      "Joins the signed fields' text whatever their JSON types, as JavaScript's `join` does: the string \"525463029\" signs as 525463029, and the number 4.0 is the version \"4\" (SIG-4).",
      variant: .signedFieldsAsJavaScriptText),
    Mutant(
      "booleans-by-truthiness", .signature,
      "Signs a boolean field by its truthiness (`'true' if value else 'false'`): did-win 1 is true, the string \"false\" is true (SIG-4).",
      variant: .signedBooleansByTruthiness),
    Mutant(
      "integers-read-with-int", .signature,
      "Reads integer fields with Python's int(): 1.5 is 1 and the string \"525463029\" is 525463029 (SIG-4).",
      variant: .signedIntegersByPythonInt),
    Mutant(
      "postback-typed-decoder", .signature,
      "Decodes the postback into a struct of its version's signed fields and attribution-signature: one that is missing or of the wrong type fails the whole input, invalid-input, instead of the verdict rejected (a null source field reads as absent).",
      variant: .postbackTypedDecoder),
    Mutant(
      "source-domain-preferred", .signature,
      "Fills the 4.0 source slot with `source-domain ?? source-app-id`: a postback with both signs its source-domain instead of being refused (SIG-20).",
      variant: .sourceDomainPreferred),
    Mutant(
      "missing-version-is-4-0", .signature,
      "Takes a postback without version for the newest layout, 4.0 (`postback.get(\"version\", \"4.0\")`), instead of reading it as a 1.0 postback (SIG-23).",
      variant: .missingVersionRetriedAs4_0),
    Mutant(
      "bad-key-falls-back-to-apple", .signature,
      "Uses Apple's key when the given public key cannot be read (`try?` with Apple's key as the fallback), instead of refusing the input.",
      variant: .unreadableKeyIsApples),
    Mutant(
      "verify-result-ignored", .signature,
      "Drops the result of the ECDSA check: any well-formed signature verifies, whatever it signs (`isValidSignature` called, its answer unused).",
      variant: .signatureCheckIgnored),
    Mutant(
      "malformed-signature-thrown", .signature,
      "Lets a signature it cannot decode (not base64, not DER, not 64 bytes) throw out of the verifier: invalid-input instead of the verdict rejected (CryptoKit's signature initializers throw).",
      variant: .malformedSignatureThrown),
    Mutant(
      "verify-timestamp-in-seconds", .signature,
      "Verifies impressions over their timestamp in seconds (milliseconds divided by 1000), as a signer that signs seconds would (SIG-9).",
      variant: .impressionVerifiedInSeconds),
    Mutant(
      "impression-fidelity-fixed-1", .signature,
      "Signs and verifies every impression with fidelity-type 1, view-through included (SIG-9).",
      variant: .impressionFidelityAlwaysOne),
    Mutant(
      "impression-integral-double-signed-as-written", .signature,
      "Signs an impression's integer written with a fraction as its text, `1234567890.0` (Python's str), so the signature fails (SIG-9).",
      variant: .impressionFractionSignedAsWritten),
    Mutant(
      "nonce-not-validated", .signature, "Signs any nonce, UUID or not (no 8-4-4-4-12 check) (SIG-11).",
      variant: .impressionNonceUnchecked),
    Mutant(
      "source-identifier-unchecked", .signature,
      "Signs any integer source-identifier, 10000 included (no 0 to 9999 check) (SIG-11).",
      variant: .impressionSourceIdentifierUnchecked),
    Mutant(
      "impression-integers-from-text", .signature,
      "Accepts an impression's integers written as digit strings (\"5239\") and signs their digits (SIG-9).",
      variant: .impressionIntegersFromText),
    Mutant(
      "impression-any-source-field", .signature,
      "Fills an impression's source slot with whichever source field it has, source-domain or source-app-id, whatever the kind (SIG-10).",
      variant: .impressionSourceAppIDForWeb),
    Mutant(
      "impression-kind-unchecked", .signature,
      "Never checks kind: fidelity-type is `kind == \"view-through\" ? 0 : 1`, so an unknown kind is signed like storekit-rendered.",
      variant: .impressionKindUnchecked),
  ]
}
