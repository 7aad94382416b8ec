/// Decides which impression wins an install or a re-engagement, and which networks get a
/// losing postback. Every rule names its requirement in `Spec/attribution.md` (AT-*).
public enum Attributor {
  /// The default view-through window: 24 hours (AT-1).
  public static let defaultViewWindow = 24 * Milliseconds.hour
  /// The default click-through window: 30 days (AT-1).
  public static let defaultClickWindow = 30 * Milliseconds.day
  /// The most view-through impressions kept per source app (AT-6).
  public static let viewLimitPerSourceApp = 15
  /// The most impressions considered for one conversion (AT-7).
  public static let consideredLimit = 6
  /// The most losing networks that get a postback (AT-7).
  public static let losingNetworkLimit = 5
  /// How long after a re-engagement the first conversion-value update may come (AT-10).
  public static let reengagementFirstUpdateLimit = 2 * Milliseconds.day
  /// How long after an install the first conversion-value update may come (AT-10).
  public static let installFirstUpdateLimit = 60 * Milliseconds.day

  /// Attributes one event.
  /// - Throws: ``ModelError/Code/invalidInput`` for a configuration outside Apple's ranges
  ///   or duplicate impression IDs.
  public static func attribute(
    event: AttributionEvent, impressions: [Impression], configuration: AttributionConfiguration
  ) throws(ModelError) -> AttributionDecision {
    try validate(configuration, impressions: impressions)
    var reasons: [String: AttributionDecision.Reason] = [:]

    // AT-8: the cooldown configured for the previous conversion's kind blocks a new
    // conversion of either kind; AT-11: it ends exactly `hours` after that conversion.
    // AT-25: the cooldowns gate every conversion, whatever the framework of its impressions.
    if let last = event.lastConversion, let hours = cooldownHours(after: last.kind, configuration),
      event.time.milliseconds - last.time.milliseconds < hours * Milliseconds.hour,
      !RuleVariant.cooldownsOnlyWithAdAttributionKit.isActive
        || impressions.contains(where: { $0.framework == .adattributionkit })
    {
      // A variant checks AT-19's limits first: a re-engagement over them is refused for them.
      let limitFirst =
        RuleVariant.reengagementLimitBeforeCooldown.isActive && event.kind == .reengagement
        && event.reengagementLimits?.reached == true
      return decision(
        limitFirst ? .reengagementLimit : .cooldown, impressions: impressions, reasons: reasons, winner: nil,
        losers: [])
    }
    if event.kind == .reengagement && !event.appInstalled {
      return decision(.appNotInstalled, impressions: impressions, reasons: reasons, winner: nil, losers: [])
    }

    // Eligibility, impression by impression (AT-1, AT-2, AT-3, AT-9).
    var candidates: [(index: Int, impression: Impression)] = []
    for (index, impression) in impressions.enumerated() {
      if let reason = ineligibility(of: impression, event: event, configuration: configuration) {
        reasons[impression.id] = reason
      } else {
        candidates.append((index, impression))
      }
    }

    // AT-6: at most 15 views per framework and source app (each framework keeps its own
    // records: SKAdNetwork per source app, AdAttributionKit per publisher app); the oldest
    // are dropped.
    let views = Dictionary(
      grouping: candidates.filter { $0.impression.interaction == .view && $0.impression.sourceAppID != nil }
    ) {
      "\($0.impression.framework.rawValue) \($0.impression.sourceAppID ?? 0)"
    }
    for (_, group) in views where group.count > viewLimitPerSourceApp {
      let oldestFirst = group.sorted { ($0.impression.time, $0.index) < ($1.impression.time, $1.index) }
      for dropped in oldestFirst.prefix(group.count - viewLimitPerSourceApp) {
        reasons[dropped.impression.id] = .overViewLimit
      }
    }
    candidates.removeAll { reasons[$0.impression.id] != nil }

    // AT-5: production impressions beat development ones.
    let pool =
      RuleVariant.attributionProductionFirstBeforeEligibility.isActive ? impressions : candidates.map(\.impression)
    if pool.contains(where: { $0.environment == .production }) {
      for candidate in candidates where candidate.impression.environment == .development {
        reasons[candidate.impression.id] = .developmentOutranked
      }
      candidates.removeAll { $0.impression.environment == .development }
    }

    // AT-4: clicks before views, then the most recent; at equal times the later registered.
    let ranked = candidates.sorted { rank($0.impression, $0.index) > rank($1.impression, $1.index) }
    // AT-7: at most six impressions are considered.
    let consideredLimit =
      consideredLimit + (RuleVariant.attributionSevenConsidered.isActive ? 1 : 0)
      - (RuleVariant.attributionFiveConsidered.isActive ? 1 : 0)
    for dropped in ranked.dropFirst(consideredLimit) { reasons[dropped.impression.id] = .beyondSix }
    let considered = Array(ranked.prefix(consideredLimit))
    guard let winner = considered.first?.impression else {
      return decision(.noEligibleImpression, impressions: impressions, reasons: reasons, winner: nil, losers: [])
    }

    // AT-19: a re-engagement over the device's per-app monthly or per-device yearly limit is
    // not created (kit-defined: checked once the winner is known, before AT-10, and it
    // closes nothing and starts no cooldown); AT-20: development re-engagements are exempt.
    if event.kind == .reengagement || RuleVariant.reengagementLimitsOnInstalls.isActive,
      winner.environment == .production || RuleVariant.reengagementLimitsOnDevelopment.isActive,
      event.reengagementLimits?.reached == true,
      !RuleVariant.reengagementUpdateCheckBeforeLimit.isActive || firstUpdateInTime(event)
    {
      return decision(.reengagementLimit, impressions: impressions, reasons: reasons, winner: nil, losers: [])
    }

    // AT-10: no conversion-value update in time, no postback window.
    guard firstUpdateInTime(event) else {
      return decision(
        .noTimelyUpdate, impressions: impressions, reasons: reasons, winner: nil, losers: [])
    }

    // AT-7, AT-9: up to five other networks get a losing postback; none for re-engagement.
    var losers: [String] = []
    if event.kind == .install {
      var networks: Set<String> = [winner.adNetworkID]
      let losingNetworkLimit = losingNetworkLimit + (RuleVariant.attributionSevenConsidered.isActive ? 1 : 0)
      for candidate in considered.dropFirst() where losers.count < losingNetworkLimit {
        if networks.insert(candidate.impression.adNetworkID).inserted { losers.append(candidate.impression.id) }
      }
    }
    return decision(
      .created, impressions: impressions, reasons: reasons, winner: winner.id, losers: losers)
  }

