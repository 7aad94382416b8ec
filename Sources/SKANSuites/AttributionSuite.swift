import SKANJSON
import SKANModel

/// The `attribution` suite's wire shape (see `Spec/attribution.md`).
enum AttributionSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    switch try reader.optionalString("op") ?? "attribute" {
    case "attribute": return try attribute(reader)
    case "route": return try route(reader)
    case let other: throw ModelError(.invalidInput, "input.op \"\(other)\" is not attribute or route")
    }
  }

  private static func attribute(_ reader: InputReader) throws(ModelError) -> JSONValue {
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
          [
            "id": .string(verdict.id), "status": .string(verdict.status.rawValue),
            "reason": .optional(verdict.reason?.rawValue),
          ]
        }),
    ]
  }

  // MARK: - Routing

  private static func route(_ reader: InputReader) throws(ModelError) -> JSONValue {
    var conversions: [ConversionRouter.Conversion] = []
    for (index, element) in try reader.array("conversions").enumerated() {
      let entry = try InputReader(element, path: "input.conversions[\(index)]")
      conversions.append(
        .init(
          kind: try kind(entry.string("kind"), path: entry.path), id: try entry.string("id"),
          start: try entry.timestamp("at"),
          tag: try entry.optionalString("tag")))
    }
    var updates: [ConversionRouter.RoutedUpdate] = []
    for (index, element) in try reader.array("updates").enumerated() {
      let entry = try InputReader(element, path: "input.updates[\(index)]")
      var types: Set<AttributionEvent.Kind>?
      if let list = entry.optional("conversion_types") {
        guard let values = list.arrayValue else { throw entry.mistyped("conversion_types", "an array or null", list) }
        var set: Set<AttributionEvent.Kind> = []
        for value in values {
          guard let text = value.stringValue else {
            throw entry.mistyped("conversion_types", "an array of strings", list)
          }
          set.insert(try kind(text, path: entry.path))
        }
        types = set
      }
      let update = ConversionUpdate(
        time: try entry.timestamp("at"), fine: try ValueReader.fine(entry.members["fine"]),
        coarse: try ValueReader.coarse(entry.members["coarse"]), lock: try ValueReader.lock(entry.members["lock"]))
      updates.append(.init(update: update, types: types, tag: try entry.optionalString("conversion_tag")))
    }
    let (applied, results) = try ConversionRouter.route(
      conversions: conversions, updates: updates, profile: try reader.profile(),
      overlapping: try reader.bool("overlapping", default: false))
    return [
      "updates": .array(applied.map { ["applied_to": .array($0.map(JSONValue.string))] }),
      "conversions": .array(
        results.map { result in
          [
            "id": .string(result.id), "closed_at": .optional(result.closedAt?.milliseconds),
            "windows": ValuesSuite.encodeWindows(result.timeline),
          ]
        }),
    ]
  }

  private static func kind(_ text: String, path: String) throws(ModelError) -> AttributionEvent.Kind {
    guard let kind = AttributionEvent.Kind(spelling: text) else {
      throw ModelError(.invalidInput, "\(path): \"\(text)\" is not install or re-engagement")
    }
    return kind
  }

  private static func readEvent(_ reader: InputReader) throws(ModelError) -> AttributionEvent {
    let kind = try kind(try reader.string("kind"), path: reader.path)
    let firstUpdate = try reader.optional("first_update_at").map { (_) throws(ModelError) in
      try reader.timestamp("first_update_at")
    }
    let lastConversion = try readPreviousConversion(reader)
    return AttributionEvent(
      kind: kind, time: try reader.timestamp("at"),
      appInstalled: try reader.bool("app_installed", default: AttributionEvent.defaultAppInstalled(for: kind)),
      firstUpdate: firstUpdate,
      lastConversion: lastConversion)
  }

  /// `last_conversion_at` and `last_conversion_kind`, read in that order: both or neither
  /// (AT-8). A time without a kind, or a kind without a time, is `invalid-input` naming the
  /// member that is missing.
  private static func readPreviousConversion(
    _ reader: InputReader
  ) throws(ModelError) -> AttributionEvent.PreviousConversion? {
    let time = try reader.optional("last_conversion_at").map { (_) throws(ModelError) in
      try reader.timestamp("last_conversion_at")
    }
    let kind = try reader.optionalString("last_conversion_kind").map { (text) throws(ModelError) in
      try self.kind(text, path: "\(reader.path).last_conversion_kind")
    }
    switch (time, kind) {
    case (nil, nil): return nil
    case (let time?, let kind?): return .init(time: time, kind: kind)
    case (_?, nil):
      throw ModelError(
        .invalidInput,
        "\(reader.path).last_conversion_kind is missing: last_conversion_at is given, and its cooldown depends on the previous conversion's kind (install or re-engagement)"
      )
    case (nil, _?):
      throw ModelError(
        .invalidInput,
        "\(reader.path).last_conversion_at is missing: last_conversion_kind is given without the time of that conversion"
      )
    }
  }

  private static func readImpression(_ reader: InputReader) throws(ModelError) -> Impression {
    Impression(
      id: try reader.string("id"), framework: try reader.choice("framework", PostbackScenario.Framework.self),
      adNetworkID: try reader.string("ad_network_id"),
      interaction: try reader.choice("interaction", PostbackScenario.Interaction.self),
      time: try reader.timestamp("at"),
      sourceAppID: try reader.optionalInteger("source_app_id"),
      eligibleForReengagement: try reader.bool("eligible_for_reengagement", default: false),
      environment: reader.optional("environment") == nil
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
          ignoreInteractionType: ignore)
        if key == "global" { global = windows } else { perNetwork[key] = windows }
      }
    }
    return AttributionConfiguration(
      global: global, perNetwork: perNetwork,
      installCooldownHours: try reader.optionalInteger("install_cooldown_hours"),
      reengagementCooldownHours: try reader.optionalInteger("re_engagement_cooldown_hours"))
  }
}
