import SKANJSON
import SKANModel
import SKANVocabulary

/// The `postback` suite's codec (see `Spec/postback.md`).
extension PostbackSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let scenario = try read(reader)
    let postbacks = try PostbackPlanner.plan(scenario)
    return Output.object([
      .postbacks: .array(
        postbacks.map { postback in
          Postback.object([
            .sequenceIndex: .integer(postback.sequenceIndex),
            .tier: .integer(postback.tier.rawValue),
            .postback: encode(postback.fields),
            .outer: scenario.framework == .adattributionkit ? encode(postback.outerFields) : .null,
            .finalizedAt: .integer(postback.finalizedAt.milliseconds),
            .earliestSend: .integer(postback.earliestSend.milliseconds),
            .latestSend: .integer(postback.latestSend.milliseconds),
          ])
        })
    ])
  }

  private static func encode(_ fields: [String: PlannedPostback.Value]) -> JSONValue {
    .object(
      fields.mapValues { value in
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .bool(let flag): return .bool(flag)
        }
      })
  }

  // MARK: - Reading

  static func read(_ reader: InputReader) throws(ModelError) -> PostbackScenario {
    let framework = try reader.choice(Input.framework.rawValue, PostbackScenario.Framework.self)
    var version = try reader.optionalString(Input.adVersion.rawValue) ?? PostbackScenario.defaultAdVersion
    if RuleVariant.unknownAdVersionIsDefault.isActive, framework == .skadnetwork,
      !PostbackPlanner.supportedVersions.contains(version)
    {
      version = PostbackScenario.defaultAdVersion
    }
    let interaction = try reader.choice(Input.interaction.rawValue, PostbackScenario.Interaction.self)
    let conversionText =
      try reader.optionalString(Input.conversionType.rawValue)
      ?? PostbackScenario.defaultConversionType.rawValue
    guard let conversionType = PostbackScenario.ConversionType(spelling: conversionText) else {
      throw ModelError(
        .invalidInput,
        "input.\(Input.conversionType.rawValue) \"\(conversionText)\" is not \(ConversionType.choiceList)")
    }
    let t0 = try reader.timestamp(Input.t0.rawValue)
    var updates: [ConversionUpdate] = []
    for (index, element) in try reader.array(Input.updates.rawValue).enumerated() {
      let update = try InputReader(element, path: "input.\(Input.updates.rawValue)[\(index)]")
      do {
        updates.append(try ValuesSuite.readUpdate(update, at: try update.timestamp(ValuesSuite.Update.at.rawValue)))
      } catch {
        // A variant skips an update whose fine value is out of range.
        guard RuleVariant.postbackInvalidFineSkipped.isActive,
          let fine = element[ValuesSuite.Update.fine.rawValue]?.exactInteger, (try? FineValue(validating: fine)) == nil
        else { throw error }
      }
    }
    let closedAt = try reader.optional(Input.closedAt.rawValue).map { (_) throws(ModelError) in
      try reader.timestamp(Input.closedAt.rawValue)
    }
    var tiers: [SourceIdentifierTiers] = []
    for (index, element) in try reader.array(Input.tiers.rawValue).enumerated() {
      tiers.append(try readTiers(element, path: "input.\(Input.tiers.rawValue)[\(index)]"))
    }
    // A variant fills a short tiers list with its last tier.
    if tiers.count < 3, RuleVariant.postbackShortTiersPadded.isActive, let last = tiers.last {
      tiers += Array(repeating: last, count: 3 - tiers.count)
    }
    let ad = try InputReader(.object(try reader.object(Input.ad.rawValue)), path: "input.\(Input.ad.rawValue)")
    var postbackIDs: [String] = []
    for (index, element) in try reader.array(Input.postbackIDs.rawValue).enumerated() {
      guard let id = element.stringValue else {
        throw ModelError(.invalidInput, "input.\(Input.postbackIDs.rawValue)[\(index)] must be a string")
      }
      postbackIDs.append(id)
    }
    let identifiers = AdIdentifiers(
      adNetworkID: try ad.string(Ad.adNetworkID.rawValue),
      sourceIdentifier: try ad.integer(Ad.sourceIdentifier.rawValue),
      advertisedAppID: try ad.integer(Ad.advertisedAppID.rawValue),
      sourceAppID: try ad.optionalInteger(Ad.sourceAppID.rawValue),
      sourceDomain: try ad.optionalString(Ad.sourceDomain.rawValue),
      countryCode: try ad.optionalString(Ad.countryCode.rawValue),
      marketplaceID: try ad.optionalString(Ad.marketplaceID.rawValue), postbackIDs: postbackIDs)
    return PostbackScenario(
      framework: framework, adVersion: version,
      didWin: try reader.bool(Input.didWin.rawValue, default: PostbackScenario.defaultDidWin),
      interaction: interaction, conversionType: conversionType, profile: try reader.profile(Input.profile), t0: t0,
      updates: updates, tiers: tiers, identifiers: identifiers, closedAt: closedAt)
  }

  /// A tier: an integer for every length of the source identifier, or an object with the
  /// tiers of the 2-, 3- and 4-digit identifiers (PB-4).
  private static func readTiers(_ value: JSONValue, path: String) throws(ModelError) -> SourceIdentifierTiers {
    if let tier = value.exactInteger { return SourceIdentifierTiers(uniform: try readTier(tier)) }
    let reader = try InputReader(value, path: path)
    return SourceIdentifierTiers(
      twoDigits: try readTier(try reader.integer(TierDigits.two.rawValue)),
      threeDigits: try readTier(try reader.integer(TierDigits.three.rawValue)),
      fourDigits: try readTier(try reader.integer(TierDigits.four.rawValue)))
  }

  /// A tier, 0 to 3 (PB-3); a variant clamps one outside that range into it.
  private static func readTier(_ tier: Int) throws(ModelError) -> CrowdTier {
    do {
      return try CrowdTier(validating: tier)
    } catch {
      guard RuleVariant.postbackTiersClamped.isActive else { throw error }
      return try CrowdTier(validating: min(max(tier, 0), 3))
    }
  }
}
