import SKANJSON
import SKANModel

/// The `attribution` suite's wire shape (see `Spec/attribution.md`).
enum AttributionSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let event = try readEvent(try InputReader(.object(try reader.object("event")), path: "input.event"))
    var impressions: [Impression] = []
    for (index, element) in try reader.array("impressions").enumerated() {
      impressions.append(try readImpression(try InputReader(element, path: "input.impressions[\(index)]")))
    }
    let configuration =
      try reader.optional("configuration").map { (value) throws(ModelError) in
        try readConfiguration(try InputReader(value, path: "input.configuration"))
      } ?? .none
    let decision = try Attributor.attribute(event: event, impressions: impressions, configuration: configuration)
    return [
      "conversion": .string(decision.conversion.rawValue),
      "winner": .optional(decision.winner),
      "losing_postbacks": .array(decision.losers.map(JSONValue.string)),
      "impressions": .array(
        decision.verdicts.map { verdict in
          ["id": .string(verdict.id), "status": .string(verdict.status.rawValue), "reason": .optional(verdict.reason?.rawValue)]
        }),
    ]
  }

  private static func readEvent(_ reader: InputReader) throws(ModelError) -> AttributionEvent {
    var kindText = try reader.string("kind")
    if kindText == "reengagement" { kindText = "re-engagement" }
    guard let kind = AttributionEvent.Kind(rawValue: kindText) else {
      throw ModelError(.invalidInput, "input.event.kind \"\(kindText)\" is not install or re-engagement")
    }
    let firstUpdate = try reader.optional("first_update_at").map { (_) throws(ModelError) in try reader.timestamp("first_update_at") }
    let lastConversion = try reader.optional("last_conversion_at").map { (_) throws(ModelError) in
      try reader.timestamp("last_conversion_at")
    }
    return AttributionEvent(
      kind: kind, time: try reader.timestamp("at"),
      appInstalled: try reader.bool("app_installed", default: kind == .reengagement), firstUpdate: firstUpdate,
      lastConversion: lastConversion)
  }

  private static func readImpression(_ reader: InputReader) throws(ModelError) -> Impression {
    Impression(
      id: try reader.string("id"), framework: try reader.choice("framework", PostbackScenario.Framework.self),
      adNetworkID: try reader.string("ad_network_id"),
      interaction: try reader.choice("interaction", PostbackScenario.Interaction.self), time: try reader.timestamp("at"),
      sourceAppID: try reader.optionalInteger("source_app_id"),
      eligibleForReengagement: try reader.bool("eligible_for_reengagement", default: false),
      environment: try reader.optional("environment") == nil
        ? .production : try reader.choice("environment", Impression.Environment.self))
  }

  private static func readConfiguration(_ reader: InputReader) throws(ModelError) -> AttributionConfiguration {
    var global: AttributionConfiguration.Windows?
    var perNetwork: [String: AttributionConfiguration.Windows] = [:]
    if let windows = reader.optional("attribution_windows") {
      let table = try InputReader(windows, path: "input.configuration.attribution_windows")
      for (key, value) in table.members {
        let entry = try InputReader(value, path: "\(table.path).\(key)")
        let ignore = try entry.optional("ignore_interaction_type").map { (_) throws(ModelError) in
          try entry.choice("ignore_interaction_type", PostbackScenario.Interaction.self)
        }
        let windows = AttributionConfiguration.Windows(
          viewDays: try entry.optionalInteger("view"), clickDays: try entry.optionalInteger("click"),
          // AT-3: `ignoreInteractionType` is not recognized in `global`.
          ignoreInteractionType: key == "global" ? nil : ignore)
        if key == "global" { global = windows } else { perNetwork[key] = windows }
      }
    }
    return AttributionConfiguration(
      global: global, perNetwork: perNetwork, installCooldownHours: try reader.optionalInteger("install_cooldown_hours"),
      reengagementCooldownHours: try reader.optionalInteger("re_engagement_cooldown_hours"))
  }
}
