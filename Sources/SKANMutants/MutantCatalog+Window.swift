import SKANJSON
import SKANModel
public import SKANSuites
public import SKANVocabulary

private typealias In = WindowSuite.Input
private typealias Out = WindowSuite.Output

extension MutantCatalog {
  /// The window suite's mutants: most are the model under a ``RuleVariant``; the rest change
  /// the input or the answer.
  static let window: [Mutant] = [
    Mutant(
      "inclusive-edges", .window, "Counts edges inclusively: exactly 48 h is still window 0.",
      variant: .windowEdgesInclusive),
    Mutant(
      "edge-plus-one-second", .window, "Every window ends a second late.",
      input: { input in
        guard let t0 = time(input[In.t0]), let at = time(input[In.at]), at - t0 >= 1000 else { return input }
        return input.setting(In.at, .integer(at - 1000))
      }),
    Mutant(
      "whole-seconds", .window, "Rounds times to the nearest second before comparing.",
      variant: .windowTimesRoundedToSeconds),
    Mutant("clamp-before-t0", .window, "Treats a time before T0 as T0.", variant: .beforeT0InFirstWindow),
    Mutant(
      "relative-bounds", .window, "Reports window bounds relative to T0.",
      output: { output, input in
        guard let t0 = time(input[In.t0]) else { return output }
        return output.updating(Out.windowStart) { .optional($0.exactInteger.map { $0 - t0 }) }
          .updating(Out.windowEnd) { .optional($0.exactInteger.map { $0 - t0 }) }
      }),
    Mutant(
      "developer-as-production", .window, "Ignores the developer profile.", variant: .windowDeveloperProfileIgnored),
    Mutant(
      "fractional-time-accepted", .window, "Accepts fractional and out-of-range times by truncating them.",
      input: { input in
        var result = input
        for key in [In.t0, .at] {
          if case .double(let value)? = input[key], value.isFinite, abs(value) < 9e15 {
            result = result.setting(key, .integer(Int(value)))
          }
          if case .integer(let value)? = input[key], abs(value) > 9_007_199_254_740_991 {
            result = result.setting(key, .integer(value / 2))
          }
        }
        return result
      }),
    Mutant(
      "measurement-ends-day-36", .window,
      "Reads \"days 8 to 35\" as running to the end of day 35: window 2 ends at 864 h.",
      variant: .measurementEndsDay36),
    Mutant(
      "wraps-around", .window, "Takes the time modulo the measurement period: a later time wraps into a window.",
      variant: .windowWrapsAround),
    Mutant("zero-t0-unset", .window, "Takes T0 = 0 (the Unix epoch) for a missing T0.", variant: .zeroT0Missing),
    Mutant(
      "unknown-profile-as-production", .window, "Falls back to the production windows for an unknown profile.",
      variant: .unknownProfileAsProduction),
    Mutant(
      "numeric-strings-accepted", .window, "Parses a time written as a string of digits.",
      variant: .timeDigitStringsAccepted),
    Mutant("missing-at-is-t0", .window, "Takes a missing time for T0 itself.", variant: .missingTimeIsT0),
  ]
}

extension WindowSuite: MutantSuite {
  /// The window suite's mutants (MutantCatalog+Window.swift).
  public static var mutants: [Mutant] { MutantCatalog.window }
}
