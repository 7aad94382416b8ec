import SKANJSON
import SKANModel
import SKANVocabulary

/// The `attribution` suite's codec (see `Spec/attribution.md`).
extension AttributionSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let op = try reader.optionalString(Input.op.rawValue) ?? Operation.attribute.rawValue
    switch try Operation.choice(op, at: "input.\(Input.op.rawValue)") {
    case .attribute: return try attribute(reader)
    case .route: return try route(reader)
    }
  }

  private static func attribute(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let event = try readEvent(
      try InputReader(.object(try reader.object(Input.event.rawValue)), path: "input.\(Input.event.rawValue)"))
    var impressions: [SKANModel.Impression] = []
    for (index, element) in try reader.array(Input.impressions.rawValue).enumerated() {
      impressions.append(
        try readImpression(try InputReader(element, path: "input.\(Input.impressions.rawValue)[\(index)]")))
    }
    let configuration =
      try reader.optional(Input.configuration.rawValue).map { (value) throws(ModelError) in
        try readConfiguration(try InputReader(value, path: "input.\(Input.configuration.rawValue)"))
      } ?? .none
    let decision = try Attributor.attribute(event: event, impressions: impressions, configuration: configuration)
    return Output.object([
      .conversion: .string(decision.conversion.rawValue),
      .winner: .optional(decision.winner),
      .losingPostbacks: .array(decision.losers.map(JSONValue.string)),
      .impressions: .array(
        decision.verdicts.map { verdict in
          ImpressionVerdict.object([
            .id: .string(verdict.id), .status: .string(verdict.status.rawValue),
            .reason: .optional(verdict.reason?.rawValue),
          ])
        }),
    ])
  }

  // MARK: - Routing

  /// A `framework` or `api` member: `skadnetwork` or `adattributionkit`; absent or `null`
  /// is `adattributionkit` (AT-21).
  private static func frameworkChoice(_ entry: InputReader, _ name: String) throws(ModelError)
    -> PostbackScenario.Framework
  {
    guard entry.optional(name) != nil else { return .adattributionkit }
    return try entry.choice(name, PostbackScenario.Framework.self)
  }

  private static func route(_ reader: InputReader) throws(ModelError) -> JSONValue {
    var conversions: [ConversionRouter.Conversion] = []
    for (index, element) in try reader.array(Input.conversions.rawValue).enumerated() {
      let entry = try InputReader(element, path: "input.\(Input.conversions.rawValue)[\(index)]")
      conversions.append(
        .init(
          kind: try kind(entry.string(Conversion.kind.rawValue), path: entry.path),
          id: try entry.string(Conversion.id.rawValue),
          start: try entry.timestamp(Conversion.at.rawValue),
          tag: try entry.optionalString(Conversion.tag.rawValue),
          framework: try frameworkChoice(entry, Conversion.framework.rawValue)))
    }
    var updates: [ConversionRouter.RoutedUpdate] = []
    for (index, element) in try reader.array(Input.updates.rawValue).enumerated() {
      let entry = try InputReader(element, path: "input.\(Input.updates.rawValue)[\(index)]")
      var types: Set<AttributionEvent.Kind>?
      let typesName = RoutedUpdate.conversionTypes.rawValue
      if let list = entry.optional(typesName) {
        guard let values = list.arrayValue else { throw entry.mistyped(typesName, "an array or null", list) }
        var set: Set<AttributionEvent.Kind> = []
        for value in values {
          guard let text = value.stringValue else {
            throw entry.mistyped(typesName, "an array of strings", list)
          }
          set.insert(try kind(text, path: entry.path))
        }
        types = set
      } else if RuleVariant.attributionAbsentTypesReachNothing.isActive {
        types = []
      }
      let update = try ValuesSuite.readUpdate(entry, at: try entry.timestamp(RoutedUpdate.at.rawValue))
      let tag = try entry.optionalString(RoutedUpdate.conversionTag.rawValue)
      updates.append(
        .init(update: update, types: types, tag: tag, api: try frameworkChoice(entry, RoutedUpdate.api.rawValue)))
    }
    let (applied, results) = try ConversionRouter.route(
      conversions: conversions, updates: updates, profile: try reader.profile(Input.profile),
      overlapping: try reader.bool(Input.overlapping.rawValue, default: false))
    return Output.object([
      .updates: .array(applied.map { UpdateRouting.object([.appliedTo: .array($0.map(JSONValue.string))]) }),
      .conversions: .array(
        results.map { result in
          ConversionResult.object([
            .id: .string(result.id), .closedAt: .optional(result.closedAt?.milliseconds),
            .windows: ValuesSuite.encodeWindows(result.timeline),
          ])
        }),
    ])
  }

  /// A conversion kind by its spellings; a variant knows only `re-engagement`, not
  /// `reengagement`.
  private static func kind(_ text: String, path: String) throws(ModelError) -> AttributionEvent.Kind {
    guard !(text == "reengagement" && RuleVariant.attributionReengagementSpellingRejected.isActive),
      let kind = AttributionEvent.Kind(spelling: text)
    else {
      throw ModelError(.invalidInput, "\(path): \"\(text)\" is not \(Kind.choiceList)")
    }
    return kind
  }

  private static func readEvent(_ reader: InputReader) throws(ModelError) -> AttributionEvent {
    let kind = try kind(try reader.string(Event.kind.rawValue), path: reader.path)
    let firstUpdate = try reader.optional(Event.firstUpdateAt.rawValue).map { (_) throws(ModelError) in
      try reader.timestamp(Event.firstUpdateAt.rawValue)
    }
    let lastConversion = try readPreviousConversion(reader, eventKind: kind)
    let time = try reader.timestamp(Event.at.rawValue)
    // A variant reads `app_installed` for a re-engagement only.
    let appInstalled =
      kind == .install && RuleVariant.attributionAppInstalledReadForReengagementOnly.isActive
      ? AttributionEvent.defaultAppInstalled(for: kind)
      : try reader.bool(Event.appInstalled.rawValue, default: AttributionEvent.defaultAppInstalled(for: kind))
    // A variant never reads the limits (AT-19).
    let given =
      RuleVariant.reengagementLimitsIgnored.isActive ? nil : reader.optional(Event.reengagementLimits.rawValue)
    let limits = try given.map { (value) throws(ModelError) in
      try readLimits(try InputReader(value, path: "\(reader.path).\(Event.reengagementLimits.rawValue)"))
    }
    return AttributionEvent(
      kind: kind, time: time, appInstalled: appInstalled, firstUpdate: firstUpdate, lastConversion: lastConversion,
      reengagementLimits: limits)
  }

  /// `reengagement_limits` (AT-19): four optional non-negative integers, in the order the
  /// Spec lists them; a count absent or `null` is 0, a limit absent or `null` is none.
  private static func readLimits(_ reader: InputReader) throws(ModelError) -> SKANModel.ReengagementLimits {
    func count(_ member: ReengagementLimits) throws(ModelError) -> Int? {
      // A variant truncates a fraction, and another reads a negative count as 0 (IN-1).
      let given: Int?
      if RuleVariant.reengagementFractionTruncated.isActive,
        case .double(let number)? = reader.optional(member.rawValue)
      {
        given = Int(number)
      } else {
        given = try reader.optionalInteger(member.rawValue)
      }
      guard let value = given else { return nil }
      guard value >= 0 else {
        if RuleVariant.reengagementNegativeCountIsZero.isActive { return 0 }
        throw ModelError(.invalidInput, "\(reader.path).\(member.rawValue) is \(value), not a non-negative integer")
      }
      return value
    }
    let appMonthUsed = try count(.appMonthUsed)
    let appMonthLimit = try count(.appMonthLimit)
    let deviceYearUsed = try count(.deviceYearUsed)
    let deviceYearLimit = try count(.deviceYearLimit)
    return SKANModel.ReengagementLimits(
      appMonthUsed: appMonthUsed ?? 0, appMonthLimit: appMonthLimit, deviceYearUsed: deviceYearUsed ?? 0,
      deviceYearLimit: deviceYearLimit)
  }

  /// `last_conversion_at` and `last_conversion_kind`, read in that order: both or neither
  /// (AT-8). A time without a kind, or a kind without a time, is `invalid-input` naming the
  /// member that is missing. Variants read no previous conversion, or take the event's kind
  /// for a missing one.
  private static func readPreviousConversion(
    _ reader: InputReader, eventKind: AttributionEvent.Kind
  ) throws(ModelError) -> AttributionEvent.PreviousConversion? {
    let time = try reader.optional(Event.lastConversionAt.rawValue).map { (_) throws(ModelError) in
      try reader.timestamp(Event.lastConversionAt.rawValue)
    }
    // Variants read no previous conversion: always (no cooldown), when its time is absent, or
    // when its kind is unknown.
    if time == nil
      ? RuleVariant.attributionPreviousKindWithoutTimeIgnored.isActive
      : RuleVariant.attributionCooldownIgnored.isActive
    {
      return nil
    }
    let text = try reader.optionalString(Event.lastConversionKind.rawValue)
    if let text, AttributionEvent.Kind(spelling: text) == nil,
      RuleVariant.attributionUnknownPreviousKindIgnored.isActive
    {
      return nil
    }
    let kind = try text.map { (text) throws(ModelError) in
      try self.kind(text, path: "\(reader.path).\(Event.lastConversionKind.rawValue)")
    }
    switch (time, kind) {
    case (nil, nil): return nil
    case (let time?, let kind?): return .init(time: time, kind: kind)
    case (let time?, nil) where RuleVariant.attributionPreviousKindDefaultsToEvent.isActive:
      return .init(time: time, kind: eventKind)
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

  private static func readImpression(_ reader: InputReader) throws(ModelError) -> SKANModel.Impression {
    SKANModel.Impression(
      id: try reader.string(Impression.id.rawValue),
      framework: try readFramework(reader),
      adNetworkID: try reader.string(Impression.adNetworkID.rawValue),
      interaction: try reader.choice(Impression.interaction.rawValue, PostbackScenario.Interaction.self),
      time: try reader.timestamp(Impression.at.rawValue),
      sourceAppID: try readSourceApp(reader),
      eligibleForReengagement: try reader.bool(Impression.eligibleForReengagement.rawValue, default: false),
      environment: reader.optional(Impression.environment.rawValue) == nil
        ? .production : try reader.choice(Impression.environment.rawValue, SKANModel.Impression.Environment.self))
  }

  /// An impression's framework; a variant reads an unknown one as AdAttributionKit.
  private static func readFramework(_ reader: InputReader) throws(ModelError) -> PostbackScenario.Framework {
    let name = Impression.framework.rawValue
    do {
      return try reader.choice(name, PostbackScenario.Framework.self)
    } catch {
      guard RuleVariant.attributionUnknownFrameworkIsAdAttributionKit.isActive,
        let text = reader.members[name]?.stringValue, PostbackScenario.Framework(rawValue: text) == nil
      else { throw error }
      return .adattributionkit
    }
  }

  /// An impression's source app, any integer; variants take 0 for none, or refuse a negative
  /// one.
  private static func readSourceApp(_ reader: InputReader) throws(ModelError) -> Int? {
    let app = try reader.optionalInteger(Impression.sourceAppID.rawValue)
    if app == 0 && RuleVariant.attributionSourceApp0IsNone.isActive { return nil }
    if let app, app < 0, RuleVariant.attributionNegativeSourceAppRefused.isActive {
      throw ModelError(.invalidInput, "\(reader.path).\(Impression.sourceAppID.rawValue) \(app) is negative")
    }
    return app
  }

  private static func readConfiguration(_ reader: InputReader) throws(ModelError) -> AttributionConfiguration {
    var global: AttributionConfiguration.Windows?
    var perNetwork: [String: AttributionConfiguration.Windows] = [:]
    if let windows = reader.optional(Configuration.attributionWindows.rawValue) {
      let table = try InputReader(
        windows, path: "input.\(Input.configuration.rawValue).\(Configuration.attributionWindows.rawValue)")
      for (key, value) in table.members where !(value.isNull && RuleVariant.attributionNullWindowsEntryIgnored.isActive)
      {
        let entry = try InputReader(value, path: "\(table.path).\(key)")
        let ignoreName = AttributionWindow.ignoreInteractionType.rawValue
        let ignore = try entry.optional(ignoreName).map { (_) throws(ModelError) in
          try entry.choice(ignoreName, PostbackScenario.Interaction.self)
        }
        let windows = AttributionConfiguration.Windows(
          viewDays: try entry.optionalInteger(AttributionWindow.view.rawValue),
          clickDays: try entry.optionalInteger(AttributionWindow.click.rawValue),
          ignoreInteractionType: ignore)
        if key == "global" { global = windows } else { perNetwork[key] = windows }
      }
    }
    return AttributionConfiguration(
      global: global, perNetwork: perNetwork,
      installCooldownHours: try reader.optionalInteger(Configuration.installCooldownHours.rawValue),
      reengagementCooldownHours: try reader.optionalInteger(Configuration.reengagementCooldownHours.rawValue))
  }
}
