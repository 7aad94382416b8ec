/// Which conversion-window layout applies.
public enum WindowProfile: String, Sendable, Hashable, CaseIterable {
  /// SKAdNetwork 4 and AdAttributionKit in production: windows end 48 h, 168 h and 840 h
  /// after T0 (WIN-1).
  case production
  /// AdAttributionKit Developer Mode (iOS 18+): windows end 3, 6 and 9 minutes after T0
  /// (WIN-5).
  case aakDeveloper = "aak-developer"

  /// The end of each window, measured from T0, in milliseconds; the third end is also the
  /// end of the measurement period.
  public var windowEnds: [Int] {
    switch self {
    case .aakDeveloper where !RuleVariant.windowDeveloperProfileIgnored.isActive:
      return [3 * Milliseconds.minute, 6 * Milliseconds.minute, 9 * Milliseconds.minute]
    case .production, .aakDeveloper:
      // A variant reads "days 8 to 35" as running to the end of day 35 (WIN-2): 864 hours.
      let last = RuleVariant.measurementEndsDay36.isActive && self == .production ? 864 : 840
      return [48 * Milliseconds.hour, 168 * Milliseconds.hour, last * Milliseconds.hour]
    }
  }

  /// Where a time falls, measured from T0.
  ///
  /// Windows are half-open: a time exactly on a boundary belongs to the later window, and
  /// the measurement period is over from the third end on (WIN-1, WIN-2, WIN-3). The
  /// comparison is in milliseconds with no rounding (WIN-7).
  /// - Throws: ``ModelError/Code/timeBeforeT0`` when `time` is earlier than `t0` (WIN-6).
  public func position(of time: Timestamp, t0: Timestamp) throws(ModelError) -> WindowPosition {
    let elapsed = Self.elapsed(time.milliseconds - t0.milliseconds, period: windowEnds[2])
    guard elapsed >= 0 || RuleVariant.beforeT0InFirstWindow.isActive else {
      throw ModelError(.timeBeforeT0, "time \(time.milliseconds) is \(-elapsed) ms before T0 \(t0.milliseconds)")
    }
    var start = 0
    for (index, end) in windowEnds.enumerated() {
      if elapsed < end || (RuleVariant.windowEdgesInclusive.isActive && elapsed == end) {
        return .window(
          ConversionWindow(index: index),
          start: t0.adding(milliseconds: start),
          end: t0.adding(milliseconds: end)
        )
      }
      start = end
    }
    return .measurementOver(since: t0.adding(milliseconds: start))
  }

  /// The time from T0 as the windows compare it: as it is. Variants round it to the nearest
  /// second (WIN-7's alternative), take it modulo the measurement period (WIN-2's), or take
  /// a second off from the first second on, so every window ends a second late (WIN-3's).
  private static func elapsed(_ milliseconds: Int, period: Int) -> Int {
    if RuleVariant.windowEdgesOneSecondLate.isActive, milliseconds >= 1000 { return milliseconds - 1000 }
    if RuleVariant.windowTimesRoundedToSeconds.isActive { return (milliseconds + 500) / 1000 * 1000 }
    if RuleVariant.windowWrapsAround.isActive, milliseconds >= period { return milliseconds % period }
    return milliseconds
  }

  /// The nominal start and end of a window, whatever happened in earlier windows (LCK-2).
  public func bounds(of window: ConversionWindow, t0: Timestamp) -> (start: Timestamp, end: Timestamp) {
    let ends = windowEnds
    let start = window.index == 0 ? 0 : ends[window.index - 1]
    return (t0.adding(milliseconds: start), t0.adding(milliseconds: ends[window.index]))
  }
}

/// One of the three conversion windows; its index is the `postback-sequence-index`.
public struct ConversionWindow: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// 0, 1 or 2.
  public let index: Int

  /// Creates a window; `index` must be 0, 1 or 2.
  public init(index: Int) {
    precondition((0...2).contains(index), "a conversion window index is 0, 1 or 2")
    self.index = index
  }

  /// The three windows in order.
  public static let all = [ConversionWindow(index: 0), ConversionWindow(index: 1), ConversionWindow(index: 2)]

  /// Whether this is the first window, the only one that takes a fine value (SKN-1).
  public var isFirst: Bool { index == 0 }

  public static func < (lhs: ConversionWindow, rhs: ConversionWindow) -> Bool { lhs.index < rhs.index }

  public var description: String { "window \(index)" }
}

/// Where a time falls relative to the conversion windows.
public enum WindowPosition: Sendable, Hashable {
  /// Inside a window, with its nominal bounds (start included, end excluded).
  case window(ConversionWindow, start: Timestamp, end: Timestamp)
  /// After the measurement period, which ended at `since`.
  case measurementOver(since: Timestamp)

  /// The window, or `nil` when the measurement period is over.
  public var window: ConversionWindow? {
    if case .window(let window, _, _) = self { return window }
    return nil
  }
}
