/// Decides which postbacks a device sends for one attribution, with which fields and when.
///
/// Every rule names its requirement in `Spec/postback.md` (PB-*).
public enum PostbackPlanner {
  /// SKAdNetwork versions whose postbacks the model builds.
  public static let supportedVersions = ["4.0", "3.0", "2.2", "2.1"]

  /// The postbacks, in sequence order.
  /// - Throws: ``ModelError`` for a scenario that cannot happen (PB-1).
  public static func plan(_ given: PostbackScenario) throws(ModelError) -> [PlannedPostback] {
    var closed = given
    closed.closedAt = closure(of: given)
    // Variants read a SKAdNetwork re-engagement as a redownload, and keep the source app of
    // an ad with a source domain too.
    if closed.framework == .skadnetwork, closed.conversionType == .reengagement,
      RuleVariant.postbackSKAdNetworkReengagementAsRedownload.isActive
    {
      closed.conversionType = .redownload
    }
    if closed.identifiers.sourceAppID != nil, closed.identifiers.sourceDomain != nil,
      RuleVariant.postbackAppAndDomainKeepsApp.isActive
    {
      closed.identifiers.sourceDomain = nil
    }
    try validate(closed)
    let scenario = withDevelopmentTiers(closed)
    let profile = effectiveProfile(scenario)
    // Every ad's updates are checked in the timeline's order: out-of-order, then before T0.
    var timeline = ConversionTimeline(profile: profile, t0: scenario.t0)
    for update in scenario.updates { _ = try timeline.apply(update) }
    // PB-20: every update is checked, but only those before `closed_at` reach this conversion.
    if let closedAt = scenario.closedAt, !RuleVariant.closeKeepsLaterUpdates.isActive {
      timeline = ConversionTimeline(profile: profile, t0: scenario.t0)
      for update in scenario.updates where update.time < closedAt { _ = try timeline.apply(update) }
    }

    // PB-9: a re-engagement has no losing postbacks.
    if !scenario.didWin && scenario.conversionType == .reengagement
      && !RuleVariant.postbackReengagementLosers.isActive
    {
      return []
    }
    let isModern = scenario.followsConversionWindows
    if !isModern {
      // PB-10: SKAdNetwork 2.2 and earlier send no postback to losing networks.
      if !scenario.didWin && scenario.adVersion != "3.0" && !RuleVariant.legacyLoserBefore3_0.isActive { return [] }
      let postback = try legacyPostback(scenario)
      return droppedByClose(postback, scenario) ? [] : [postback]
    }

    var postbacks: [PlannedPostback] = []
    for window in ConversionWindow.all {
      let tiers = scenario.tiers[window.index]
      let tier = tiers.postbackTier
      if !window.isFirst {
        // PB-2: later postbacks only for winners, only at tier 1 and above, and (PB-6) only
        // for a window with an applied update.
        guard scenario.didWin, tier.rawValue >= 1 || RuleVariant.postbackLaterAtTier0.isActive,
          timeline.values(in: window).hasUpdate || RuleVariant.postbackValuelessWindowsSent.isActive
        else { continue }
      }
      let values = timeline.values(in: window)
      // PB-20: a window not yet final when a later re-engagement closes the conversion is
      // final then; one already final (its end, or a lock, at or before it) keeps its time.
      let final = values.lockedAt ?? profile.bounds(of: window, t0: scenario.t0).end
      let finalized = finalizedAt(final, scenario)
      let closed = finalized == scenario.closedAt
      // Variants time a closed postback's send from its window's end, or with the production
      // delays.
      let (earliest, latest) = sendRange(
        after: closed && RuleVariant.closeDelayFromWindowEnd.isActive
          ? profile.bounds(of: window, t0: scenario.t0).end : finalized, window: window,
        profile: closed && RuleVariant.closeProductionDelays.isActive ? .production : profile)
      let (fields, outer) =
        scenario.framework == .adattributionkit
        ? adAttributionKitFields(scenario, window: window, tiers: tiers, values: values)
        : (skadnetwork4Fields(scenario, window: window, tiers: tiers, values: values), [:])
      let postback = PlannedPostback(
        sequenceIndex: window.index, tier: tier, fields: fields, outerFields: outer, finalizedAt: finalized,
        earliestSend: earliest, latestSend: latest)
      if !droppedByClose(postback, scenario) { postbacks.append(postback) }
    }
    return postbacks
  }

