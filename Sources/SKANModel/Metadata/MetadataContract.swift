/// The SDK metadata contract (`sdk-skan-metadata-contract.md` in the seeds): string
/// metadata from the auction service in, a conversion-value call and an overlay out.
public enum MetadataContract {
  /// `skan_conversion_value`: the fine value, decimal digits.
  public static let fineKey = "skan_conversion_value"
  /// `skan_coarse_value`: `low`, `medium` or `high`.
  public static let coarseKey = "skan_coarse_value"
  /// `skan_lock_window`: a boolean, default false.
  public static let lockKey = "skan_lock_window"
  /// `skoverlay_app_id`: shows an overlay when present.
  public static let overlayAppIDKey = "skoverlay_app_id"
  /// `skoverlay_position`: `bottom` (default) or `bottomRaised`.
  public static let overlayPositionKey = "skoverlay_position"
  /// `skoverlay_dismissible`: a boolean, default true.
  public static let overlayDismissibleKey = "skoverlay_dismissible"

  /// The keys the contract names.
  static let keys: Set<String> = [
    fineKey, coarseKey, lockKey, overlayAppIDKey, overlayPositionKey, overlayDismissibleKey,
  ]

  /// Decides what to do with one ad's metadata.
  ///
  /// Errors are checked in this order, and the first one found is reported (META-9): the
  /// iOS version, the fine value, the coarse value, the lock flag, the overlay app ID, its
  /// position, its dismissible flag, then the IDFA (ATT-4). Unknown keys are ignored; so
  /// are the prose names `overlay_position` and `overlay_dismissible` (META-8).
  ///
  /// `idfa` is what the device returned, if the SDK read it; `tracking` the user's
  /// tracking choices, `nil` when unknown. They decide only the forwarded IDFA, never the
  /// call or the overlay (``IDFAGate``, ATT-6).
  /// - Throws: a ``ModelError`` with the Spec's code; one bad key rejects the whole
  ///   metadata (META-9).
  public static func decide(
    metadata entries: [String: String], iosVersion text: String, idfa: String? = nil, tracking: TrackingState? = nil
  ) throws(ModelError) -> MetadataDecision {
    var metadata = entries
    // META-8's alternative: a key the contract does not name is rejected.
    if RuleVariant.metadataUnknownKeysRejected.isActive, let key = entries.keys.first(where: { !keys.contains($0) }) {
      throw ModelError(.invalidInput, "metadata key \"\(key)\" is not one the contract names")
    }
    // META-9's order, unless a variant checks the iOS version, the fine or the coarse value last.
    let (versionLast, fineLast, coarseLast) = (
      RuleVariant.metadataIOSVersionCheckedLast.isActive, RuleVariant.metadataFineCheckedLast.isActive,
      RuleVariant.metadataCoarseCheckedLast.isActive
    )
    func readFine() throws(ModelError) -> FineValue? {
      try metadata[fineKey].flatMap { (text) throws(ModelError) in
        // META-1's alternative: a fine value that is no number is ignored.
        if RuleVariant.metadataFineTextIgnored.isActive, !text.isEmpty, !text.hasPrefix("0x"), Double(text) == nil {
          return nil
        }
        return try FineValue(parsing: text)
      }
    }
    func readCoarse() throws(ModelError) -> CoarseValue? {
      try metadata[coarseKey].map { (text) throws(ModelError) in try CoarseValue(parsing: text) }
    }
    let parsedVersion = try versionLast ? nil : IOSVersion(parsing: text)
    if RuleVariant.idfaCheckedFirst.isActive { _ = try IDFAGate.forwarded(text: idfa, tracking: tracking) }
    // META-9's alternative: no value is read where no call is made.
    let unread =
      RuleVariant.metadataValuesUncheckedWithoutCall.isActive && parsedVersion.map { SKANAPI.forIOS($0) == nil } == true
    if unread { metadata = metadata.filter { ![fineKey, coarseKey, lockKey].contains($0.key) } }
    var fine = try fineLast ? nil : readFine()
    var coarse = try coarseLast ? nil : readCoarse()
    let lock = try metadata[lockKey].map { (text) throws(ModelError) in try parseBoolean(text, key: lockKey) } ?? false

    var overlay: OverlayRequest?
    if var appID = metadata[overlayAppIDKey] {
      if RuleVariant.overlayAppIDPrefixDropped.isActive, appID.hasPrefix("id") { appID = String(appID.dropFirst(2)) }
      if RuleVariant.overlayAppIDLeadingZerosDropped.isActive, appID.count > 1, appID.hasPrefix("0") {
        appID = String(appID.drop { $0 == "0" })
      }
      guard let first = appID.utf8.first, first != 0x30, appID.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        throw ModelError(.invalidAppID, "\(overlayAppIDKey) \"\(appID)\" is not a positive decimal App Store ID")
      }
      let position =
        try metadata[overlayPositionKey].map { (text) throws(ModelError) in
          guard
            let position = OverlayRequest.Position(rawValue: text)
              ?? (RuleVariant.active.isEmpty ? nil : variantPosition(text))
          else {
            throw ModelError(.invalidOverlayPosition, "\(overlayPositionKey) \"\(text)\" is not bottom or bottomRaised")
          }
          return position
        } ?? .bottom
      let dismissible =
        try metadata[overlayDismissibleKey].map { (text) throws(ModelError) in
          try parseBoolean(text, key: overlayDismissibleKey)
        } ?? !RuleVariant.metadataNotDismissibleByDefault.isActive
      overlay = OverlayRequest(appID: appID, position: position, dismissible: dismissible)
    } else if RuleVariant.overlayPositionCheckedWithoutApp.isActive, let text = metadata[overlayPositionKey],
      OverlayRequest.Position(rawValue: text) == nil
    {
      throw ModelError(.invalidOverlayPosition, "\(overlayPositionKey) \"\(text)\" is not bottom or bottomRaised")
    }
    let forwarded = try IDFAGate.forwarded(text: idfa, tracking: tracking)
    if fineLast { fine = try readFine() }
    if coarseLast { coarse = try readCoarse() }
    let version: IOSVersion
    if let parsedVersion { version = parsedVersion } else { version = try IOSVersion(parsing: text) }