  /// AT-10: whether the event's first conversion-value update came in time, within 60 days of
  /// an install or 2 days of a re-engagement.
  private static func firstUpdateInTime(_ event: AttributionEvent) -> Bool {
    let limit = event.kind == .install ? installFirstUpdateLimit : reengagementFirstUpdateLimit
    guard let firstUpdate = event.firstUpdate else { return false }
    return firstUpdate >= event.time && firstUpdate.milliseconds - event.time.milliseconds < limit
  }

  /// AT-4's rank of an impression, the higher first: a click before a view, then the more
  /// recent, then the later in the input; the framework plays no part.
  private static func rank(_ impression: Impression, _ index: Int) -> (Int, Int, Int, Int) {
    let click = (impression.interaction == .click) != RuleVariant.attributionViewsBeforeClicks.isActive
    let time = impression.time.milliseconds * (RuleVariant.attributionOldestFirst.isActive ? -1 : 1)
    let preferred: PostbackScenario.Framework? =
      RuleVariant.attributionPrefersAdAttributionKit.isActive
      ? .adattributionkit : RuleVariant.attributionPrefersSKAdNetwork.isActive ? .skadnetwork : nil
    return (impression.framework == preferred ? 1 : 0, click ? 1 : 0, time, index)
  }

  // MARK: - Eligibility

