import SKANJSON
import SKANModel

/// The `postback` suite's wire shape (see `Spec/postback.md`).
enum PostbackSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let scenario = try read(reader)
    let postbacks = try PostbackPlanner.plan(scenario)
    return [
      "postbacks": .array(
        postbacks.map { postback in
          [
            "sequence_index": .integer(postback.sequenceIndex),
            "tier": .integer(postback.tier.rawValue),
            "postback": encode(postback.fields),
            "outer": scenario.framework == .adattributionkit ? encode(postback.outerFields) : .null,
            "finalized_at": .integer(postback.finalizedAt.milliseconds),
            "earliest_send": .integer(postback.earliestSend.milliseconds),
            "latest_send": .integer(postback.latestSend.milliseconds),
          ]
        })
    ]
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
    let framework = try reader.choice("framework", PostbackScenario.Framework.self)
    let version = try reader.optionalString("ad_version") ?? PostbackScenario.defaultAdVersion
    let interaction = try reader.choice("interaction", PostbackScenario.Interaction.self)
    let conversionText =
      try reader.optionalString("conversion_type") ?? PostbackScenario.defaultConversionType.rawValue
    guard let conversionType = PostbackScenario.ConversionType(spelling: conversionText) else {
      throw ModelError(
        .invalidInput, "input.conversion_type \"\(conversionText)\" is not download, redownload or re-engagement")
    }
    let t0 = try reader.timestamp("t0")
    var updates: [ConversionUpdate] = []
    for (index, element) in try reader.array("updates").enumerated() {
      let update = try InputReader(element, path: "input.updates[\(index)]")
      updates.append(
        ConversionUpdate(
          time: try update.timestamp("at"), fine: try ValueReader.fine(update.members["fine"]),
          coarse: try ValueReader.coarse(update.members["coarse"]), lock: try ValueReader.lock(update.members["lock"])))
    }
    var tiers: [SourceIdentifierTiers] = []
    for (index, element) in try reader.array("tiers").enumerated() {
      tiers.append(try readTiers(element, path: "input.tiers[\(index)]"))
    }
    let ad = try InputReader(.object(try reader.object("ad")), path: "input.ad")
    var postbackIDs: [String] = []
    for (index, element) in try reader.array("postback_ids").enumerated() {
      guard let id = element.stringValue else {
        throw ModelError(.invalidInput, "input.postback_ids[\(index)] must be a string")
      }
      postbackIDs.append(id)
    }
    let identifiers = AdIdentifiers(
      adNetworkID: try ad.string("ad_network_id"), sourceIdentifier: try ad.integer("source_identifier"),
      advertisedAppID: try ad.integer("advertised_app_id"), sourceAppID: try ad.optionalInteger("source_app_id"),
      sourceDomain: try ad.optionalString("source_domain"), countryCode: try ad.optionalString("country_code"),
      marketplaceID: try ad.optionalString("marketplace_id"), postbackIDs: postbackIDs)
    return PostbackScenario(
      framework: framework, adVersion: version,
      didWin: try reader.bool("did_win", default: PostbackScenario.defaultDidWin),
      interaction: interaction, conversionType: conversionType, profile: try reader.profile(), t0: t0,
      updates: updates, tiers: tiers, identifiers: identifiers)
  }

  /// A tier: an integer for every length of the source identifier, or an object with the
  /// tiers of the 2-, 3- and 4-digit identifiers (PB-4).
  private static func readTiers(_ value: JSONValue, path: String) throws(ModelError) -> SourceIdentifierTiers {
    if let tier = value.exactInteger { return SourceIdentifierTiers(uniform: try CrowdTier(validating: tier)) }
    let reader = try InputReader(value, path: path)
    return SourceIdentifierTiers(
      twoDigits: try CrowdTier(validating: try reader.integer("2")),
      threeDigits: try CrowdTier(validating: try reader.integer("3")),
      fourDigits: try CrowdTier(validating: try reader.integer("4")))
  }
}
