/// What an SDK knows of the user's tracking choices when it forwards an ad's metadata: the
/// App Tracking Transparency status and the app's own consent flag (ATT-1).
public struct TrackingState: Sendable, Hashable {
  /// The ATT authorization status, read when the metadata is forwarded.
  public var authorization: TrackingAuthorization
  /// Whether the app's consent (a consent-management platform's answer, say) allows
  /// sharing the identifier. `false` also when consent was given and then withdrawn.
  public var consent: Bool

  /// Creates a state.
  public init(authorization: TrackingAuthorization, consent: Bool) {
    self.authorization = authorization
    self.consent = consent
  }

  /// Whether the IDFA may leave the device: ATT authorized and consent given (ATT-1).
  public var allowsIDFA: Bool {
    (authorization == .authorized || RuleVariant.attStatusIgnored.isActive) && consent
  }
}
