/// A named departure from one of the model's rules: the reading a plausible implementation
/// takes instead of the kit's. The model follows the kit's rules unless a variant is in
/// effect through ``RuleVariant/active``; only the kit's mutants set one, to prove that the
/// vectors catch that reading. Package access: no user of the model can change its answers.
package enum RuleVariant: String, Sendable, Hashable, CaseIterable {
  /// AT-23's alternative: a network entry's `ignoreInteractionType` also filters the
  /// impressions of a re-engagement.
  case ignoreInteractionForReengagements
  /// AT-25's alternative: the cooldowns, AdAttributionKit settings, gate a conversion only when
  /// an AdAttributionKit impression competes for it.
  case cooldownsOnlyWithAdAttributionKit
  /// PB-23's alternative: Developer Mode shortens the first postback's delay only; the second
  /// and third keep their production delay of 24 to 144 hours.
  case developerModeShortensFirstDelayOnly
  /// PB-22's alternative: a development postback keeps the tiers given.
  case developmentPostbacksAtGivenTier

  /// A receiver's bug: an AdAttributionKit postback's JWS is read under its kid without its
  /// signature being checked (RCV-2).
  case adAttributionKitSignatureUnchecked

  /// The variants in effect for the current task: none, unless a mutant runs the model.
  @TaskLocal package static var active: Set<RuleVariant> = []

  /// Whether this variant is in effect.
  package var isActive: Bool { Self.active.contains(self) }
}