  /// The one postback of an ad signed before 4.0 (PB-10), valued and timed by the rules
  /// Apple gives for ads signed with version 3 or earlier, not by SKAdNetwork 4's windows
  /// (PB-14, PB-15, PB-16). A losing network's postback has the same timer (PB-16).
  private static func legacyPostback(_ given: PostbackScenario) throws(ModelError) -> PlannedPostback {
    let scenario = given
    let tier = scenario.tiers[0].postbackTier
    if let first = try asSKAdNetwork4(scenario) {
      var value: FineValue?
      if case .integer(let number)? = first.fields["conversion-value"] { value = try FineValue(validating: number) }
      return PlannedPostback(
        sequenceIndex: 0, tier: tier, fields: legacyFields(scenario, tier: tier, value: value), outerFields: [:],
        finalizedAt: first.finalizedAt, earliestSend: first.earliestSend, latestSend: first.latestSend)
    }
    var timer = LegacyConversionTimer(t0: scenario.t0)
    for update in scenario.updates { _ = try timer.apply(update) }
    // PB-20: closed by a later re-engagement, the postback is final then, with the values of
    // the updates before it (every update is still checked).
    let closedAt = RuleVariant.closeLegacyTimerKept.isActive ? nil : scenario.closedAt
    if let closedAt, !RuleVariant.closeKeepsLaterUpdates.isActive {
      timer = LegacyConversionTimer(t0: scenario.t0)
      for update in scenario.updates where update.time < closedAt { _ = try timer.apply(update) }
    }
    var open = scenario
    open.closedAt = closedAt
    let finalized = finalizedAt(timer.expiresAt, open)
    // PB-15: sent 0 to 24 hours after the timer expires (under a variant, 24 to 48 hours).
    let delayed = RuleVariant.legacySentAsSKAdNetwork4.isActive
    return PlannedPostback(
      sequenceIndex: 0, tier: tier, fields: legacyFields(scenario, tier: tier, value: timer.value), outerFields: [:],
      finalizedAt: finalized,
      earliestSend: delayed ? finalized.adding(milliseconds: 24 * Milliseconds.hour) : finalized,
      latestSend: finalized.adding(milliseconds: (delayed ? 48 : 24) * Milliseconds.hour))
  }

  /// An ad signed before 4.0 as if signed 4.0, its first postback, when a variant values and
  /// times it so (PB-14 to PB-17's alternatives); `nil` otherwise.
  private static func asSKAdNetwork4(_ scenario: PostbackScenario) throws(ModelError) -> PlannedPostback? {
    let applies =
      RuleVariant.legacyTimedAsSKAdNetwork4.isActive
      || (RuleVariant.legacyLoserTimedAsSKAdNetwork4.isActive && !scenario.didWin)
      || (RuleVariant.legacyDeveloperModeApplied.isActive && scenario.profile == .aakDeveloper)
    guard applies else { return nil }
    var signed4 = scenario
    signed4.adVersion = PostbackScenario.skadnetwork4Version
    return try plan(signed4).first
  }

  /// PB-20: when a later re-engagement closed the conversion, `nil` when nothing did.
  /// Variants leave a SKAdNetwork conversion open, or a losing network's, or every one, and
  /// read a close before T0 (PB-1) as T0.
  private static func closure(of scenario: PostbackScenario) -> Timestamp? {
    guard let closedAt = scenario.closedAt else { return nil }
    if RuleVariant.closeIgnored.isActive
      || (RuleVariant.closeAdAttributionKitOnly.isActive && scenario.framework == .skadnetwork)
      || (RuleVariant.closeWinnerOnly.isActive && !scenario.didWin)
    {
      return nil
    }
    return RuleVariant.closeBeforeT0AtT0.isActive ? max(closedAt, scenario.t0) : closedAt
  }

