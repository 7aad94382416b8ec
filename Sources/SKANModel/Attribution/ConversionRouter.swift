/// Routes conversion-value updates to the active conversions: the install and any
/// re-engagements, by conversion type and conversion tag (AT-15, AT-16, AT-17); a
/// SKAdNetwork call reaches a SKAdNetwork-attributed install as made and is mirrored into
/// AdAttributionKit (AT-21, AT-22).
public enum ConversionRouter {
  /// An active conversion.
  public struct Conversion: Sendable, Hashable {
    /// Install or re-engagement.
    public var kind: AttributionEvent.Kind
    /// The scenario's name for it.
    public var id: String
    /// When it started: its T0.
    public var start: Timestamp
    /// A re-engagement's conversion tag (the value of `AdAttributionKitReengagementOpen`).
    public var tag: String?
    /// The framework whose impression won it: `skadnetwork` for an install attributed to a
    /// SKAdNetwork ad (AT-21), `adattributionkit` otherwise.
    public var framework: PostbackScenario.Framework

    /// Creates a conversion.
    public init(
      kind: AttributionEvent.Kind, id: String, start: Timestamp, tag: String?,
      framework: PostbackScenario.Framework = .adattributionkit
    ) {
      self.kind = kind
      self.id = id
      self.start = start
      self.tag = tag
      self.framework = framework
    }
  }

  /// An update with its routing.
  public struct RoutedUpdate: Sendable, Hashable {
    /// The values.
    public var update: ConversionUpdate
    /// `conversionTypes`; `nil` means every active type.
    public var types: Set<AttributionEvent.Kind>?
    /// `conversionTag`, if given.
    public var tag: String?
    /// The API the app called: AdAttributionKit's, or SKAdNetwork's (mirrored, AT-21).
    public var api: PostbackScenario.Framework

    /// Creates an update.
    public init(
      update: ConversionUpdate, types: Set<AttributionEvent.Kind>?, tag: String?,
      api: PostbackScenario.Framework = .adattributionkit
    ) {
      self.update = update
      self.types = types
      self.tag = tag
      self.api = api
    }
  }

  /// The result for one conversion.
  public struct ConversionResult: Sendable, Hashable {
    /// Its ID.
    public var id: String
    /// When a later re-engagement closed it, if one did (AT-17).
    public var closedAt: Timestamp?
    /// Its windows.
    public var timeline: ConversionTimeline
  }

