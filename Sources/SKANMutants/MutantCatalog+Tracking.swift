import SKANJSON
import SKANModel
import SKANSuites
import SKANVocabulary

private typealias Metadata = MetadataSuite
private typealias S2S = S2SSuite
private typealias ATT = MetadataSuite.ATT

extension MutantCatalog {
  /// The input's ATT state with one change, for the `metadata` suite and the `s2s` suite's
  /// Singular `build-request`; other inputs are unchanged.
  static func att(_ input: JSONValue, _ transform: (JSONValue?) -> JSONValue?) -> JSONValue {
    guard carriesTracking(input) else { return input }
    // `att` is spelt the same in both suites (`S2SSuite.Input.att`), its members
    // (`MetadataSuite.ATT`) too.
    let state: JSONValue? = input[Metadata.Input.att] == .null ? Optional.none : input[Metadata.Input.att]
    return input.setting(Metadata.Input.att, transform(state))
  }

  /// Whether the input is one the ATT gate applies to.
  static func carriesTracking(_ input: JSONValue) -> Bool {
    input[Metadata.Input.metadata] != nil
      || (input[S2S.Input.op] == .string(S2S.Operation.buildRequest.rawValue)
        && input[S2S.Input.api] == .string(S2S.RequestAPI.singular.rawValue))
  }

  /// Where the input keeps the IDFA: `idfa` for metadata, `config.idfa` for S2S.
  static func idfa(of input: JSONValue) -> JSONValue? {
    input[Metadata.Input.metadata] != nil ? input[Metadata.Input.idfa] : input[S2S.Input.config]?[S2S.Config.idfa]
  }

  /// The input with its IDFA transformed (`nil` removes it).
  static func settingIDFA(_ input: JSONValue, _ transform: (JSONValue?) -> JSONValue?) -> JSONValue {
    guard carriesTracking(input) else { return input }
    if input[Metadata.Input.metadata] != nil {
      return input.setting(Metadata.Input.idfa, transform(input[Metadata.Input.idfa]))
    }
    return input.updating(S2S.Input.config) { $0.setting(S2S.Config.idfa, transform($0[S2S.Config.idfa])) }
  }