  /// PB-20: a postback not yet final (`final`: its window's end or its lock) when a later
  /// re-engagement closes the conversion is final then; one already final keeps its time.
  /// A variant makes every postback final at the close.
  private static func finalizedAt(_ final: Timestamp, _ scenario: PostbackScenario) -> Timestamp {
    guard let closedAt = scenario.closedAt else { return final }
    return RuleVariant.closeRetimesFinalWindows.isActive ? closedAt : min(closedAt, final)
  }

  /// PB-20's alternative: a postback made final by the close is dropped, not sent.
  private static func droppedByClose(_ postback: PlannedPostback, _ scenario: PostbackScenario) -> Bool {
    RuleVariant.closeDropsOpenWindow.isActive && postback.finalizedAt == scenario.closedAt
  }

  /// PB-22: a development postback carries "the highest data tier that Crowd Anonymity
  /// allows", tier 3 for every length of the source identifier, whatever `tiers` says.
  static func withDevelopmentTiers(_ scenario: PostbackScenario) -> PostbackScenario {
    guard scenario.isDevelopmentPostback, !RuleVariant.developmentPostbacksAtGivenTier.isActive else { return scenario }
    var raised = scenario
    raised.tiers = Array(repeating: SourceIdentifierTiers(uniform: .highest), count: scenario.tiers.count)
    return raised
  }

  /// PB-17: Developer Mode shortens only a development ad's windows and delays; a production
  /// ad keeps the production ones.
  static func effectiveProfile(_ scenario: PostbackScenario) -> WindowProfile {
    scenario.profile == .aakDeveloper && !scenario.isDevelopmentAd ? .production : scenario.profile
  }

  // MARK: - Validation

  private static func validate(_ scenario: PostbackScenario) throws(ModelError) {
    let ids = scenario.identifiers
    guard scenario.tiers.count == 3 else {
      throw ModelError(.invalidInput, "tiers must give one entry per postback (3), not \(scenario.tiers.count)")
    }
    guard ids.postbackIDs.count == 3 else {
      throw ModelError(
        .invalidInput, "postback_ids must give one identifier per postback (3), not \(ids.postbackIDs.count)")
    }
    guard !(ids.sourceAppID != nil && ids.sourceDomain != nil) else {
      throw ModelError(.invalidInput, "an ad has a source app or a source domain, not both")
    }
    switch scenario.framework {
    case .skadnetwork:
      guard supportedVersions.contains(scenario.adVersion) else {
        throw ModelError(
          .invalidInput,
          "ad version \"\(scenario.adVersion)\" is not one of \(supportedVersions.joined(separator: ", "))")
      }
      guard scenario.conversionType != .reengagement else {
        throw ModelError(.invalidInput, "SKAdNetwork has no re-engagement; use adattributionkit")
      }
      if scenario.adVersion == PostbackScenario.skadnetwork4Version {
        guard (0...9999).contains(ids.sourceIdentifier) || keepsLastFourDigits(ids.sourceIdentifier) else {
          throw ModelError(.invalidInput, "source identifier \(ids.sourceIdentifier) is outside 0...9999")
        }
      } else {
        let campaignIDs = RuleVariant.legacyCampaignUnchecked.isActive ? 1...9999 : 1...100
        guard campaignIDs.contains(ids.sourceIdentifier) else {
          throw ModelError(
            .invalidInput, "campaign ID \(ids.sourceIdentifier) is outside 1...100 (SKAdNetwork 2 and 3)")
        }
        guard ids.sourceDomain == nil else {
          throw ModelError(.invalidInput, "web ads (source-domain) exist from SKAdNetwork 4.0 on")
        }
        guard
          !(scenario.adVersion == "2.1" && scenario.interaction == .view)
            || RuleVariant.postbackViewSigned2_1Accepted.isActive
        else {
          throw ModelError(.invalidInput, "view-through ads exist from SKAdNetwork 2.2 on, not in an ad signed 2.1")
        }
      }
    case .adattributionkit:
      guard (0...9999).contains(ids.sourceIdentifier) || keepsLastFourDigits(ids.sourceIdentifier) else {
        throw ModelError(.invalidInput, "source identifier \(ids.sourceIdentifier) is outside 0...9999")
      }
      guard ids.sourceDomain == nil else {
        throw ModelError(.invalidInput, "AdAttributionKit postbacks have no source-domain; use publisher_item_id")
      }
      if scenario.conversionType == .reengagement {
        // PB-9: re-engagement comes from clicks only.
        guard scenario.interaction == .click || RuleVariant.postbackViewReengagementAccepted.isActive else {
          throw ModelError(.invalidInput, "re-engagement comes from clicks only, not views")
        }
      }
    }
    // PB-21: a country code is two ASCII upper-case letters (ISO 3166-1 alpha-2's shape).
    if let country = ids.countryCode, !isCountryCode(country), !RuleVariant.countryCodeUnchecked.isActive {
      throw ModelError(.invalidInput, "country code \"\(country)\" is not two upper-case letters A to Z")
    }
    // PB-20: a conversion cannot be closed before its T0.
    if let closedAt = scenario.closedAt, closedAt < scenario.t0 {
      throw ModelError(.invalidInput, "closed_at \(closedAt.milliseconds) is before t0 \(scenario.t0.milliseconds)")
    }
  }

