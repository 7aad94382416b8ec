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
  /// The configurable view-through windows, in days (AT-2).
  public static let viewDaysRange = 1...7
  /// The configurable click-through windows, in days (AT-2).
  public static let clickDaysRange = 1...30
  /// The configurable cooldowns, in hours (AT-8).
  public static let cooldownHoursRange = 0...720

  /// Attributes one event.
  /// - Throws: ``ModelError/Code/invalidInput`` for a configuration outside Apple's ranges
  ///   or duplicate impression IDs.
  public static func attribute(
    event: AttributionEvent, impressions: [Impression], configuration: AttributionConfiguration
  ) throws(ModelError) -> AttributionDecision {
    var configuration = RuleVariant.attributionConfigurationClamped.isActive ? clamped(configuration) : configuration
    if RuleVariant.attributionGlobalWindowsIgnored.isActive { configuration.global = nil }
    try validate(configuration, impressions: impressions)
    var reasons: [String: AttributionDecision.Reason] = [:]

    // AT-8: the cooldown configured for the previous conversion's kind blocks a new
    // conversion of either kind; AT-11: it ends exactly `hours` after that conversion.
    // AT-25: the cooldowns gate every conversion, whatever the framework of its impressions.
    if let last = event.lastConversion,
      let hours = cooldownHours(
        after: RuleVariant.attributionCooldownByNewEvent.isActive ? event.kind : last.kind, configuration),
      isWithin(cooldownElapsed(event.time.milliseconds - last.time.milliseconds), hours * Milliseconds.hour),
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
      RuleVariant.attributionViewLimitAcrossFrameworks.isActive
        ? "\($0.impression.sourceAppID ?? 0)" : "\($0.impression.framework.rawValue) \($0.impression.sourceAppID ?? 0)"
    }
    for (_, group) in views where group.count > viewLimitPerSourceApp && !RuleVariant.attributionNoViewLimit.isActive {
      let oldestFirst = group.sorted {
        (-age(of: $0.impression, at: event), registration($0.index))
          < (-age(of: $1.impression, at: event), registration($1.index))
      }
      for dropped in oldestFirst.prefix(group.count - viewLimitPerSourceApp) {
        reasons[dropped.impression.id] = .overViewLimit
      }
    }
    candidates.removeAll { reasons[$0.impression.id] != nil }

    // AT-5: production impressions beat development ones.
    let pool =
      RuleVariant.attributionProductionFirstBeforeEligibility.isActive ? impressions : candidates.map(\.impression)
    if pool.contains(where: { $0.environment == .production }) && !RuleVariant.attributionEnvironmentIgnored.isActive {
      for candidate in candidates where candidate.impression.environment == .development {
        reasons[candidate.impression.id] = .developmentOutranked
      }
      candidates.removeAll { $0.impression.environment == .development }
    }

    // AT-4: clicks before views, then the most recent; at equal times the later registered.
    let ranked = candidates.sorted {
      rank($0.impression, age: age(of: $0.impression, at: event), $0.index)
        > rank($1.impression, age: age(of: $1.impression, at: event), $1.index)
    }
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
      winner.environment == .production || RuleVariant.attributionEnvironmentIgnored.isActive
        || RuleVariant.reengagementLimitsOnDevelopment.isActive,
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
    return decision(
      .created, impressions: impressions, reasons: reasons, winner: winner.id,
      losers: losers(considered, winner: winner, event: event))
  }

  /// AT-7, AT-9: up to five other networks get a losing postback, one impression each, the
  /// best ranked; none for a re-engagement.
  private static func losers(
    _ considered: [(index: Int, impression: Impression)], winner: Impression, event: AttributionEvent
  ) -> [String] {
    guard event.kind == .install || RuleVariant.attributionReengagementLosers.isActive else { return [] }
    if RuleVariant.attributionLoserPerImpression.isActive { return considered.dropFirst().map(\.impression.id) }
    var losers: [String] = []
    var networks: Set<String> = [winner.adNetworkID]
    let losingNetworkLimit = losingNetworkLimit + (RuleVariant.attributionSevenConsidered.isActive ? 1 : 0)
    for candidate in considered.dropFirst() where losers.count < losingNetworkLimit {
      if networks.insert(candidate.impression.adNetworkID).inserted { losers.append(candidate.impression.id) }
    }
    return losers
  }

  /// AT-10: whether the event's first conversion-value update came in time, within 60 days of
  /// an install or 2 days of a re-engagement.
  private static func firstUpdateInTime(_ event: AttributionEvent) -> Bool {
    if RuleVariant.attributionNoUpdateDeadline.isActive { return true }
    let limit =
      event.kind == .install && !RuleVariant.attributionReengagementDeadlineForInstalls.isActive
      ? installFirstUpdateLimit : reengagementFirstUpdateLimit
    guard let firstUpdate = event.firstUpdate else { return false }
    return firstUpdate >= event.time && counted(firstUpdate.milliseconds - event.time.milliseconds) < limit
  }

  /// AT-4's rank of an impression, the higher first: a click before a view, then the more
  /// recent (the younger at the event), then the later in the input (AT-13); the framework
  /// plays no part.
  private static func rank(_ impression: Impression, age: Int, _ index: Int) -> (Int, Int, Int, Int) {
    let click =
      (impression.interaction == .click) != RuleVariant.attributionViewsBeforeClicks.isActive
      && !RuleVariant.attributionRecencyOnly.isActive
    let recency = -age * (RuleVariant.attributionOldestFirst.isActive ? -1 : 1)
    let preferred: PostbackScenario.Framework? =
      RuleVariant.attributionPrefersAdAttributionKit.isActive
      ? .adattributionkit : RuleVariant.attributionPrefersSKAdNetwork.isActive ? .skadnetwork : nil
    return (impression.framework == preferred ? 1 : 0, click ? 1 : 0, recency, registration(index))
  }

  /// AT-13: the order of registration, the later the higher.
  private static func registration(_ index: Int) -> Int {
    RuleVariant.attributionEarlierWinsTies.isActive ? -index : index
  }

  /// An impression's age at the event, as the time limits count it (AT-11).
  private static func age(of impression: Impression, at event: AttributionEvent) -> Int {
    counted(event.time.milliseconds - impression.time.milliseconds)
  }

  /// A time since the event, as the time limits count it (AT-11): in milliseconds.
  private static func counted(_ span: Int) -> Int {
    guard span > 0 else { return span }
    if RuleVariant.attributionStartedHours.isActive {
      return (span + Milliseconds.hour - 1) / Milliseconds.hour * Milliseconds.hour
    }
    if RuleVariant.attributionWholeSeconds.isActive { return (span + 500) / 1000 * 1000 }
    return span
  }

  /// The time since the previous conversion, as the cooldown counts it (AT-11): in milliseconds.
  private static func cooldownElapsed(_ span: Int) -> Int {
    span > 0 && RuleVariant.attributionCooldownWholeSeconds.isActive ? (span + 500) / 1000 * 1000 : span
  }

  /// AT-11: a time `elapsed` is within a limit that ends `limit` after its start.
  private static func isWithin(_ elapsed: Int, _ limit: Int) -> Bool {
    RuleVariant.attributionInclusiveCooldown.isActive ? elapsed <= limit : elapsed < limit
  }

  // MARK: - Eligibility

  private static func ineligibility(
    of impression: Impression, event: AttributionEvent, configuration: AttributionConfiguration
  ) -> AttributionDecision.Reason? {
    let age = age(of: impression, at: event)
    if RuleVariant.attributionEventMillisecondIsAfter.isActive ? age <= 0 : age < 0,
      !RuleVariant.attributionAfterEventNotChecked.isActive
    {
      return .afterEvent
    }
    if event.kind == .reengagement {
      // AT-18 (kit-defined): only the AdAttributionKit JWS carries `eligible-for-re-engagement`.
      if impression.framework == .skadnetwork && !RuleVariant.attributionSKAdNetworkReengages.isActive {
        return .skadnetworkCannotReengage
      }
      if impression.interaction == .view && !RuleVariant.attributionViewReengagement.isActive {
        return .reengagementNeedsClick
      }
      if !impression.eligibleForReengagement && !RuleVariant.attributionReengagementFlagIgnored.isActive {
        return .notEligibleForReengagement
      }
    }
    // AT-23: every setting of an entry sits in Apple's `install` dictionary, so a re-engagement
    // reads none of them: neither the windows (AT-2) nor `ignoreInteractionType` (AT-3).
    // AT-12: the entries apply to AdAttributionKit impressions only.
    let configured =
      impression.framework == .adattributionkit || RuleVariant.attributionConfigurationForSKAdNetwork.isActive
    // AT-3: only a network's entry can ignore an interaction type; `global`'s is not read.
    let readsIgnore =
      configured && (event.kind == .install || RuleVariant.ignoreInteractionForReengagements.isActive)
    var ignored = readsIgnore ? configuration.perNetwork[impression.adNetworkID]?.ignoreInteractionType : nil
    if readsIgnore && RuleVariant.attributionGlobalIgnoreApplied.isActive {
      ignored = configuration.global?.ignoreInteractionType ?? ignored
    }
    if ignored == .click && RuleVariant.attributionIgnoresViewsOnly.isActive { ignored = nil }
    if let ignored, ignored == impression.interaction {
      return .ignoredInteraction
    }
    // AT-2: network over global over the system default; AT-24: per member.
    let readsWindows =
      configured && (event.kind == .install || RuleVariant.attributionConfigurationForReengagement.isActive)
    let timed = readsWindows ? configuration.perNetwork[impression.adNetworkID] : nil
    let global = readsWindows ? configuration.global : nil
    let days = { (windows: AttributionConfiguration.Windows?) in
      impression.interaction == .view ? windows?.viewDays : windows?.clickDays
    }
    let named =
      impression.framework == .adattributionkit
      && (days(configuration.perNetwork[impression.adNetworkID]) ?? days(configuration.global)) != nil
    let window = window(
      impression.interaction, network: timed.map { days($0) }, global: days(global), named: named)
    let expired = window.map { RuleVariant.attributionInclusiveTimeLimits.isActive ? age > $0 : age >= $0 } ?? false
    guard expired else { return nil }
    return impression.interaction == .view ? .viewWindowExpired : .clickWindowExpired
  }

  /// An interaction's window (AT-1, AT-2, AT-24): the network entry's days (`network` is `nil`
  /// without an entry, `.some(nil)` for an entry without that member), then `global`'s, then
  /// the system default; `nil` for none. The variants of the default windows take the place
  /// of a default only for an impression the configuration names no window for (`named`
  /// false), whatever the event.
  private static func window(
    _ interaction: PostbackScenario.Interaction, network: Int??, global: Int?, named: Bool
  ) -> Int? {
    let defaultWindow: Int? =
      switch interaction {
      case .view:
        RuleVariant.attributionClickWindowForViews.isActive && !named ? defaultClickWindow : defaultViewWindow
      case .click:
        named
          ? defaultClickWindow
          : RuleVariant.attributionNoDefaultClickWindow.isActive
            ? nil : RuleVariant.attributionViewWindowForClicks.isActive ? defaultViewWindow : defaultClickWindow
      }
    let own = network ?? nil
    let days: Int?
    if RuleVariant.attributionGlobalOverNetwork.isActive {
      days = global ?? own
    } else if RuleVariant.attributionNetworkEntryReplacesGlobal.isActive, network != nil {
      days = own
    } else {
      days = own ?? global
    }
    return days.map { $0 * Milliseconds.day } ?? defaultWindow
  }

  /// The configuration with every window and cooldown clamped into Apple's range.
  private static func clamped(_ configuration: AttributionConfiguration) -> AttributionConfiguration {
    func clamp(_ value: Int?, _ range: ClosedRange<Int>) -> Int? {
      value.map { min(max($0, range.lowerBound), range.upperBound) }
    }
    func clamp(_ windows: AttributionConfiguration.Windows) -> AttributionConfiguration.Windows {
      .init(
        viewDays: clamp(windows.viewDays, viewDaysRange), clickDays: clamp(windows.clickDays, clickDaysRange),
        ignoreInteractionType: windows.ignoreInteractionType)
    }
    return AttributionConfiguration(
      global: configuration.global.map(clamp), perNetwork: configuration.perNetwork.mapValues(clamp),
      installCooldownHours: clamp(configuration.installCooldownHours, cooldownHoursRange),
      reengagementCooldownHours: clamp(configuration.reengagementCooldownHours, cooldownHoursRange))
  }

  private static func validate(_ configuration: AttributionConfiguration, impressions: [Impression]) throws(ModelError)
  {
    var seen: Set<String> = []
    for impression in impressions
    where !seen.insert(impression.id).inserted && !RuleVariant.attributionDuplicateIDsAccepted.isActive {
      throw ModelError(.invalidInput, "impression id \"\(impression.id)\" appears twice")
    }
    let all = [configuration.global].compactMap { $0 } + Array(configuration.perNetwork.values)
    for windows in all {
      if let days = windows.viewDays, !viewDaysRange.contains(days) {
        throw ModelError(.invalidInput, "a view window of \(days) days is outside \(viewDaysRange)")
      }
      if let days = windows.clickDays, !clickDaysRange.contains(days) {
        throw ModelError(.invalidInput, "a click window of \(days) days is outside \(clickDaysRange)")
      }
    }
    for hours in [configuration.installCooldownHours, configuration.reengagementCooldownHours].compactMap({ $0 })
    where !cooldownHoursRange.contains(hours) {
      throw ModelError(.invalidInput, "a cooldown of \(hours) hours is outside \(cooldownHoursRange)")
    }
  }

  /// The cooldown that follows a conversion of `kind` (AT-8): Apple's `install-cooldown-hours`
  /// is "the number of hours the system will wait after an install conversion before accepting
  /// new conversions", `re-engagement-cooldown-hours` the same after a re-engagement.
  public static func cooldownHours(
    after kind: AttributionEvent.Kind, _ configuration: AttributionConfiguration
  ) -> Int? {
    let install = configuration.installCooldownHours
    let reengagement = configuration.reengagementCooldownHours
    if RuleVariant.attributionOneCooldownForBoth.isActive {
      return kind == .install ? install ?? reengagement : reengagement ?? install
    }
    return kind == .install ? install : reengagement
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