  /// Applies updates in time order.
  /// - Parameter overlapping: whether the app opted into overlapping re-engagements
  ///   (iOS 18.4); then a new re-engagement closes nothing.
  /// - Returns: for each update the IDs of the conversions it was applied to, and each
  ///   conversion's windows.
  /// - Throws: ``ModelError/Code/invalidInput`` for duplicate IDs or a second install;
  ///   ``ModelError/Code/outOfOrder`` for updates out of time order.
  public static func route(
    conversions: [Conversion], updates: [RoutedUpdate], profile: WindowProfile, overlapping: Bool
  ) throws(ModelError) -> (applied: [[String]], conversions: [ConversionResult]) {
    var conversions = conversions.map(readFramework)
    // A variant reads every install after the first as a re-engagement.
    if RuleVariant.attributionSecondInstallIsReengagement.isActive,
      let first = conversions.firstIndex(where: { $0.kind == .install })
    {
      for index in conversions.indices where index > first && conversions[index].kind == .install {
        conversions[index].kind = .reengagement
      }
    }
    // Variants route AdAttributionKit calls only: always, or once the app calls both APIs.
    let skadnetworkIgnored =
      RuleVariant.skadnetworkCallsIgnored.isActive
      || (RuleVariant.mirrorDroppedWithDirectCalls.isActive && updates.contains { $0.api != .skadnetwork })
    let updates = updates.map { routed in
      // A variant ignores a SKAdNetwork call's conversion types and tag.
      guard routed.api == .skadnetwork, RuleVariant.skadnetworkCallTypesIgnored.isActive else { return routed }
      return RoutedUpdate(update: routed.update, types: nil, tag: nil, api: routed.api)
    }
    var seen: Set<String> = []
    for conversion in conversions where !seen.insert(conversion.id).inserted {
      throw ModelError(.invalidInput, "conversion id \"\(conversion.id)\" appears twice")
    }
    guard conversions.filter({ $0.kind == .install }).count <= 1 else {
      throw ModelError(.invalidInput, "an app has at most one install conversion")
    }
    // AT-21: SKAdNetwork attributes installs only.
    if let conversion = conversions.first(where: { $0.framework == .skadnetwork && $0.kind != .install }) {
      throw ModelError(.invalidInput, "conversion \"\(conversion.id)\": SKAdNetwork has no re-engagement")
    }
    // AT-21: SKAdNetwork's update methods take no conversion types and no tag.
    if let index = updates.firstIndex(where: {
      $0.api == .skadnetwork && !skadnetworkIgnored && ($0.types != nil || $0.tag != nil)
    }) {
      throw ModelError(
        .invalidInput, "update \(index): a SKAdNetwork call has no conversion_types or conversion_tag")
    }
    var results = conversions.map {
      ConversionResult(id: $0.id, closedAt: nil, timeline: ConversionTimeline(profile: profile, t0: $0.start))
    }
    // AT-17: without overlapping conversions, a re-engagement closes every conversion that
    // started before it.
    if !overlapping {
      for (index, conversion) in conversions.enumerated() {
        let closer = conversions.filter { $0.kind == .reengagement && $0.start > conversion.start }.map(\.start).min()
        results[index].closedAt = closer
      }
    }
    var applied = [[String]](repeating: [], count: updates.count)
    var last: Timestamp?
    // A variant applies the updates in time order, equal times as given.
    let order =
      RuleVariant.attributionUpdatesSorted.isActive
      ? updates.indices.sorted { (updates[$0].update.time, $0) < (updates[$1].update.time, $1) }
      : Array(updates.indices)
    for position in order {
      let routed = updates[position]
      let time = routed.update.time
      if let last, time < last {
        throw ModelError(
          .outOfOrder, "update at \(time.milliseconds) comes before the previous one at \(last.milliseconds)")
      }
      last = time
      if routed.api == .skadnetwork && skadnetworkIgnored { continue }
      // Conversions that exist and are still open at this time.
      let active = conversions.indices.filter { index in
        conversions[index].start <= time && (results[index].closedAt.map { time < $0 } ?? true)
      }
      // AT-21: an AdAttributionKit call reaches AdAttributionKit conversions only; a
      // SKAdNetwork call reaches a SKAdNetwork-attributed install as made, and is mirrored
      // into AdAttributionKit as `updateConversionValue(_:lockPostback:)`: no types (every
      // active type, AT-15), no tag, and (AT-22) no coarse value.
      let aak = active.filter { conversions[$0].framework == .adattributionkit }
      let types = routed.types ?? [.install, .reengagement]
      var targets: [Int] = []
      if routed.api == .skadnetwork {
        targets += active.filter { conversions[$0].framework == .skadnetwork }
      }
      // Variants send a tagged update to re-engagements only, and mirror a SKAdNetwork call
      // into the install only.
      if types.contains(.install) && (routed.tag == nil || !RuleVariant.attributionTagExcludesInstall.isActive) {
        targets += aak.filter { conversions[$0].kind == .install }
      }
      if types.contains(.reengagement) && (routed.api == .adattributionkit || !RuleVariant.mirrorInstallOnly.isActive) {
        let reengagements = aak.filter { conversions[$0].kind == .reengagement }
        if let tag = routed.tag {
          targets += reengagements.filter { conversions[$0].tag == tag }  // AT-16
        } else if let latest = reengagements.max(by: { (conversions[$0].start, $0) < (conversions[$1].start, $1) }) {
          targets.append(latest)  // AT-16: no tag, the most recent
        }
      }
      var names: [String] = []
      for index in targets {
        var timeline = results[index].timeline
        var update = routed.update
        if routed.api == .skadnetwork && conversions[index].framework == .adattributionkit
          && !RuleVariant.mirrorKeepsCoarse.isActive
        {
          update.coarse = nil
        }
        if routed.api == .skadnetwork && RuleVariant.mirrorLockDropped.isActive { update.lock = false }
        let (outcome, _) = try timeline.apply(update)
        results[index].timeline = timeline
        if outcome == .applied { names.append(conversions[index].id) }
      }
      applied[position] = names
    }
    return (applied, results)
  }

  /// A conversion's framework as the router reads it (AT-21): as given. Variants read every
  /// conversion, or every re-engagement, as AdAttributionKit's.
  private static func readFramework(_ conversion: Conversion) -> Conversion {
    guard
      RuleVariant.conversionFrameworkIgnored.isActive
        || (RuleVariant.skadnetworkReengagementAccepted.isActive && conversion.kind != .install)
    else { return conversion }
    var read = conversion
    read.framework = .adattributionkit
    return read
  }
}
