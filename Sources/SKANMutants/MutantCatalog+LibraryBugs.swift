import SKANModel
import SKANSuiteCodecs

/// Bugs of real SKAdNetwork postback verifiers, each the model under a ``RuleVariant`` that
/// builds the signed string, or reads the postback, the way the real library does.
extension MutantCatalog {
  static let libraryBugs: [Mutant] = [
    Mutant(
      "unknown-minor-version-nearest-layout", .signature,
      "Verifies an unknown minor version (4.1, 3.1, 2.3) with the nearest known layout of its major version, signing its own label (SIG-7).",
      variant: .unknownMinorVersionNearestLayout),
    Mutant(
      "unknown-version-4-0-layout", .signature,
      "Verifies any unknown version string with the 4.0 layout, signing its own label (SIG-7).",
      variant: .unknownVersionAs4_0),
    Mutant(
      "both-source-fields-signed", .signature,
      "Signs both source fields of a 4.0 postback that has both, source-app-id then source-domain (SIG-20).",
      variant: .bothSourcesSigned),
    Mutant(
      "both-source-fields-signed-domain-first", .signature,
      "Signs both source fields of a 4.0 postback that has both, source-domain then source-app-id (SIG-20).",
      variant: .bothSourcesSignedDomainFirst),
    Mutant(
      "source-app-id-zero-dropped", .signature,
      "Takes source-app-id 0 for absent in 3.0 and 4.0 and drops it from the signed string (vap 1.1.0).",
      variant: .sourceAppIDZeroDropped),
    Mutant(
      "v2-2-signed-as-2-1", .signature,
      "Signs a 2.2 postback with the 2.1 layout, leaving fidelity-type out (vap 1.1.0).", variant: .v2_2SignedAs2_1),
    Mutant(
      "source-app-id-required-below-3", .signature,
      "Rejects a 2.x postback without source-app-id (vap 1.1.0 raises a TypeError).",
      variant: .sourceAppIDRequiredBelow3),
    Mutant(
      "source-slot-required-4-0", .signature,
      "Rejects a 4.0 postback with neither source-app-id nor source-domain (a real TypeScript verifier).",
      variant: .sourceSlotRequired4_0),
    Mutant(
      "integral-double-wrong-type", .signature,
      "Takes only numbers written without a fraction as integers, so fidelity-type 1.0 is wrong-type (the kit's rule before numbers by value, SIG-4).",
      variant: .integralDoubleWrongType),
    Mutant(
      "integral-double-signed-as-written", .signature,
      "Signs an integral number written with a fraction as its text, `1.0` (Python's str, as vap 1.1.0 does), so the signature fails (SIG-4).",
      variant: .integralDoubleSignedAsWritten),
    Mutant(
      "base64-junk-skipped", .signature,
      "Decodes attribution-signature skipping every character outside the base64 alphabet, as Python's base64.b64decode does without validate=True (vap 1.1.0) (SIG-22).",
      variant: .base64JunkSkipped),
  ]
}