  /// PB-21: exactly two ASCII letters `A` to `Z`.
  public static func isCountryCode(_ text: String) -> Bool {
    text.utf8.count == 2 && text.utf8.allSatisfy { (0x41...0x5A).contains($0) }
  }

  // MARK: - Timing

  /// PB-8: the window's end or the lock, plus 24-48 h for the first postback and 24-144 h for
  /// the others; 5-10 minutes in developer mode (for a development ad: PB-17).
  static func sendRange(after finalized: Timestamp, window: ConversionWindow, profile: WindowProfile) -> (
    Timestamp, Timestamp
  ) {
    // PB-8: Apple's 5-10 minutes replace the first postback's 24-48 h; PB-23: the kit shortens
    // the others' 24-144 h the same way.
    let shortened = window.isFirst || !RuleVariant.developerModeShortensFirstDelayOnly.isActive
    switch profile {
    case .aakDeveloper where shortened:
      return (
        finalized.adding(milliseconds: 5 * Milliseconds.minute),
        finalized.adding(milliseconds: 10 * Milliseconds.minute)
      )
    case .production, .aakDeveloper:
      let latest = window.isFirst || RuleVariant.postbackSameDelayForAll.isActive ? 48 : 144
      return (
        finalized.adding(milliseconds: 24 * Milliseconds.hour),
        finalized.adding(milliseconds: latest * Milliseconds.hour)
      )
    }
  }

  // MARK: - Fields

  /// PB-5: the rightmost `digits` digits of the identifier written with four digits.
  /// PB-4's alternative: a source identifier above 9999 is read by its last four digits
  /// (``truncate(_:digits:)`` keeps the rightmost ones) instead of refused.
  private static func keepsLastFourDigits(_ sourceIdentifier: Int) -> Bool {
    RuleVariant.sourceIdentifierLastFourDigits.isActive && sourceIdentifier > 9999
  }

  public static func truncate(_ sourceIdentifier: Int, digits: Int) -> String {
    let four = String(sourceIdentifier)
    if RuleVariant.postbackNoZeroPadding.isActive { return String(four.suffix(digits)) }
    let padded = String(repeating: "0", count: max(0, 4 - four.count)) + four
    return String(RuleVariant.postbackLeftmostDigits.isActive ? padded.prefix(digits) : padded.suffix(digits))
  }

  private static func digits(for window: ConversionWindow, tiers: SourceIdentifierTiers) -> Int {
    window.isFirst ? tiers.digits : 2  // PB-4: later postbacks carry 2 digits.
  }

