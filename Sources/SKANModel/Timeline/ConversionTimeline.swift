/// The values the device holds for each conversion window, as updates arrive.
///
/// A value-type state machine: feed it updates in time order with ``apply(_:)``; it never
/// reads a clock. This is the core of SKAdNetwork 4 and AdAttributionKit value handling,
/// on which the lifecycle suite (and later the postback suite) stand.
public struct ConversionTimeline: Sendable, Hashable {
  /// The window layout.
  public let profile: WindowProfile
  /// The start of the first window (WIN-4).
  public let t0: Timestamp
  /// The three windows' values.
  public private(set) var windows: [WindowValues]
  /// The time of the last update seen, applied or not.
  public private(set) var lastSeen: Timestamp?

  /// Creates an empty timeline starting at `t0`.
  public init(profile: WindowProfile, t0: Timestamp) {
    self.profile = profile
    self.t0 = t0
    windows = ConversionWindow.all.map(WindowValues.init(window:))
    if RuleVariant.windowsPrefilled.isActive {
      for index in windows.indices { windows[index].coarse = .low }
      windows[0].fine = .zero
    }
  }

  /// The values of one window.
  public func values(in window: ConversionWindow) -> WindowValues { windows[window.index] }

  /// Applies one update and says what happened to it.
  ///
  /// - The update goes to the window its time falls in (WIN-1, WIN-3).
  /// - After the measurement period it is ignored (SKN-3).
  /// - In a locked window it is ignored (LCK-1); the next window still opens at its nominal
  ///   start (LCK-2).
  /// - An applied update replaces the window's values; the locking update itself is applied
  ///   (LCK-3, SKN-4). Values may go down (SKN-2). After the first window the fine value
  ///   is dropped (SKN-1).
  /// - Returns: the outcome and the window the update fell in (`nil` after the period).
  /// - Throws: ``ModelError/Code/timeBeforeT0`` (WIN-6) or ``ModelError/Code/outOfOrder``
  ///   when the update is earlier than the previous one (TML-6).
  public mutating func apply(_ update: ConversionUpdate) throws(ModelError) -> (
    outcome: UpdateOutcome, window: ConversionWindow?
  ) {
    if let lastSeen, update.time < lastSeen {
      throw ModelError(
        .outOfOrder, "update at \(update.time.milliseconds) comes before the previous one at \(lastSeen.milliseconds)")
    }
    let position = try profile.position(of: update.time, t0: t0)
    lastSeen = update.time
    guard let window = position.window else { return (.ignoredMeasurementOver, nil) }
    var values = windows[window.index]
    if values.lockedAt != nil { return (.ignoredLocked, window) }
    if window.isFirst, let current = values.fine, update.fine < current,
      RuleVariant.fineIncreasesOnlyInFirstWindow.isActive
    {
      return (.applied, window)
    }
    values.fine = window.isFirst || RuleVariant.fineKeptAfterFirstWindow.isActive ? update.fine : nil
    values.coarse = update.coarse ?? (RuleVariant.coarseCarriedOver.isActive ? values.coarse : nil)
    values.lastUpdateAt = update.time
    values.appliedCount += 1
    if update.lock { values.lockedAt = update.time }
    windows[window.index] = values
    return (.applied, window)
  }

  /// Records an update that was rejected for invalid values: it changes nothing, but it
  /// still counts for time order (TML-5).
  public mutating func reject(at time: Timestamp) throws(ModelError) -> ConversionWindow? {
    if let lastSeen, time < lastSeen {
      throw ModelError(
        .outOfOrder, "update at \(time.milliseconds) comes before the previous one at \(lastSeen.milliseconds)")
    }
    let position = try profile.position(of: time, t0: t0)
    lastSeen = time
    return position.window
  }
}
