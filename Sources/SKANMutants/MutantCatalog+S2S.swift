import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

private typealias Input = S2SSuite.Input
private typealias Output = S2SSuite.Output
private typealias Op = S2SSuite.Operation
private typealias ResponseAPI = S2SSuite.ResponseAPI

extension MutantCatalog {
  /// Mutants of the `s2s` suite: signing, a server's validation, the requests a client
  /// builds and the responses it parses. Most of the server's and the responses' are the
  /// model under a ``RuleVariant``; the rest change the input or the answer.
  static let s2s: [Mutant] = [
    Mutant(
      "s2s-fine-applies-in-every-window", .s2s,
      "Applies an AppsFlyer response's fine value whatever window its postback_sequence_index names (S2S-15, SKN-1).",
      variant: .s2sFineAppliesInEveryWindow),
    Mutant(
      "s2s-missing-index-is-window-0", .s2s,
      "Reads an absent or null postback_sequence_index as window 0 (S2S-15).", variant: .s2sMissingIndexIsWindow0),
    Mutant("hmac-fields-swapped", .s2s, "Signs uid before app_id.", variant: .s2sSignsUIDBeforeAppID),
    Mutant(
      "readme-formula-by-default", .s2s,
      "Uses the README's formula (with the dev key in the message) when no profile is named.",
      input: { input in
        guard input[Input.op] == .string(Op.sign.rawValue) || input[Input.op] == .string(Op.buildRequest.rawValue),
          input[Input.profile] == nil
        else { return input }
        return input.setting(Input.profile, .string(S2SSignatureProfile.appsflyerReadme.rawValue))
      }),
    Mutant(
      "upper-case-hex", .s2s, "Writes the HMAC in upper-case hex.",
      output: { output, _ in
        output.updating(Output.signature) { $0.stringValue.map { .string($0.uppercased()) } ?? $0 }
          .updating(Output.headers) {
            $0.updating("Authorization") { $0.stringValue.map { .string($0.uppercased()) } ?? $0 }
          }
      }),
    Mutant("signature-not-checked", .s2s, "Accepts any signature.", variant: .s2sSignatureUnchecked),
    Mutant("unknown-uid-accepted", .s2s, "Answers 200 for a uid it does not know.", variant: .s2sUnknownUIDAccepted),
    Mutant(
      "truthy-lock", .s2s, "Reads lock \"YES\" and 1 as true, as Objective-C's boolValue does.",
      variant: .s2sLockYESOrOne),
    Mutant(
      "value-64-accepted", .s2s, "Accepts a conversion value of 64.", variant: .s2sValueUpTo64),
    Mutant(
      "empty-dev-key-default", .s2s, "Signs with an empty dev key when dev_key is missing.",
      input: { input in
        guard input[Input.op] == .string(Op.sign.rawValue), input[Input.devKey] == nil else { return input }
        return input.setting(Input.devKey, "")
      }),
    Mutant(
      "numeric-timestamp-signed", .s2s, "Accepts a timestamp given as a JSON number and signs its decimal text.",
      variant: .s2sNumericTimestampSigned),
    Mutant(
      "unknown-profile-default", .s2s, "Falls back to the default signing profile for an unknown one.",
      variant: .s2sUnknownProfileIsDefault),
    Mutant(
      "validate-readme-by-default", .s2s,
      "Validates with the README's formula when no profile is named, so the shipped client's requests get 401.",
      input: { input in
        guard input[Input.op] == .string(Op.validateRequest.rawValue), input[Input.profile] == nil else { return input }
        return input.setting(Input.profile, .string(S2SSignatureProfile.appsflyerReadme.rawValue))
      }),
    Mutant(
      "validate-profile-ignored", .s2s, "Ignores the profile when validating: always the client's formula.",
      input: { input in
        input[Input.op] == .string(Op.validateRequest.rawValue) ? input.setting(Input.profile, nil) : input
      }),
    Mutant(
      "signature-compared-as-text", .s2s,
      "Compares the signature as text: upper-case hex and malformed signatures get 401 `bad-signature`.",
      variant: .s2sSignatureComparedAsText),
    Mutant(
      "headers-case-sensitive", .s2s, "Looks header names up case-sensitively: `af-timestamp` is not `Af-Timestamp`.",
      variant: .s2sHeadersCaseSensitive),
    Mutant("sdk-version-required", .s2s, "Requires `sdk_version` in the query.", variant: .s2sSDKVersionRequired),
    Mutant(
      "missing-uid-looked-up", .s2s, "Looks a missing or empty uid up like any other and answers 404.",
      variant: .s2sMissingUIDLookedUp),
    Mutant(
      "empty-uid-present", .s2s, "Counts an empty uid as present, so it is looked up (404).",
      variant: .s2sEmptyUIDPresent),
    Mutant(
      "app-id-not-required", .s2s, "Does not require app_id: the signature check answers instead.",
      variant: .s2sAppIDNotRequired),
    Mutant(
      "missing-header-is-401", .s2s,
      "Answers 401 for a missing Af-Timestamp or Authorization header, as a failed signature.",
      variant: .s2sMissingHeaderIsBadSignature),
    Mutant(
      "timestamp-any-digits", .s2s, "Accepts a timestamp of any number of digits (seconds, microseconds).",
      variant: .s2sTimestampAnyDigits),
    Mutant(
      "timestamp-parsed-as-number", .s2s, "Parses the timestamp as a number, so `1700000000123.0` is accepted.",
      variant: .s2sTimestampParsedAsNumber),
    Mutant(
      "busy-ignored", .s2s, "Ignores the busy flag.",
      input: { input in input[Input.op] == .string(Op.validateRequest.rawValue) ? input.setting(Input.busy, nil) : input
      }),
    Mutant(
      "signature-before-parameters", .s2s, "Checks the signature before the query parameters.",
      variant: .s2sSignatureBeforeParameters),
    Mutant(
      "header-number-as-text", .s2s, "Reads a header given as a JSON number as its text.",
      variant: .s2sHeaderNumberAsText),
    Mutant(
      "duplicate-header-first-wins", .s2s, "Takes the first of two headers that differ only in letter case.",
      variant: .s2sFirstDuplicateHeaderWins),
    Mutant(
      "negative-time-accepted", .s2s, "Accepts a negative request time, writing it as 0.",
      variant: .s2sNegativeTimeAsZero),
    Mutant(
      "missing-config-empty", .s2s,
      "Fills a missing Singular config member with an empty string (and zeros for the IDFA).",
      variant: .s2sMissingConfigEmpty),
    Mutant(
      "unknown-api-is-appsflyer", .s2s, "Builds an AppsFlyer request for any api it does not know.",
      variant: .s2sUnknownAPIIsAppsFlyer),
    Mutant(
      "unknown-op-signs", .s2s, "Signs when the op is unknown.", variant: .s2sUnknownOpSigns),
    Mutant(
      "v1-read-as-v2", .s2s, "Reads an AppsFlyer v1 response with the v2 rules.",
      input: { input in
        input[Input.api] == .string(ResponseAPI.appsflyerV1.rawValue)
          ? input.setting(Input.api, .string(ResponseAPI.appsflyerV2.rawValue)) : input
      }),
    Mutant(
      "unknown-parse-api-is-v1", .s2s, "Reads a response of an unknown api as AppsFlyer v1.",
      variant: .s2sUnknownParseAPIIsV1),
    Mutant(
      "value-clamped", .s2s, "Clamps an AppsFlyer value outside 0...63 into range.", variant: .s2sValueClamped),
    Mutant(
      "value-int-coerced", .s2s, "Reads a numeric string value as its number, as Objective-C's intValue does.",
      variant: .s2sValueFromText),
    Mutant(
      "value-truncated", .s2s, "Truncates a fractional AppsFlyer value.", variant: .s2sValueTruncated),
    Mutant(
      "value-absent-zero", .s2s, "Reads an absent AppsFlyer value as 0.", variant: .s2sAbsentValueIsZero),
    Mutant(
      "coarse-name-any-case", .s2s, "Matches AppsFlyer's coarse_value in any letter case.",
      variant: .s2sCoarseNameAnyCase),
    Mutant(
      "coarse-code-as-name", .s2s, "Accepts a Singular coarse code 0, 1, 2 as AppsFlyer's coarse_value.",
      variant: .s2sCoarseCodeAsName),
    Mutant(
      "sequence-index-unchecked", .s2s,
      "Accepts any integral postback_sequence_index, reading 3 and above as window 2.",
      variant: .s2sSequenceIndexAbove2IsWindow2),
    Mutant(
      "sequence-index-string", .s2s, "Reads a postback_sequence_index given as a numeric string.",
      variant: .s2sSequenceIndexFromText),
    Mutant(
      "zero-window-time-absent", .s2s, "Tests next_w_time for truth, so 0 reads as absent.",
      variant: .s2sZeroWindowTimeAbsent),
    Mutant(
      "fine-ignored-with-index", .s2s, "Ignores the fine value whenever a postback_sequence_index is given.",
      variant: .s2sFineIgnoredWithIndex),
    Mutant(
      "window-time-unchecked", .s2s,
      "Accepts any next_w_time number, truncating a fraction and clamping a negative to 0.",
      variant: .s2sWindowTimeUnchecked),
    Mutant(
      "non-object-body-empty", .s2s, "Reads a body that is not an object as an empty object.",
      variant: .s2sNonObjectBodyEmpty),
    Mutant(
      "singular-lock-ignored", .s2s, "Ignores Singular's skan_updated_lock_window_value.",
      variant: .lifecycleLockIgnored),
    Mutant(
      "singular-lock-boolean-only", .s2s, "Accepts only a JSON boolean as Singular's lock, refusing 1.",
      variant: .singularLockBooleanOnly),
    Mutant(
      "singular-no-value-zero", .s2s, "Applies fine 0 when a Singular response has no conversion_value.",
      variant: .singularNoValueIsZero),
    Mutant(
      "singular-status-ignored", .s2s, "Ignores Singular's status: an error response is an update without a value.",
      variant: .singularStatusIgnored),
    Mutant(
      "singular-coarse-3-dropped", .s2s, "Checks the coarse code as the snippet does: 3 slips through and is dropped.",
      variant: .lifecycleCoarseRangeUnchecked),
    Mutant(
      "singular-coarse-truncated", .s2s, "Truncates a fractional Singular coarse code.",
      variant: .singularCoarseTruncated),
    Mutant(
      "singular-value-64-accepted", .s2s, "Accepts a Singular conversion_value of 64.",
      variant: .singularValueUpTo64),
    Mutant(
      "missing-body-malformed", .s2s, "Reads a missing body as null: `malformed-response` instead of `invalid-input`.",
      variant: .s2sMissingBodyIsNull),
  ]

}

extension S2SSuite: MutantSuite {
  /// The s2s suite's mutants: the requests' and the ATT gate's in the Singular request (MutantCatalog+S2S.swift, MutantCatalog+Tracking.swift).
  public static var mutants: [Mutant] { MutantCatalog.s2s + MutantCatalog.tracking(in: id) }
}