  /// The conversion values a postback carries (PB-3, PB-6, PB-7).
  private static func values(
    window: ConversionWindow, tier: CrowdTier, didWin: Bool, values: WindowValues
  ) -> (fine: FineValue?, coarse: CoarseValue?) {
    guard didWin else { return (RuleVariant.postbackLoserCarriesValue.isActive ? values.fine : nil, nil) }
    guard values.hasUpdate || window.isFirst else { return (nil, nil) }
    if window.isFirst {
      if tier.rawValue >= 2 { return (values.fine, RuleVariant.postbackFineAndCoarse.isActive ? values.coarse : nil) }
      if tier.rawValue == 1 {
        return RuleVariant.postbackTier1CarriesFine.isActive ? (values.fine, nil) : (nil, values.coarse)
      }
      return (nil, nil)
    }
    return (nil, tier.rawValue >= 1 ? values.coarse : nil)
  }

  private static func skadnetwork4Fields(
    _ scenario: PostbackScenario, window: ConversionWindow, tiers: SourceIdentifierTiers,
    values windowValues: WindowValues
  ) -> [String: PlannedPostback.Value] {
    let ids = scenario.identifiers
    let tier = tiers.postbackTier
    var fields: [String: PlannedPostback.Value] = [
      "version": .string("4.0"),
      "ad-network-id": .string(ids.adNetworkID),
      "source-identifier": .string(truncate(ids.sourceIdentifier, digits: digits(for: window, tiers: tiers))),
      "app-id": .integer(ids.advertisedAppID),
      "transaction-id": .string(ids.postbackIDs[window.index]),
      "redownload": .bool(scenario.conversionType == .redownload),
      "fidelity-type": .integer(scenario.interaction == .click ? 1 : 0),
      "did-win": .bool(scenario.didWin),
      "postback-sequence-index": .integer(window.index),
    ]
    // PB-3: the source app or domain only in the first postback, at tier 3, for the winner.
    if window.isFirst, tier.rawValue == 3, scenario.didWin {
      if let app = ids.sourceAppID { fields["source-app-id"] = .integer(app) }
      if let domain = ids.sourceDomain { fields["source-domain"] = .string(domain) }
      if let country = ids.countryCode, !RuleVariant.postbackSKAdNetworkNoCountryCode.isActive {
        fields["country-code"] = .string(country)
      }
    }
    if window.isFirst, tier.rawValue == 2, scenario.didWin, RuleVariant.postbackSourceAppAtTier2.isActive,
      let app = ids.sourceAppID
    {
      fields["source-app-id"] = .integer(app)
    }
    if !scenario.didWin, RuleVariant.postbackCountryCodeOnLoser.isActive, let country = ids.countryCode {
      fields["country-code"] = .string(country)
    }
    let (fine, coarse) = values(window: window, tier: tier, didWin: scenario.didWin, values: windowValues)
    if let fine { fields["conversion-value"] = .integer(developmentZeroed(scenario) ? 0 : fine.rawValue) }
    if let coarse { fields["coarse-conversion-value"] = .string(coarse.rawValue) }
    return fields
  }

  /// Whether a variant writes the conversion value of a SKAdNetwork development ad (source
  /// app 0) as 0 (PB-19's alternative).
  private static func developmentZeroed(_ scenario: PostbackScenario) -> Bool {
    RuleVariant.postbackDevelopmentValueZeroed.isActive && scenario.framework == .skadnetwork
      && scenario.identifiers.sourceAppID == 0
  }

