import SKANJSON
import SKANModel
import SKANSuiteCodecs

private typealias Metadata = MetadataSuite

extension MutantCatalog {
  /// The mutants of the ATT gate (ATT-1 to ATT-7) in `suite`, the metadata suite or the
  /// Singular S2S request: the plausible ways an SDK leaks the IDFA, withholds it, or reads
  /// the state loosely. Each of the two suites lists its own (at the end of `MutantCatalog+<Name>.swift`).
  static func tracking(in suite: Suite) -> [Mutant] {
    trackingMutants(suite) + singleSuiteTracking.filter { $0.suite == suite }
  }

  private static func trackingMutants(_ suite: Suite) -> [Mutant] {
    [
      Mutant(
        "att-status-ignored", suite, "Forwards the IDFA whenever consent is given, whatever the ATT status (ATT-2).",
        variant: .attStatusIgnored),
      Mutant(
        "att-consent-ignored", suite, "Forwards the IDFA when ATT is authorized, whatever the consent flag (ATT-1).",
        variant: .attConsentIgnored),
      Mutant(
        "att-unknown-state-forwards", suite, "Forwards the IDFA when no ATT state is known (ATT-5).",
        variant: .attUnknownStateForwards),
      Mutant(
        "att-never-forwards", suite, "Never forwards the IDFA, even when authorized with consent (ATT-1).",
        variant: .attNeverForwards),
      Mutant(
        "att-idfa-checked-only-when-sent", suite,
        "Checks the IDFA's form only when it is forwarded: a malformed one passes while denied (ATT-4).",
        variant: .idfaCheckedOnlyWhenForwarded),
      Mutant(
        "att-unknown-status-is-denied", suite, "Reads an unknown ATT status as denied instead of refusing it (IN-1).",
        variant: .attUnknownStatusDenied),
    ]
  }

  /// Mutants of one suite: the metadata suite's reading of the ATT state and the IDFA, the S2S request's `idfa` parameter.
  private static let singleSuiteTracking: [Mutant] = [
    Mutant(
      "att-zero-idfa-forwarded", .metadata, "Forwards the all-zero UUID like any other identifier (ATT-3).",
      variant: .zeroIDFAForwarded),
    Mutant(
      "att-missing-idfa-as-zeros", .metadata, "Forwards the zero UUID when no IDFA was read (ATT-3).",
      variant: .missingIDFAForwardedAsZero),
    Mutant(
      "att-idfa-upper-cased", .metadata, "Upper-cases the IDFA before forwarding it (ATT-4).",
      output: { output, _ in
        output.updating(Metadata.Output.idfa) { $0.stringValue.map { .string($0.uppercased()) } ?? $0 }
      }),
    Mutant(
      "att-gates-skan-call", .metadata,
      "Makes no conversion-value call unless ATT is authorized with consent (ATT-6).", variant: .attGatesSKANCall),
    Mutant(
      "att-status-raw-value", .metadata, "Accepts the status's raw values, 0 to 3 (3 is authorized) (ATT-2).",
      variant: .attStatusRawValue),
    Mutant(
      "att-status-any-case", .metadata, "Matches the ATT status name in any letter case (ATT-2).",
      variant: .attStatusAnyCase),
    Mutant(
      "att-consent-assumed", .metadata, "Assumes consent when `consent` is missing (IN-1).",
      variant: .attConsentAssumed),
    Mutant(
      "att-consent-string", .metadata, "Reads the strings \"true\" and \"false\" as the consent flag (IN-1).",
      variant: .attConsentFromString),
    Mutant(
      "att-bare-status", .metadata, "Accepts `att` as a bare status string, with consent assumed (IN-1).",
      variant: .attBareStatus),
    Mutant(
      "att-idfa-number-as-text", .metadata, "Reads a number given as the IDFA as its text (IN-1).",
      variant: .idfaNumberAsText),
    Mutant(
      "att-idfa-lenient-uuid", .metadata,
      "Reads the IDFA as lenient UUID parsers do: braces stripped, dashes optional (ATT-4).",
      variant: .idfaReadLeniently),
    Mutant(
      "att-empty-idfa-is-none", .metadata, "Treats an empty IDFA as no identifier (ATT-4).",
      input: { input in input[Metadata.Input.idfa] == "" ? input.setting(Metadata.Input.idfa, nil) : input }),
    Mutant(
      "att-idfa-checked-first", .metadata, "Checks the IDFA before the metadata values (META-9, ATT-4).",
      variant: .idfaCheckedFirst),
    Mutant(
      "att-zero-idfa-sent", .s2s, "Sends the zero UUID as `idfa` when the IDFA is withheld (ATT-7).",
      variant: .zeroIDFASentWhenWithheld),
    Mutant(
      "att-configured-idfa-always-sent", .s2s,
      "Sends the configured IDFA whatever the ATT state, as the Singular snippet does (ATT-7).",
      variant: .configuredIDFAAlwaysSent),
  ]
}
