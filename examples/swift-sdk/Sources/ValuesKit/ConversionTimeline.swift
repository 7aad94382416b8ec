import WindowKit

/// The conversion values an app reports across the three conversion windows, as a device
/// records its update calls: each update goes to the window its time falls in, a lock
/// finalizes a window, and updates after the measurement period are ignored.
public struct ConversionTimeline: Sendable {
  /// What became of one update.
  public enum Outcome: Sendable, Hashable {
    /// The update now holds its window's values.
    case applied(window: Int)
    /// The update's window was locked before it: nothing changed.
    case ignoredLocked(window: Int)
    /// The update came after the last window: nothing changed.
    case ignoredMeasurementOver
    /// The update's values could not be read: nothing changed. `window` is the window its
    /// time falls in, `nil` after the measurement period.
    case rejected(window: Int?, ValueError)
  }

  /// Why an update cannot be recorded at all.
  public enum OrderError: Error, Sendable, Hashable {
    /// The update is earlier than the one before it.
    case outOfOrder
    /// The update is earlier than T0.
    case timeBeforeT0
  }

  /// What one window holds.
  public struct WindowValues: Sendable, Hashable {
    /// The fine value of the last applied update; only ever set in window 0, since the later
    /// windows hold no fine value.
    public var fine: FineValue?
    /// The coarse value of the last applied update, `nil` if it had none.
    public var coarse: CoarseValue?
    /// When the update that locked the window was made, or `nil` while it is open.
    public var lockedAt: Int64?
    /// When the last applied update was made, or `nil` if none was.
    public var lastUpdateAt: Int64?
    /// How many updates were applied to the window.
    public var updatesApplied = 0
  }

  /// The measurement profile that places the windows.
  public let profile: ConversionWindows.Profile
  /// T0, the start of the first window, in Unix milliseconds.
  public let t0: Int64
  /// Windows 0, 1 and 2, as the updates so far left them.
  public private(set) var windows = [WindowValues](repeating: WindowValues(), count: 3)
  /// The time of the last update recorded, whatever became of it.
  private var lastUpdateAt: Int64?

  /// An empty timeline starting at `t0`.
  public init(t0: Int64, profile: ConversionWindows.Profile = .production) {
    self.t0 = t0
    self.profile = profile
  }

  /// Records an update made at `at`, Unix milliseconds, with `values`: the values it carried,
  /// or the error that reading them gave. An update whose values could not be read still
  /// counts for time order, is checked before locks and the end of the period, and changes
  /// nothing. An applied update replaces both values of its window (one without a coarse
  /// value leaves the window with none), and values may go down.
  /// - Throws: ``OrderError/outOfOrder`` when `at` is earlier than the update before it,
  ///   ``OrderError/timeBeforeT0`` when it is earlier than T0.
  public mutating func record(
    _ values: Result<ConversionValue, ValueError>, at: Int64
  ) throws(OrderError) -> Outcome {
    if let lastUpdateAt, at < lastUpdateAt { throw .outOfOrder }
    lastUpdateAt = at
    let index: Int?
    do {
      switch try ConversionWindows.place(at, t0: t0, profile: profile) {
      case .window(let window): index = window.index
      case .measurementOver: index = nil
      }
    } catch {
      throw .timeBeforeT0
    }
    let update: ConversionValue
    switch values {
    case .failure(let error): return .rejected(window: index, error)
    case .success(let values): update = values
    }
    guard let index else { return .ignoredMeasurementOver }
    guard windows[index].lockedAt == nil else { return .ignoredLocked(window: index) }
    windows[index].fine = index == 0 ? update.fine : nil
    windows[index].coarse = update.coarse
    windows[index].lastUpdateAt = at
    windows[index].updatesApplied += 1
    if update.lock { windows[index].lockedAt = at }
    return .applied(window: index)
  }
}
