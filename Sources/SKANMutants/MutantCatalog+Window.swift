import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

extension MutantCatalog {
  /// The window suite's mutants: each the model under a ``RuleVariant``.
  static let window: [Mutant] = [
    Mutant(
      "inclusive-edges", .window, "Counts edges inclusively: exactly 48 h is still window 0.",
      variant: .windowEdgesInclusive),
    Mutant(
      "edge-plus-one-second", .window, "Every window ends a second late.",
      variant: .windowEdgesOneSecondLate),
    Mutant(
      "whole-seconds", .window, "Rounds times to the nearest second before comparing.",
      variant: .windowTimesRoundedToSeconds),
    Mutant("clamp-before-t0", .window, "Treats a time before T0 as T0.", variant: .beforeT0InFirstWindow),
    Mutant(
      "relative-bounds", .window, "Reports window bounds relative to T0.",
      variant: .windowBoundsRelativeToT0),
    Mutant(
      "developer-as-production", .window, "Ignores the developer profile.", variant: .windowDeveloperProfileIgnored),
    Mutant(
      "fractional-time-accepted", .window, "Accepts fractional and out-of-range times by truncating them.",
      variant: .timeTruncatedIntoRange),
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
