import SKANModel

extension MutantCatalog {
  static let legacyPostback: [Mutant] = [
    Mutant(
      "legacy-skan4-rules", .postback,
      "Values and times an ad signed before 4.0 by SKAdNetwork 4's first window: the last value of 48 h, a lock honoured, sent 24-48 h after.",
      variant: .legacyTimedAsSKAdNetwork4),
    Mutant(
      "legacy-accepts-decrease", .postback, "Takes a lower value for an ad signed before 4.0.",
      variant: .legacyAcceptsDecrease),
    Mutant(
      "legacy-timer-fixed-at-first-update", .postback,
      "Starts the 24-hour timer of an ad signed before 4.0 at the first update and never restarts it.",
      variant: .legacyTimerFixedAtFirstUpdate),
    Mutant(
      "legacy-any-call-restarts-timer", .postback,
      "Restarts the timer of an ad signed before 4.0 on every call, a lower or equal value included.",
      variant: .legacyAnyCallRestartsTimer),
    Mutant(
      "legacy-inclusive-expiry", .postback,
      "Takes an update made exactly when the timer of an ad signed before 4.0 expires.",
      variant: .legacyInclusiveExpiry),
    Mutant(
      "legacy-840-hour-period", .postback, "Ignores the updates of an ad signed before 4.0 from 840 h after T0 on.",
      variant: .legacyEndsWithMeasurementPeriod),
    Mutant(
      "legacy-default-zero", .postback,
      "Counts the registration's default value 0 as the current value of an ad signed before 4.0.",
      variant: .legacyDefaultZero),
    Mutant(
      "legacy-sent-24-48h", .postback,
      "Sends the postback of an ad signed before 4.0 24 to 48 h after its timer expires, SKAdNetwork 4's delay.",
      variant: .legacySentAsSKAdNetwork4),
    Mutant(
      "legacy-loser-timed-as-skan4", .postback,
      "Times a losing network's postback of an ad signed before 4.0 as a SKAdNetwork 4 winner's first postback.",
      variant: .legacyLoserTimedAsSKAdNetwork4),
    Mutant(
      "legacy-developer-mode", .postback, "Applies Developer Mode's windows and delays to an ad signed before 4.0.",
      variant: .legacyDeveloperModeApplied),
    Mutant(
      "legacy-loser-before-3-0", .postback,
      "Gives a losing network a postback for an ad signed before 3.0, as from 3.0 on.", variant: .legacyLoserBefore3_0),
    Mutant(
      "unknown-version-as-4-0", .postback,
      "Treats a SKAdNetwork version it does not know (`1.0`, `4`) as the absent default, 4.0, instead of rejecting it.",
      variant: .unknownAdVersionIsDefault),
    Mutant(
      "legacy-campaign-unchecked", .postback,
      "Takes any source identifier for the campaign ID of an ad signed before 4.0: no check of 1 to 100.",
      variant: .legacyCampaignUnchecked),
  ]
}
