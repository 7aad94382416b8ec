import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

private typealias In = AttributionSuite.Input
private typealias Op = AttributionSuite.Operation
private typealias Event = AttributionSuite.Event
private typealias Update = AttributionSuite.RoutedUpdate

/// A model value as the JSON string the suite reads or writes.
private func json<Value: RawRepresentable<String>>(_ value: Value) -> JSONValue { .string(value.rawValue) }

extension MutantCatalog {
  /// The mutants of the `attribution` suite.
  static let attribution: [Mutant] =
    attributionBasics + attributionRanking + attributionRules + attributionRouting + attributionLimits
    + attributionMirroring

  /// Mutants of the time limits, the ranking, the view limit, environments, cooldowns and routing.
  static let attributionBasics: [Mutant] = [
    Mutant(
      "inclusive-time-limits", .attribution,
      "Counts a view exactly 24 h old (a click exactly 30 days old) as eligible.",
      variant: .attributionInclusiveTimeLimits),
    Mutant(
      "recency-before-fidelity", .attribution, "Ranks by recency alone: views can beat older clicks.",
      variant: .attributionRecencyOnly),
    Mutant("no-view-limit", .attribution, "Keeps every view-through impression.", variant: .attributionNoViewLimit),
    Mutant(
      "view-limit-across-frameworks", .attribution,
      "Counts the views of both frameworks of a source app in one pool of 15.",
      variant: .attributionViewLimitAcrossFrameworks),
    Mutant(
      "loser-per-impression", .attribution, "Gives every considered impression a losing postback.",
      variant: .attributionLoserPerImpression),
    Mutant(
      "reengagement-losers", .attribution, "Gives losing networks a postback for re-engagements.",
      variant: .attributionReengagementLosers),
    Mutant(
      "environment-ignored", .attribution, "Ranks development impressions like production ones.",
      variant: .attributionEnvironmentIgnored),
    Mutant(
      "configuration-for-skadnetwork", .attribution, "Applies AdAttributionKit windows to SKAdNetwork impressions.",
      variant: .attributionConfigurationForSKAdNetwork),
    Mutant(
      "configuration-for-reengagement", .attribution, "Applies the configured (install) windows to re-engagements too.",
      variant: .attributionConfigurationForReengagement),
    Mutant("view-reengagement", .attribution, "Lets views re-engage.", variant: .attributionViewReengagement),
    Mutant("cooldown-ignored", .attribution, "Ignores cooldowns.", variant: .attributionCooldownIgnored),
    Mutant(
      "no-update-deadline", .attribution, "Accepts a first update at any time after the event.",
      variant: .attributionNoUpdateDeadline),
    Mutant(
      "tag-ignored", .attribution, "Ignores conversion tags when routing updates.",
      input: { input in input.updating(In.updates) { $0.mapElements { $0.setting(Update.conversionTag, nil) } } }),
    Mutant(
      "reengagement-closes-nothing", .attribution, "Never closes earlier conversions on a new re-engagement.",
      input: { input in input[In.op] == json(Op.route) ? input.setting(In.overlapping, true) : input }),
    Mutant(
      "earlier-wins-ties", .attribution, "Lets the earlier registered impression win a tie.",
      variant: .attributionEarlierWinsTies),
  ]

  /// Mutants of the ranking and of the limits on considered impressions (AT-4, AT-5, AT-7).
  static let attributionRanking: [Mutant] = [
    ("oldest-first", "Sorts by time ascending: among clicks (or views) the oldest wins.", .attributionOldestFirst),
    ("views-before-clicks", "Sorts fidelity-type ascending: views rank before clicks.", .attributionViewsBeforeClicks),
    (
      "prefers-adattributionkit", "Ranks AdAttributionKit impressions before SKAdNetwork ones instead of together.",
      .attributionPrefersAdAttributionKit
    ),
    (
      "prefers-skadnetwork", "Ranks SKAdNetwork impressions before AdAttributionKit ones instead of together.",
      .attributionPrefersSKAdNetwork
    ),
    (
      "five-considered", "Considers five impressions (Apple's \"top five\" read as the whole set) instead of six.",
      .attributionFiveConsidered
    ),
    (
      "seven-considered", "Considers the winner and six others: seven impressions, six losing networks.",
      .attributionSevenConsidered
    ),
    (
      "production-first-before-eligibility",
      "Lets any production impression, even an expired one, outrank the development ones.",
      .attributionProductionFirstBeforeEligibility
    ),
  ].map { Mutant($0, .attribution, $1, variant: $2) }