    // META-3: a coarse-only update gets the synthesized fine value; META-10: no value, no call.
    let synthesized = coarse.map(FineValue.synthesized(from:))
    var given = RuleVariant.metadataSynthesisOverridesFine.isActive ? synthesized ?? fine : fine ?? synthesized
    var api =
      RuleVariant.iosVersionComparedAsText.isActive ? SKANAPI.forIOS(comparingText: text) : SKANAPI.forIOS(version)
    if given == .zero, RuleVariant.metadataZeroIsNoValue.isActive { given = nil }
    if given == nil, metadata[lockKey] != nil, RuleVariant.metadataLockAloneCalls.isActive {
      (given, api) = (.zero, .fineCoarseLock)
    }
    if given == nil, api == .fineCoarseLock, RuleVariant.metadataNoValueCallsWithZero.isActive { given = .zero }
    // ATT-6's alternative: the call only when the IDFA may be forwarded.
    let gated = RuleVariant.attGatesSKANCall.isActive && tracking.map { !$0.allowsIDFA } == true
    guard !gated, let fineValue = given, let api else {
      return MetadataDecision(skanCall: nil, overlay: overlay, idfa: forwarded)
    }
    // META-5, META-12: the coarse value and the lock go to the fine-coarse-lock call only.
    let lockGiven = metadata[lockKey] != nil
    let call: SKANCall
    switch api {
    case .fineCoarseLock:
      call = SKANCall(
        api: api, fine: fineValue,
        coarse: fine != nil && RuleVariant.metadataCoarseDroppedWithFine.isActive ? nil : coarse,
        lock: !lockGiven && RuleVariant.metadataLockNullWhenAbsent.isActive ? nil : lock)
    case .fineOnly, .legacy:
      call = SKANCall(
        api: api, fine: fineValue,
        coarse: api == .fineOnly && RuleVariant.metadataCoarseOnFineOnlyCall.isActive ? coarse : nil,
        lock: lockGiven && RuleVariant.metadataLockOnOlderCalls.isActive ? lock : nil)
    }
    return MetadataDecision(skanCall: call, overlay: overlay, idfa: forwarded)
  }

  /// Reads a metadata boolean: `true`/`false`, `yes`/`no`, `1`/`0`, in any letter case, and
  /// nothing else: no white space, no `on`/`off` (META-4, META-14).
  /// - Throws: ``ModelError/Code/invalidBoolean``.
  public static func parseBoolean(_ text: String, key: String) throws(ModelError) -> Bool {
    switch RuleVariant.active.isEmpty ? text.lowercased() : variantBooleanText(text) {
    case "true", "yes", "1": return true
    case "false", "no", "0": return false
    default: throw ModelError(.invalidBoolean, "\(key) \"\(text)\" is not true/false, yes/no or 1/0")
    }
  }

  /// The lower-case text a variant in effect reads a boolean's `text` as, empty for none
  /// (META-4's alternatives).
  private static func variantBooleanText(_ text: String) -> String {
    let lowered = text.lowercased()
    if RuleVariant.booleanYesRejected.isActive, lowered == "yes" { return "" }
    if RuleVariant.booleanLowerCaseOnly.isActive, text != lowered { return "" }
    if RuleVariant.booleanOnOff.isActive, text == "on" || text == "off" { return text == "on" ? "true" : "false" }
    if RuleVariant.booleanTruthyText.isActive, !text.isEmpty { return "true" }
    if RuleVariant.booleanWordsOnly.isActive, text == "1" || text == "0" { return "" }
    if RuleVariant.booleanStrtobool.isActive, ["y", "t", "n", "f"].contains(lowered) {
      return lowered == "y" || lowered == "t" ? "true" : "false"
    }
    if RuleVariant.booleanNonZeroInteger.isActive, let number = Int(text) { return number != 0 ? "true" : "false" }
    return lowered
  }

  /// The overlay position a variant in effect reads from `text`, which names none exactly
  /// (META-7's alternatives).
  private static func variantPosition(_ text: String) -> OverlayRequest.Position? {
    if RuleVariant.overlayPositionAnyCase.isActive {
      return OverlayRequest.Position.allCases.first { $0.rawValue.lowercased() == text.lowercased() }
    }
    return RuleVariant.overlayPositionFallsBack.isActive ? .bottom : nil
  }
}
