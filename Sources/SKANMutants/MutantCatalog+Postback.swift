import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

private typealias In = PostbackSuite.Input
private typealias Out = PostbackSuite.Output
private typealias Entry = PostbackSuite.Postback
private typealias Update = ValuesSuite.Update

extension MutantCatalog {
  static func postbacks(_ output: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    output.updating(Out.postbacks) { $0.mapElements(transform) }
  }

  static let postback: [Mutant] = [
    Mutant(
      "development-postbacks-at-given-tier", .postback,
      "Writes a development postback at the tiers given instead of the highest tier (PB-22's alternative).",
      variant: .developmentPostbacksAtGivenTier),
    Mutant(
      "developer-mode-first-delay-only", .postback,
      "Shortens only the first postback's delay in Developer Mode; the second and third are sent 24-144 h after they are final (PB-23's alternative).",
      variant: .developerModeShortensFirstDelayOnly),
    Mutant(
      "tier1-first-carries-fine", .postback, "A tier-1 first postback carries the fine value.",
      variant: .postbackTier1CarriesFine),
    Mutant(
      "loser-carries-value", .postback, "A losing postback carries the conversion value.",
      variant: .postbackLoserCarriesValue),
    Mutant(
      "country-code-on-loser", .postback,
      "Writes `country-code` in a losing postback too (PB-3, PB-18: only postback 0 of the winner carries it).",
      variant: .postbackCountryCodeOnLoser),
    Mutant(
      "later-postbacks-at-tier-0", .postback, "Sends the second and third postbacks at tier 0.",
      variant: .postbackLaterAtTier0),
    Mutant("leftmost-digits", .postback, "Cuts the source identifier from the left.", variant: .postbackLeftmostDigits),
    Mutant("no-zero-padding", .postback, "Does not zero-pad identifiers below 1000.", variant: .postbackNoZeroPadding),
    Mutant(
      "same-delay-for-all", .postback, "Uses the 24-48 h delay for every postback.", variant: .postbackSameDelayForAll),
    Mutant(
      "timed-from-window-end-despite-lock", .postback, "Times a locked postback from its window's end.",
      input: { input in input.updating(In.updates) { $0.mapElements { $0.setting(Update.lock, false) } } }),
    Mutant(
      "marketplace-only-tier-3", .postback, "Includes marketplace-identifier only at tier 3.",
      variant: .postbackMarketplaceOnlyTier3),
    Mutant(
      "unhyphenated-reengagement", .postback, "Writes conversion-type `reengagement`.",
      output: { output, _ in
        postbacks(output) { entry in
          entry.updating(Entry.postback) { postback in
            postback["conversion-type"] == "re-engagement"
              ? postback.setting("conversion-type", "reengagement") : postback
          }
        }
      }),
    Mutant(
      "fine-and-coarse", .postback, "Sends the coarse value next to the fine one.", variant: .postbackFineAndCoarse),
    Mutant(
      "source-app-below-tier-3", .postback, "Includes the source app at tier 2.", variant: .postbackSourceAppAtTier2),
    Mutant(
      "valueless-later-postbacks", .postback, "Sends a postback for every window, with or without an update.",
      variant: .postbackValuelessWindowsSent),
    Mutant(
      "reengagement-loser-postback", .postback,
      "Gives the losing networks of a re-engagement a postback, as for a download.",
      variant: .postbackReengagementLosers),
    Mutant(
      "view-reengagement-accepted", .postback, "Accepts a re-engagement from a view, as if from a click.",
      variant: .postbackViewReengagementAccepted),
    Mutant(
      "short-tiers-padded", .postback, "Fills a tiers list shorter than three with its last tier.",
      variant: .postbackShortTiersPadded),
    Mutant(
      "tiers-clamped", .postback, "Clamps a tier outside 0 to 3 into that range instead of rejecting it.",
      variant: .postbackTiersClamped),
    Mutant(
      "skadnetwork-reengagement-as-redownload", .postback,
      "Maps a SKAdNetwork re-engagement onto `redownload` instead of rejecting it.",
      variant: .postbackSKAdNetworkReengagementAsRedownload),
    Mutant(
      "app-and-domain-accepted", .postback, "Accepts a source app and a source domain together, keeping the app.",
      variant: .postbackAppAndDomainKeepsApp),
    Mutant(
      "source-identifier-last-four-digits", .postback,
      "Keeps the last four digits of a source identifier above 9999 instead of rejecting it.",
      variant: .sourceIdentifierLastFourDigits),
    Mutant(
      "developer-mode-ignored", .postback,
      "Ignores the `aak-developer` profile: production windows and delays for every ad.",
      input: { input in
        input[In.profile] == .string(WindowProfile.aakDeveloper.rawValue)
          ? input.setting(In.profile, .string(WindowProfile.production.rawValue)) : input
      }),
    Mutant(
      "developer-mode-for-production-ads", .postback,
      "Applies Developer Mode's windows and delays to a production ad (source app not 0), as the kit did before PB-17.",
      variant: .postbackDeveloperModeForProductionAds),
    Mutant(
      "view-signed-2-1-accepted", .postback,
      "Accepts a view-through ad signed 2.1 and writes its 2.1 postback instead of rejecting it.",
      variant: .postbackViewSigned2_1Accepted),
    Mutant(
      "skadnetwork-no-country-code", .postback,
      "Never writes `country-code` in a SKAdNetwork postback (PB-18's alternative).",
      variant: .postbackSKAdNetworkNoCountryCode),
    Mutant(
      "development-postback-zeroed", .postback,
      "Writes `conversion-value` 0 in the postbacks of a SKAdNetwork development ad (source app 0), as Apple's StoreKit test postbacks (PB-19's alternative).",
      variant: .postbackDevelopmentValueZeroed),
    Mutant(
      "invalid-update-skipped", .postback,
      "Skips an update whose fine value is out of range instead of failing the scenario.",
      variant: .postbackInvalidFineSkipped),
  ]
}

extension PostbackSuite: MutantSuite {
  /// The postback suite's mutants, SKAdNetwork 2.x-3.0, closed conversions and the country
  /// code's shape included (MutantCatalog+Postback.swift, +LegacyPostback, +ClosedConversion,
  /// +CountryCode).
  public static var mutants: [Mutant] {
    MutantCatalog.postback + MutantCatalog.legacyPostback + MutantCatalog.closedConversion
      + MutantCatalog.countryCode
  }
}