  /// Mutants of the time limits, the configuration, the cooldowns and re-engagement (AT-1 to AT-14).
  static let attributionRules: [Mutant] = [
    Mutant(
      "ignore-for-reengagements", .attribution,
      "Lets a network entry's `ignore_interaction_type`, an `install` setting, filter a re-engagement's impressions too (AT-23's alternative).",
      variant: .ignoreInteractionForReengagements),
    Mutant(
      "cooldowns-only-with-adattributionkit", .attribution,
      "Applies the cooldowns, AdAttributionKit settings, only when an AdAttributionKit impression competes, so a SKAdNetwork-only install during a cooldown is created (AT-25's alternative).",
      variant: .cooldownsOnlyWithAdAttributionKit),
    Mutant(
      "null-windows-entry-as-absent", .attribution,
      "Takes a `null` entry of `attribution_windows` for no entry instead of `invalid-input` (IN-1).",
      variant: .attributionNullWindowsEntryIgnored),
    Mutant(
      "app-installed-read-for-re-engagement-only", .attribution,
      "Reads (and type-checks) `app_installed` only for a re-engagement, so an install's non-boolean passes (IN-1).",
      variant: .attributionAppInstalledReadForReengagementOnly),
    Mutant(
      "source-app-0-as-none", .attribution,
      "Takes source app 0 for no source app, so its views are never counted (AT-6).",
      variant: .attributionSourceApp0IsNone),
    Mutant(
      "source-app-id-range", .attribution, "Refuses a negative source app ID as `invalid-input`.",
      variant: .attributionNegativeSourceAppRefused),
    Mutant(
      "event-millisecond-is-after", .attribution,
      "Takes an impression at the event's own millisecond for one after it (`age > 0`).",
      variant: .attributionEventMillisecondIsAfter),
    Mutant(
      "started-hours", .attribution,
      "Counts an impression's age and the delay of the first update in started hours (rounds up).",
      variant: .attributionStartedHours),
    Mutant(
      "whole-seconds", .attribution,
      "Rounds an impression's age and the delay of the first update to the nearest second.",
      variant: .attributionWholeSeconds),
    Mutant(
      "click-window-for-views", .attribution, "Gives views the default click window (30 days) too.",
      variant: .attributionClickWindowForViews),
    Mutant(
      "view-window-for-clicks", .attribution, "Gives clicks the default view window (24 h) too.",
      variant: .attributionViewWindowForClicks),
    Mutant(
      "no-default-click-window", .attribution, "Lets a click expire only under a configured window: no 30-day default.",
      variant: .attributionNoDefaultClickWindow),
    Mutant(
      "global-windows-ignored", .attribution, "Reads only the per-network entries of AttributionWindows, not `global`.",
      variant: .attributionGlobalWindowsIgnored),
    Mutant(
      "global-over-network", .attribution, "Lets `global`'s windows override a network's own.",
      variant: .attributionGlobalOverNetwork),
    Mutant(
      "network-entry-replaces-global", .attribution,
      "Takes a network's entry as a whole: a window it leaves out is the default, not `global`'s.",
      variant: .attributionNetworkEntryReplacesGlobal),
    Mutant(
      "global-ignore-applied", .attribution, "Applies `global`'s ignore_interaction_type to every network.",
      variant: .attributionGlobalIgnoreApplied),
    Mutant(
      "ignores-views-only", .attribution,
      "Honours a network's `ignore_interaction_type` only when it is `view`: its ignored clicks still count (AT-3).",
      variant: .attributionIgnoresViewsOnly),
    Mutant(
      "global-ignore-everywhere", .attribution,
      "Applies `global`'s ignore_interaction_type to every network, for installs and re-engagements alike.",
      variant: .attributionGlobalIgnoreApplied, .ignoreInteractionForReengagements),
    Mutant(
      "configuration-clamped", .attribution,
      "Clamps a configured day count or cooldown into Apple's range instead of rejecting it.",
      variant: .attributionConfigurationClamped),
    Mutant(
      "inclusive-cooldown", .attribution, "Blocks a conversion exactly at the end of the cooldown (`<=`).",
      variant: .attributionInclusiveCooldown),
    Mutant(
      "one-cooldown-for-both", .attribution, "Applies whichever cooldown is configured to installs and re-engagements.",
      variant: .attributionOneCooldownForBoth),
    Mutant(
      "cooldown-by-new-event", .attribution,
      "Picks the cooldown by the new event's kind, not the previous conversion's: an install's cooldown never blocks a re-engagement (AT-8).",
      variant: .attributionCooldownByNewEvent),
    Mutant(
      "previous-kind-defaults-to-event", .attribution,
      "Reads a last_conversion_at without last_conversion_kind as a conversion of the new event's kind instead of invalid-input.",
      variant: .attributionPreviousKindDefaultsToEvent),
    Mutant(
      "unknown-previous-kind-no-cooldown", .attribution,
      "Finds no cooldown for an unknown last_conversion_kind and goes on, instead of invalid-input.",
      variant: .attributionUnknownPreviousKindIgnored),
    Mutant(
      "previous-kind-without-time-ignored", .attribution,
      "Reads last_conversion_kind only when last_conversion_at is given: a kind without a time passes.",
      variant: .attributionPreviousKindWithoutTimeIgnored),
    Mutant(
      "cooldown-whole-seconds", .attribution,
      "Counts the time since the previous conversion in whole seconds, rounded: 23:59:59.999 after it ends a 24-hour cooldown.",
      variant: .attributionCooldownWholeSeconds),
    Mutant(
      "reengagement-flag-ignored", .attribution, "Lets any AdAttributionKit click re-engage, eligible or not.",
      variant: .attributionReengagementFlagIgnored),
    Mutant(
      "skadnetwork-reengages", .attribution, "Lets SKAdNetwork clicks re-engage like AdAttributionKit ones.",
      variant: .attributionSKAdNetworkReengages),
    Mutant(
      "app-installed-ignored", .attribution, "Re-engages whether or not the app is installed.",
      input: { input in input.updating(In.event) { $0.setting(Event.appInstalled, nil) } }),
    Mutant(
      "reengagement-spelling-rejected", .attribution,
      "Knows only the spelling `re-engagement`: `reengagement` (AAK-RCV's) is invalid-input.",
      variant: .attributionReengagementSpellingRejected),
    Mutant(
      "reengagement-deadline-for-installs", .attribution,
      "Applies the 2-day first-update deadline of a re-engagement to installs.",
      variant: .attributionReengagementDeadlineForInstalls),
    Mutant(
      "after-event-not-checked", .attribution, "Does not compare an impression's time with the event's.",
      variant: .attributionAfterEventNotChecked),
    Mutant(
      "empty-impressions-rejected", .attribution, "Rejects an empty impression list as invalid-input.",
      input: { input in
        input[In.impressions]?.arrayValue?.isEmpty == true ? input.setting(In.impressions, nil) : input
      }),
    Mutant(
      "duplicate-ids-accepted", .attribution, "Does not check impression IDs for duplicates.",
      variant: .attributionDuplicateIDsAccepted),
    Mutant(
      "unknown-framework-accepted", .attribution, "Reads an unknown framework as AdAttributionKit.",
      variant: .attributionUnknownFrameworkIsAdAttributionKit),
  ]

