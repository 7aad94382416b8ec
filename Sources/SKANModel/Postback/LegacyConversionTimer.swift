/// The conversion value of an ad signed before SKAdNetwork 4.0 (2.1, 2.2 or 3.0), as the
/// app's calls arrive: one conversion period, ended by a rolling 24-hour timer.
///
/// A value-type state machine like ``ConversionTimeline``: feed it updates in time order
/// with ``apply(_:)``; it never reads a clock. These ads have no conversion windows, no
/// coarse value and no lock (PB-14), so the window profile plays no part (PB-16).
public struct LegacyConversionTimer: Sendable, Hashable {
  /// What the timer did with one update.
  public enum Outcome: String, Sendable, Hashable, CaseIterable {
    /// The update set the value and restarted the timer (PB-14).
    case applied
    /// The value was not greater than the current one: nothing changed, and no error
    /// (PB-16).
    case ignoredNotGreater = "ignored-not-greater"
    /// The timer had expired: the value was already final (PB-14).
    case ignoredExpired = "ignored-expired"
  }

  /// How long the timer runs after it starts or restarts: 24 hours (PB-14).
  public static let duration = 24 * Milliseconds.hour

  /// The registration, which starts the timer (WIN-4).
  public let t0: Timestamp
  /// The value: the last applied update's fine value, `nil` while no update was applied
  /// (PB-16).
  public private(set) var value: FineValue?
  /// When the timer last started: T0, or the last applied update.
  public private(set) var lastRestart: Timestamp
  /// The time of the last update seen, applied or not.
  public private(set) var lastSeen: Timestamp?

  /// A timer started at `t0`, holding no value.
  public init(t0: Timestamp) {
    self.t0 = t0
    lastRestart = t0
    if RuleVariant.legacyDefaultZero.isActive { value = .zero }
  }

  /// When the timer expires and the value becomes final (PB-14): 24 hours after its last
  /// start.
  public var expiresAt: Timestamp { lastRestart.adding(milliseconds: Self.duration) }

  /// Applies one update and says what happened to it.
  ///
  /// - From the moment the timer expires on, an update changes nothing: the value is final
  ///   (PB-14). An update exactly 24 hours after the last start is too late (PB-16).
  /// - An update whose fine value is greater than the current one sets it and restarts the
  ///   timer (PB-14); the first update sets any value, 0 included (PB-16).
  /// - An update whose value is lower than or equal to the current one changes nothing, the
  ///   timer included, and is not an error (PB-16).
  /// - The coarse value and the lock flag are ignored (PB-14).
  /// - Throws: ``ModelError/Code/outOfOrder`` when the update is earlier than the previous
  ///   one (TML-6), then ``ModelError/Code/timeBeforeT0`` when it is earlier than T0
  ///   (WIN-6), as the timeline checks them.
  public mutating func apply(_ update: ConversionUpdate) throws(ModelError) -> Outcome {
    if let lastSeen, update.time < lastSeen {
      throw ModelError(
        .outOfOrder, "update at \(update.time.milliseconds) comes before the previous one at \(lastSeen.milliseconds)")
    }
    guard update.time >= t0 else {
      throw ModelError(
        .timeBeforeT0,
        "time \(update.time.milliseconds) is \(t0.milliseconds - update.time.milliseconds) ms before T0 \(t0.milliseconds)"
      )
    }
    lastSeen = update.time
    let inclusive = RuleVariant.legacyInclusiveExpiry.isActive
    guard inclusive ? update.time <= expiresAt : update.time < expiresAt else { return .ignoredExpired }
    if RuleVariant.legacyEndsWithMeasurementPeriod.isActive,
      case .measurementOver = try WindowProfile.production.position(of: update.time, t0: t0)
    {
      return .ignoredExpired
    }
    let greater = value.map { update.fine.rawValue > $0.rawValue } ?? true
    let restarts =
      (greater || RuleVariant.legacyAnyCallRestartsTimer.isActive)
      && !(RuleVariant.legacyTimerFixedAtFirstUpdate.isActive && value != nil)
    if greater || RuleVariant.legacyAcceptsDecrease.isActive { value = update.fine }
    if restarts { lastRestart = update.time }
    return greater ? .applied : .ignoredNotGreater
  }
}