  private static func ineligibility(
    of impression: Impression, event: AttributionEvent, configuration: AttributionConfiguration
  ) -> AttributionDecision.Reason? {
    let age = event.time.milliseconds - impression.time.milliseconds
    if age < 0 { return .afterEvent }
    if event.kind == .reengagement {
      // AT-18 (kit-defined): only the AdAttributionKit JWS carries `eligible-for-re-engagement`.
      if impression.framework == .skadnetwork { return .skadnetworkCannotReengage }
      if impression.interaction == .view { return .reengagementNeedsClick }
      if !impression.eligibleForReengagement { return .notEligibleForReengagement }
    }
    // AT-23: every setting of an entry sits in Apple's `install` dictionary, so a re-engagement
    // reads none of them: neither the windows (AT-2) nor `ignoreInteractionType` (AT-3).
    // AT-12: the entries apply to AdAttributionKit impressions only.
    let readsEntries = impression.framework == .adattributionkit && event.kind == .install
    let networkWindows = readsEntries ? configuration.perNetwork[impression.adNetworkID] : nil
    let ignoring =
      impression.framework == .adattributionkit && RuleVariant.ignoreInteractionForReengagements.isActive
      ? configuration.perNetwork[impression.adNetworkID] : networkWindows
    // AT-3: only a network's entry can ignore an interaction type; `global`'s is not read.
    if let ignored = ignoring?.ignoreInteractionType, ignored == impression.interaction {
      return .ignoredInteraction
    }
    // AT-2: network over global over the system default; AT-24: per member.
    let timed = networkWindows
    let global = readsEntries ? configuration.global : nil
    switch impression.interaction {
    case .view:
      let days = timed?.viewDays ?? global?.viewDays
      let window = days.map { $0 * Milliseconds.day } ?? defaultViewWindow
      return age < window ? nil : .viewWindowExpired
    case .click:
      let days = timed?.clickDays ?? global?.clickDays
      let window = days.map { $0 * Milliseconds.day } ?? defaultClickWindow
      return age < window ? nil : .clickWindowExpired
    }
  }

  private static func validate(_ configuration: AttributionConfiguration, impressions: [Impression]) throws(ModelError)
  {
    var seen: Set<String> = []
    for impression in impressions where !seen.insert(impression.id).inserted {
      throw ModelError(.invalidInput, "impression id \"\(impression.id)\" appears twice")
    }
    let all = [configuration.global].compactMap { $0 } + Array(configuration.perNetwork.values)
    for windows in all {
      if let days = windows.viewDays, !(1...7).contains(days) {
        throw ModelError(.invalidInput, "a view window of \(days) days is outside 1...7")
      }
      if let days = windows.clickDays, !(1...30).contains(days) {
        throw ModelError(.invalidInput, "a click window of \(days) days is outside 1...30")
      }
    }
    for hours in [configuration.installCooldownHours, configuration.reengagementCooldownHours].compactMap({ $0 })
    where !(0...720).contains(hours) {
      throw ModelError(.invalidInput, "a cooldown of \(hours) hours is outside 0...720")
    }
  }

  /// The cooldown that follows a conversion of `kind` (AT-8): Apple's `install-cooldown-hours`
  /// is "the number of hours the system will wait after an install conversion before accepting
  /// new conversions", `re-engagement-cooldown-hours` the same after a re-engagement.
  public static func cooldownHours(
    after kind: AttributionEvent.Kind, _ configuration: AttributionConfiguration
  ) -> Int? {
    kind == .install ? configuration.installCooldownHours : configuration.reengagementCooldownHours
  }

  private static func decision(
    _ conversion: AttributionDecision.Conversion, impressions: [Impression],
    reasons: [String: AttributionDecision.Reason],
    winner: String?, losers: [String]
  ) -> AttributionDecision {
    let verdicts = impressions.map { impression -> AttributionDecision.Verdict in
      if let reason = reasons[impression.id] {
        return .init(id: impression.id, status: .ineligible, reason: reason)
      }
      if impression.id == winner { return .init(id: impression.id, status: .winner, reason: nil) }
      if losers.contains(impression.id) { return .init(id: impression.id, status: .loser, reason: nil) }
      return .init(id: impression.id, status: .notChosen, reason: nil)
    }
    return AttributionDecision(conversion: conversion, winner: winner, losers: losers, verdicts: verdicts)
  }
}
