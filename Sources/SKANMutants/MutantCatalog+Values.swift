import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

private typealias Out = ValuesSuite.Output
private typealias UpdateOut = ValuesSuite.UpdateResult

extension MutantCatalog {
  /// Every mutant of the `values` suite: the model under a ``RuleVariant`` for its rules'
  /// other readings, a changed input or answer for the rest.
  static var values: [Mutant] { valueBasics + valueReading + timelineBugs }

  /// The first mutants of single values and the timeline.
  static let valueBasics: [Mutant] = [
    Mutant("fine-64-accepted", .values, "Accepts fine values up to 64.", variant: .fineUpTo64),
    Mutant("fine-string-coerced", .values, "Reads the string \"12\" as the number 12.", variant: .fineDigitStringRead),
    Mutant("fine-fraction-truncated", .values, "Truncates 12.5 to 12.", variant: .fineFractionTruncated),
    Mutant("coarse-case-insensitive", .values, "Matches coarse values in any case.", variant: .coarseAnyCase),
    Mutant(
      "coarse-code-clamped", .values, "Clamps coarse codes above 2 to high (the Singular snippet's check never fires).",
      variant: .coarseCodeClamped),
    Mutant("medium-is-31", .values, "Synthesizes 31 for medium.", variant: .synthesizedMediumIs31),
    Mutant("truthy-lock", .values, "Treats any non-empty lock value as true.", variant: .lockTruthy),
    Mutant(
      "lock-ignored", .values, "Ignores lock flags: every call, in the timeline or alone, locks nothing.",
      variant: .lockIgnored),
    Mutant(
      "increase-only", .values, "Keeps only increasing fine values in window 0 (SKAdNetwork 3 logic).",
      variant: .fineIncreasesOnlyInFirstWindow),
    Mutant(
      "fine-kept-after-window-0", .values, "Keeps the fine value in windows 1 and 2.",
      variant: .fineKeptAfterFirstWindow),
    Mutant(
      "coarse-carried-over", .values, "Keeps the previous coarse value when an update has none.",
      variant: .coarseCarriedOver),
    Mutant(
      "invalid-stops-timeline", .values, "Stops at the first invalid update.",
      output: { output, _ in
        guard let results = output[Out.updates]?.arrayValue,
          let first = results.firstIndex(where: { $0[UpdateOut.outcome] == .string(UpdateOutcome.rejected.rawValue) }),
          first + 1 < results.count
        else { return output }
        return output.setting(Out.updates, .array(Array(results.prefix(first + 1))))
      }),
    Mutant(
      "sorts-updates", .values, "Sorts updates by time instead of refusing them out of order.",
      variant: .timelineUpdatesSorted),
    Mutant(
      "integral-double-rejected", .values, "Rejects 12.0 as not an integer.", variant: .integralDoubleNotInteger),
  ]