  /// Whether the input's ATT state is well formed and lets the IDFA through.
  static func allowsIDFA(_ input: JSONValue) -> Bool {
    input[Metadata.Input.att]?[ATT.status] == .string(TrackingAuthorization.authorized.rawValue)
      && input[Metadata.Input.att]?[ATT.consent] == true
  }

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
        input: { input in
          att(input) { state in
            guard let state, state[ATT.consent] == true,
              state[ATT.status]?.stringValue.flatMap(TrackingAuthorization.init)
                != nil
            else { return state }
            return state.setting(ATT.status, .string(TrackingAuthorization.authorized.rawValue))
          }
        }),
      Mutant(
        "att-consent-ignored", suite, "Forwards the IDFA when ATT is authorized, whatever the consent flag (ATT-1).",
        input: { input in
          att(input) { state in
            state?[ATT.status] == .string(TrackingAuthorization.authorized.rawValue)
              ? state?.setting(ATT.consent, true) : state
          }
        }),
      Mutant(
        "att-unknown-state-forwards", suite, "Forwards the IDFA when no ATT state is known (ATT-5).",
        input: { input in
          att(input) { state in
            state ?? ATT.object([.status: .string(TrackingAuthorization.authorized.rawValue), .consent: true])
          }
        }),
      Mutant(
        "att-never-forwards", suite, "Never forwards the IDFA, even when authorized with consent (ATT-1).",
        input: { input in att(input) { state in state.map { $0.setting(ATT.consent, false) } } }),
      Mutant(
        "att-idfa-checked-only-when-sent", suite,
        "Checks the IDFA's form only when it is forwarded: a malformed one passes while denied (ATT-4).",
        input: { input in
          guard !allowsIDFA(input), let text = idfa(of: input)?.stringValue, !UUIDText.isValid(text) else {
            return input
          }
          return settingIDFA(input) { _ in .string(AdvertisingIdentifier.zero) }
        }),
      Mutant(
        "att-unknown-status-is-denied", suite, "Reads an unknown ATT status as denied instead of refusing it (IN-1).",
        input: { input in
          att(input) { state in
            guard let state, let status = state[ATT.status],
              status.stringValue.flatMap(TrackingAuthorization.init) == nil
            else { return state }
            return state.setting(ATT.status, .string(TrackingAuthorization.denied.rawValue))
          }
        }),
    ]
  }

  /// Mutants of one suite: the metadata suite's reading of the ATT state and the IDFA, the S2S request's `idfa` parameter.
  private static let singleSuiteTracking: [Mutant] = [
    Mutant(
      "att-zero-idfa-forwarded", .metadata, "Forwards the all-zero UUID like any other identifier (ATT-3).",
      output: { output, input in
        guard allowsIDFA(input), input[Metadata.Input.idfa]?.stringValue == AdvertisingIdentifier.zero,
          output[Metadata.Output.idfa] == .null
        else { return output }
        return output.setting(Metadata.Output.idfa, input[Metadata.Input.idfa])
      }),
    Mutant(
      "att-missing-idfa-as-zeros", .metadata, "Forwards the zero UUID when no IDFA was read (ATT-3).",
      output: { output, input in
        guard allowsIDFA(input), input[Metadata.Input.idfa] == nil || input[Metadata.Input.idfa] == .null,
          output[Metadata.Output.skanCall] != nil
        else {
          return output
        }
        return output.setting(Metadata.Output.idfa, .string(AdvertisingIdentifier.zero))
      }),
    Mutant(
      "att-idfa-upper-cased", .metadata, "Upper-cases the IDFA before forwarding it (ATT-4).",
      output: { output, _ in
        output.updating(Metadata.Output.idfa) { $0.stringValue.map { .string($0.uppercased()) } ?? $0 }
      }),
    Mutant(
      "att-gates-skan-call", .metadata,
      "Makes no conversion-value call unless ATT is authorized with consent (ATT-6).",
      output: { output, input in
        guard input[Metadata.Input.att]?.objectValue != nil, !allowsIDFA(input), output[Metadata.Output.skanCall] != nil
        else {
          return output
        }
        return output.setting(Metadata.Output.skanCall, .null)
      }),
    Mutant(
      "att-status-raw-value", .metadata, "Accepts the status's raw values, 0 to 3 (3 is authorized) (ATT-2).",
      input: { input in
        att(input) { state in
          guard let raw = state?[ATT.status]?.exactInteger, (0..<4).contains(raw) else { return state }
          return state?.setting(ATT.status, .string(TrackingAuthorization.allCases[raw].rawValue))
        }
      }),
    Mutant(
      "att-status-any-case", .metadata, "Matches the ATT status name in any letter case (ATT-2).",
      input: { input in
        att(input) { state in
          guard let text = state?[ATT.status]?.stringValue,
            let match = TrackingAuthorization.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
          else { return state }
          return state?.setting(ATT.status, .string(match.rawValue))
        }
      }),
    Mutant(
      "att-consent-assumed", .metadata, "Assumes consent when `consent` is missing (IN-1).",
      input: { input in
        att(input) { state in
          state?.objectValue != nil && state?[ATT.consent] == nil ? state?.setting(ATT.consent, true) : state
        }
      }),
    Mutant(
      "att-consent-string", .metadata, "Reads the strings \"true\" and \"false\" as the consent flag (IN-1).",
      input: { input in
        att(input) { state in
          guard let text = state?[ATT.consent]?.stringValue, let flag = Bool(text) else { return state }
          return state?.setting(ATT.consent, .bool(flag))
        }
      }),
    Mutant(
      "att-bare-status", .metadata, "Accepts `att` as a bare status string, with consent assumed (IN-1).",
      input: { input in
        att(input) { state in state?.stringValue.map { ATT.object([.status: .string($0), .consent: true]) } ?? state }
      }),
    Mutant(
      "att-idfa-number-as-text", .metadata, "Reads a number given as the IDFA as its text (IN-1).",
      input: { input in
        input.updating(Metadata.Input.idfa) { value in value.exactInteger.map { .string(String($0)) } ?? value }
      }),
    Mutant(
      "att-idfa-lenient-uuid", .metadata,
      "Reads the IDFA as lenient UUID parsers do: braces stripped, dashes optional (ATT-4).",
      input: { input in
        input.updating(Metadata.Input.idfa) { value in
          guard var text = value.stringValue else { return value }
          if text.hasPrefix("{") && text.hasSuffix("}") { text = String(text.dropFirst().dropLast()) }
          if text.utf8.count == 32 {
            let characters = Array(text)
            text = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
          }
          return .string(text)
        }
      }),
    Mutant(
      "att-empty-idfa-is-none", .metadata, "Treats an empty IDFA as no identifier (ATT-4).",
      input: { input in input[Metadata.Input.idfa] == "" ? input.setting(Metadata.Input.idfa, nil) : input }),
    Mutant(
      "att-idfa-checked-first", .metadata, "Checks the IDFA before the metadata values (META-9, ATT-4).",
      input: { input in
        guard let text = input[Metadata.Input.idfa]?.stringValue, !UUIDText.isValid(text) else { return input }
        return input.setting(Metadata.Input.metadata, [:])
      }),
    Mutant(
      "att-zero-idfa-sent", .s2s, "Sends the zero UUID as `idfa` when the IDFA is withheld (ATT-7).",
      output: { output, input in
        // `idfa` here is the request's query parameter (Singular's name), not a suite member.
        guard carriesTracking(input), let query = output[S2S.Output.query], query["idfa"] == nil else { return output }
        return output.setting(S2S.Output.query, query.setting("idfa", .string(AdvertisingIdentifier.zero)))
      }),
    Mutant(
      "att-configured-idfa-always-sent", .s2s,
      "Sends the configured IDFA whatever the ATT state, as the Singular snippet does (ATT-7).",
      output: { output, input in
        guard carriesTracking(input), let query = output[S2S.Output.query],
          let configured = input[S2S.Input.config]?[S2S.Config.idfa]
        else {
          return output
        }
        return output.setting(S2S.Output.query, query.setting("idfa", configured))
      }),
  ]
}
