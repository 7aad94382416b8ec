import SKANModel
import SKANSuiteCodecs

extension MutantCatalog {
  /// Mutants of a conversion closed by a later re-engagement (PB-20): each the model under a
  /// ``RuleVariant``.
  static let closedConversion: [Mutant] = [
    Mutant(
      "close-ignored", .postback, "Ignores closed_at: postbacks keep their windows' ends (PB-20).",
      variant: .closeIgnored),
    Mutant(
      "close-adattributionkit-only", .postback,
      "Closes only AdAttributionKit-attributed conversions, the stated alternative (PB-20).",
      variant: .closeAdAttributionKitOnly),
    Mutant(
      "close-legacy-timer-kept", .postback,
      "Leaves the 24-hour timer of an ad signed before 4.0 running after the close (PB-20, PB-15).",
      variant: .closeLegacyTimerKept),
    Mutant(
      "close-winner-only", .postback, "Closes the winner's postbacks but not a losing network's (PB-20).",
      variant: .closeWinnerOnly),
    Mutant(
      "close-keeps-later-updates", .postback,
      "Applies updates made at or after the close to the closed conversion (PB-20).",
      variant: .closeKeepsLaterUpdates),
    Mutant(
      "close-drops-open-window", .postback,
      "Drops the postbacks not yet final at the close instead of sending them (PB-20).",
      variant: .closeDropsOpenWindow),
    Mutant(
      "close-retimes-final-windows", .postback,
      "Makes every postback final at the close, even one already final by its window's end or a lock (PB-20).",
      variant: .closeRetimesFinalWindows),
    Mutant(
      "close-delay-from-window-end", .postback,
      "Finalizes at the close but counts the send delay from the window's end (PB-20, PB-8).",
      variant: .closeDelayFromWindowEnd),
    Mutant(
      "close-production-delays", .postback,
      "Sends a development ad's closed postbacks after the production delays, 24-48 h (PB-20, PB-17).",
      variant: .closeProductionDelays),
    Mutant(
      "close-before-t0-accepted", .postback, "Accepts a close before T0, read as T0 (PB-20, PB-1).",
      variant: .closeBeforeT0AtT0),
  ]
}
