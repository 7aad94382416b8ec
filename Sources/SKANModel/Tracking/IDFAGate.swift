/// Whether, and which, IDFA an SDK forwards with an ad's metadata or in a server-to-server
/// request: the one home of the App Tracking Transparency rules (ATT-1 to ATT-7).
public enum IDFAGate {
  /// The IDFA to forward, or `nil` for none.
  ///
  /// - `tracking` is `nil` when the SDK was given no ATT state: nothing is forwarded
  ///   (ATT-5).
  /// - Only `authorized` with consent forwards (ATT-1, ATT-2); `notDetermined`,
  ///   `restricted` and `denied` never do, whatever identifier the SDK holds.
  /// - The all-zero UUID is never forwarded, even when authorized (ATT-3).
  /// - The identifier is forwarded exactly as given (ATT-4).
  ///
  /// The gate decides the identifier only: it never changes the conversion-value call or
  /// the overlay (ATT-6).
  public static func forwarded(_ idfa: AdvertisingIdentifier?, tracking: TrackingState?) -> AdvertisingIdentifier? {
    let unknown =
      RuleVariant.attUnknownStateForwards.isActive ? TrackingState(authorization: .authorized, consent: true) : nil
    guard let tracking = tracking ?? unknown, tracking.allowsIDFA else { return nil }
    guard let idfa else { return RuleVariant.missingIDFAForwardedAsZero.isActive ? .allZero : nil }
    guard !idfa.isZero || RuleVariant.zeroIDFAForwarded.isActive else { return nil }
    return idfa
  }

  /// Reads an optional IDFA text and gates it: the text is checked whatever the tracking
  /// state, so a malformed identifier is an error even when it would not be forwarded
  /// (ATT-4, as META-9 checks values that go unused).
  /// - Throws: ``ModelError/Code/invalidIDFA``.
  public static func forwarded(text: String?, tracking: TrackingState?) throws(ModelError) -> AdvertisingIdentifier? {
    let idfa = try text.map { (text) throws(ModelError) in try identifier(parsing: text, tracking: tracking) }
    return forwarded(idfa, tracking: tracking)
  }

  /// Reads the IDFA an SDK holds, checked whatever the tracking state (ATT-4). Under
  /// ``RuleVariant/idfaCheckedOnlyWhenForwarded`` one the gate would not forward goes
  /// unchecked, read as the all-zero UUID, which is never forwarded.
  /// - Throws: ``ModelError/Code/invalidIDFA``.
  package static func identifier(parsing text: String, tracking: TrackingState?) throws(ModelError)
    -> AdvertisingIdentifier
  {
    if RuleVariant.idfaCheckedOnlyWhenForwarded.isActive, tracking?.allowsIDFA != true { return .allZero }
    return try AdvertisingIdentifier(parsing: text)
  }
}
