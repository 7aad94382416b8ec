import SKANModel
import SKANSuiteCodecs

extension MutantCatalog {
  /// Mutants of SKAdNetwork calls mirrored into AdAttributionKit (AT-21, AT-22): each the model
  /// under a ``RuleVariant``.
  static let attributionMirroring: [Mutant] = [
    Mutant(
      "skadnetwork-calls-ignored", .attribution,
      "Routes AdAttributionKit calls only: a SKAdNetwork call reaches no conversion (AT-21).",
      variant: .skadnetworkCallsIgnored),
    Mutant(
      "conversion-framework-ignored", .attribution,
      "Treats every conversion as AdAttributionKit's: an AdAttributionKit call reaches a SKAdNetwork-attributed install (a mirror both ways) (AT-21).",
      variant: .conversionFrameworkIgnored),
    Mutant(
      "mirror-keeps-coarse", .attribution,
      "Mirrors a SKAdNetwork call with its coarse value, as updateConversionValue(_:coarseConversionValue:lockPostback:) would (AT-22).",
      variant: .mirrorKeepsCoarse),
    Mutant(
      "mirror-install-only", .attribution,
      "Mirrors a SKAdNetwork call into the AdAttributionKit install only, never into a re-engagement (AT-21, AT-15).",
      variant: .mirrorInstallOnly),
    Mutant(
      "mirror-lock-dropped", .attribution, "Drops lockWindow from a SKAdNetwork call (AT-21).",
      variant: .mirrorLockDropped),
    Mutant(
      "mirror-dropped-with-direct-calls", .attribution,
      "Ignores SKAdNetwork calls once the app also calls AdAttributionKit, instead of applying both in call order (AT-21).",
      variant: .mirrorDroppedWithDirectCalls),
    Mutant(
      "skadnetwork-reengagement-accepted", .attribution,
      "Accepts a re-engagement attributed to SKAdNetwork, read as AdAttributionKit's (AT-21, IN-1).",
      variant: .skadnetworkReengagementAccepted),
    Mutant(
      "skadnetwork-call-types-accepted", .attribution,
      "Accepts conversion_types and a tag on a SKAdNetwork call, and ignores them (AT-21, IN-1).",
      variant: .skadnetworkCallTypesIgnored),
  ]
}