  /// PB-10: SKAdNetwork 2.1, 2.2 and 3.0 postbacks.
  private static func legacyFields(
    _ scenario: PostbackScenario, tier: CrowdTier, value: FineValue?
  ) -> [String: PlannedPostback.Value] {
    let ids = scenario.identifiers
    var fields: [String: PlannedPostback.Value] = [
      "version": .string(scenario.adVersion),
      "ad-network-id": .string(ids.adNetworkID),
      "campaign-id": .integer(ids.sourceIdentifier),
      "app-id": .integer(ids.advertisedAppID),
      "transaction-id": .string(ids.postbackIDs[0]),
      "redownload": .bool(scenario.conversionType == .redownload),
    ]
    if scenario.adVersion != "2.1" { fields["fidelity-type"] = .integer(scenario.interaction == .click ? 1 : 0) }
    if scenario.adVersion == "3.0" { fields["did-win"] = .bool(scenario.didWin) }
    // PB-10: the privacy threshold, met from tier 2 on, for the winner only; the value is
    // the timer's final one (PB-14), present once an update set it (PB-16).
    if scenario.didWin, tier.rawValue >= 2 {
      if let app = ids.sourceAppID { fields["source-app-id"] = .integer(app) }
      if let value { fields["conversion-value"] = .integer(developmentZeroed(scenario) ? 0 : value.rawValue) }
    }
    // The variants of PB-3 and PB-7 that write a value where the postback has none, and those
    // of PB-7 and PB-12 that write a loser's country code and a coarse value next to the fine.
    if let value,
      scenario.didWin
        ? tier.rawValue == 1 && RuleVariant.postbackTier1CarriesFine.isActive
        : RuleVariant.postbackLoserCarriesValue.isActive
    {
      fields["conversion-value"] = .integer(value.rawValue)
    }
    if !scenario.didWin, RuleVariant.postbackCountryCodeOnLoser.isActive, let country = ids.countryCode {
      fields["country-code"] = .string(country)
    }
    if fields["conversion-value"] != nil, RuleVariant.postbackFineAndCoarse.isActive,
      let coarse = scenario.updates.last(where: { $0.coarse != nil })?.coarse
    {
      fields["coarse-conversion-value"] = .string(coarse.rawValue)
    }
    return fields
  }

  /// PB-11: the AdAttributionKit JWS payload and the members outside it.
  private static func adAttributionKitFields(
    _ scenario: PostbackScenario, window: ConversionWindow, tiers: SourceIdentifierTiers,
    values windowValues: WindowValues
  ) -> ([String: PlannedPostback.Value], [String: PlannedPostback.Value]) {
    let ids = scenario.identifiers
    let tier = tiers.postbackTier
    var payload: [String: PlannedPostback.Value] = [
      "impression-type": .string("app-impression"),
      "ad-network-identifier": .string(ids.adNetworkID),
      "source-identifier": .string(truncate(ids.sourceIdentifier, digits: digits(for: window, tiers: tiers))),
      "advertised-item-identifier": .integer(ids.advertisedAppID),
      "conversion-type": .string(scenario.conversionType.rawValue),
      "postback-identifier": .string(ids.postbackIDs[window.index]),
      "did-win": .bool(scenario.didWin),
      "postback-sequence-index": .integer(window.index),
    ]
    if tier.rawValue >= (RuleVariant.postbackMarketplaceOnlyTier3.isActive ? 3 : 1), let marketplace = ids.marketplaceID
    {
      payload["marketplace-identifier"] = .string(marketplace)
    }
    var outer: [String: PlannedPostback.Value] = ["ad-interaction-type": .string(scenario.interaction.rawValue)]
    if window.isFirst, tier.rawValue == 3, scenario.didWin {
      if let app = ids.sourceAppID { payload["publisher-item-identifier"] = .integer(app) }
      if let country = ids.countryCode { outer["country-code"] = .string(country) }
    }
    if !scenario.didWin, RuleVariant.postbackCountryCodeOnLoser.isActive, let country = ids.countryCode {
      outer["country-code"] = .string(country)
    }
    let (fine, coarse) = values(window: window, tier: tier, didWin: scenario.didWin, values: windowValues)
    if let fine { outer["conversion-value"] = .integer(fine.rawValue) }
    if let coarse { outer["coarse-conversion-value"] = .string(coarse.rawValue) }
    return (payload, outer)
  }
}