  /// Mutants of routing updates to conversions (AT-15 to AT-17).
  static let attributionRouting: [Mutant] = [
    Mutant(
      "overlapping-ignored", .attribution, "Closes earlier conversions on a re-engagement even with overlapping on.",
      input: { input in input[In.op] == json(Op.route) ? input.setting(In.overlapping, false) : input }),
    Mutant(
      "conversion-types-ignored", .attribution, "Sends every update to every active conversion, whatever its types.",
      input: { input in input.updating(In.updates) { $0.mapElements { $0.setting(Update.conversionTypes, nil) } } }),
    Mutant(
      "absent-types-reach-nothing", .attribution,
      "Reads absent conversion types as an empty list: the update reaches no conversion.",
      variant: .attributionAbsentTypesReachNothing),
    Mutant(
      "tag-excludes-install", .attribution, "Sends an update with a conversion tag to re-engagements only.",
      variant: .attributionTagExcludesInstall),
    Mutant(
      "second-install-accepted", .attribution,
      "Does not check for a second install conversion: it counts as a re-engagement.",
      variant: .attributionSecondInstallIsReengagement),
    Mutant(
      "updates-sorted", .attribution, "Sorts the updates by time instead of rejecting them `out-of-order`.",
      variant: .attributionUpdatesSorted),
  ]
}

extension AttributionSuite: MutantSuite {
  /// The attribution suite's mutants (MutantCatalog+Attribution.swift).
  public static var mutants: [Mutant] { MutantCatalog.attribution }
}
