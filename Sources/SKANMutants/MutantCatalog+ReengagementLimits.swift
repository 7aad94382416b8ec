import SKANModel
import SKANSuiteCodecs

extension MutantCatalog {
  /// Mutants of the re-engagement limits (AT-19, AT-20): each the model under a ``RuleVariant``.
  static let attributionLimits: [Mutant] = [
    Mutant(
      "reengagement-limits-ignored", .attribution, "Ignores the device's re-engagement limits (AT-19).",
      variant: .reengagementLimitsIgnored),
    Mutant(
      "reengagement-limit-app-month-only", .attribution,
      "Checks only the app's monthly limit, not the device's yearly one (AT-19).",
      variant: .reengagementDeviceYearLimitIgnored),
    Mutant(
      "reengagement-limit-exclusive", .attribution,
      "Blocks only when more than the limit is used (`used > limit`): a limit of N allows N + 1 (AT-19).",
      variant: .reengagementLimitExclusive),
    Mutant(
      "reengagement-limit-one-early", .attribution,
      "Blocks when the limit minus one is used: a limit of N allows N - 1 (AT-19).",
      variant: .reengagementLimitOneEarly),
    Mutant(
      "reengagement-missing-limit-is-zero", .attribution,
      "Reads an absent or null limit as 0, blocking every re-engagement with counts but no limits (AT-19).",
      variant: .reengagementMissingLimitIsZero),
    Mutant(
      "reengagement-limit-negative-count-as-zero", .attribution,
      "Reads a negative count as 0 instead of refusing the input (AT-19, IN-1).",
      variant: .reengagementNegativeCountIsZero),
    Mutant(
      "reengagement-limit-fraction-truncated", .attribution,
      "Truncates a fractional count or limit instead of refusing the input (AT-19, IN-1).",
      variant: .reengagementFractionTruncated),
    Mutant(
      "install-reengagement-limited", .attribution, "Applies the re-engagement limits to installs too (AT-19).",
      variant: .reengagementLimitsOnInstalls),
    Mutant(
      "development-reengagement-limited", .attribution,
      "Applies the re-engagement limits to development re-engagements (AT-20).",
      variant: .reengagementLimitsOnDevelopment),
    Mutant(
      "reengagement-limit-before-cooldown", .attribution,
      "Checks the re-engagement limit before the cooldown (AT-8, AT-19).",
      variant: .reengagementLimitBeforeCooldown),
    Mutant(
      "reengagement-limit-after-update-check", .attribution,
      "Checks the first conversion-value update (AT-10) before the re-engagement limit (AT-19).",
      variant: .reengagementUpdateCheckBeforeLimit),
  ]
}