  /// Readers of single values that accept, coerce or misnumber what they should refuse
  /// (VAL-1 to VAL-8), each used wherever the value is read: alone and in the timeline.
  static let valueReading: [Mutant] = [
    Mutant("fine-range-from-1", .values, "Takes fine values from 1 to 63: 0 is out of range.", variant: .fineFromOne),
    Mutant("fine-below-63", .values, "Checks `fine < 63`: 63 is out of range.", variant: .fineBelow63),
    Mutant(
      "fine-no-lower-bound", .values, "Checks only `fine <= 63`: a negative fine value is accepted.",
      variant: .fineNoLowerBound),
    Mutant(
      "fine-negative-zero-out-of-range", .values,
      "Reads the sign of `-0.0` (or the text's leading `-`): negative zero is `fine-out-of-range` instead of 0 (VAL-2).",
      variant: .fineNegativeZeroOutOfRange),
    Mutant("fine-byte-range", .values, "Checks fine values against a byte's range, 0 to 255.", variant: .fineByteRange),
    Mutant(
      "fine-int32-wraps", .values,
      "Reads a fine value into a 32-bit integer that wraps (a C `int` cast): 2^53 + 1 becomes 1, -2^63 becomes 0.",
      variant: .fineInt32Wraps),
    Mutant(
      "fine-clamped", .values, "Clamps an out-of-range fine value into 0 to 63 instead of rejecting it.",
      variant: .fineClamped),
    Mutant(
      "js-number-coercion", .values,
      "Reads fine values and coarse codes with JavaScript's Number(): \"\" and null are 0, true is 1, \"1\" and [12] are numbers.",
      variant: .javaScriptNumbers),
    Mutant(
      "fine-default-0", .values, "Takes an absent fine value as 0 (a decoder's default).", variant: .fineAbsentIsZero),
    Mutant(
      "fine-one-error-code", .values,
      "Answers fine-out-of-range for every invalid fine value, a number or not (one error for all).",
      variant: .fineOneErrorCode),
    Mutant(
      "coarse-codes-from-1", .values, "Numbers Singular's coarse codes from 1: low 1, medium 2, high 3.",
      variant: .coarseCodesFromOne),
    Mutant(
      "coarse-trimmed", .values, "Trims white space around a coarse value before matching it.", variant: .coarseTrimmed),
    Mutant(
      "coarse-prefix-match", .values,
      "Matches a coarse value by prefix: \"med\" is medium, and \"\" matches the first, low.",
      variant: .coarsePrefixMatch),
    Mutant(
      "coarse-default-branch-low", .values,
      "Reads coarse strings with a switch whose default is low: any other string (\"none\", \"LOW\", \"\") is low.",
      variant: .coarseUnknownIsLow),
    Mutant(
      "coarse-accepts-codes", .values, "Accepts a Singular code (0, 1, 2) where a coarse string is required.",
      variant: .coarseCodesAsValues),
    Mutant(
      "coarse-null-is-low", .values, "Takes a coarse value that is absent or null as low (a default).",
      variant: .coarseMissingIsLow),
    Mutant(
      "coarse-constant-names", .values,
      "Accepts the names of Apple's constants (SKAdNetworkCoarseConversionValueHigh) as well as their values.",
      variant: .coarseConstantNames),
    Mutant(
      "coarse-code-negative-index", .values,
      "Looks a coarse code up in a list after checking only `code > 2`: -1 is the last element, high (Python's negative index).",
      variant: .coarseCodeNegativeIndex),
    Mutant(
      "coarse-code-fraction-truncated", .values, "Truncates a coarse code of 1.5 to 1, medium.",
      variant: .coarseCodeFractionTruncated),
    Mutant(
      "coarse-code-accepts-names", .values,
      "Accepts a coarse value's name (\"medium\") where a Singular code is expected.", variant: .coarseCodeNamesRead),
    Mutant(
      "synthesize-thirds-upper", .values,
      "Synthesizes the top of each coarse value's third of 0 to 63: low 21, medium 42, high 63.",
      variant: .synthesizedThirdsUpper),
    Mutant(
      "synthesize-code-times-32", .values, "Synthesizes 32 times the coarse code: low 0, medium 32, high 64.",
      variant: .synthesizedCodeTimes32),
    Mutant(
      "lock-presence", .values, "Takes a lock member that is present as true, whatever its value (false included).",
      variant: .lockPresenceIsTrue),
    Mutant(
      "lock-default-true", .values, "Takes a lock flag that is absent or null as true (a default of true).",
      variant: .lockMissingIsTrue),
    Mutant(
      "unknown-op-is-fine", .values, "Reads an unknown op as fine (a switch whose default is the first operation).",
      variant: .unknownValuesOperationIsFine),
  ]

  /// Timelines that start, order or check their updates the wrong way (TML-*, SKN-3, WIN-6,
  /// WIN-7).
  static let timelineBugs: [Mutant] = [
    Mutant(
      "windows-prefilled", .values, "Starts every window at coarse low (and window 0 at fine 0) instead of empty.",
      variant: .windowsPrefilled),
    Mutant(
      "unstable-sort", .values,
      "Sorts updates by time with an unstable sort: updates at the same millisecond can swap.",
      variant: .timelineUpdatesSortedUnstably),
    Mutant(
      "invalid-coarse-dropped", .values,
      "Drops an invalid coarse value and applies the update without one, instead of rejecting the update.",
      variant: .invalidCoarseDropped),
    Mutant(
      "before-t0-in-window-0", .values,
      "Puts an update before T0 in window 0 (a negative elapsed time is under 48 h) instead of refusing the input.",
      variant: .beforeT0InFirstWindow),
    Mutant(
      "period-checked-before-values", .values,
      "Checks the end of the measurement period before the values, as the lifecycle's client does: an invalid update after it is ignored, not rejected.",
      variant: .measurementOverBeforeValues),
    Mutant(
      "time-integral-double-rejected", .values,
      "Takes only times written without a fraction: an `at` of 1700007200123.0 is invalid-input.",
      variant: .updateTimeIntegralDoubleRejected),
  ]

}

extension ValuesSuite: MutantSuite {
  /// The values suite's mutants, timeline included (MutantCatalog+Values.swift).
  public static var mutants: [Mutant] { MutantCatalog.values }
}
