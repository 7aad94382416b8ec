/// Where a time falls among the conversion windows of SKAdNetwork 4 and AdAttributionKit,
/// measured from T0 in exact Unix milliseconds, with half-open edges.
public enum ConversionWindows {
  /// The measurement profile.
  public enum Profile: String, Sendable, CaseIterable {
    /// SKAdNetwork 4 and AdAttributionKit in production: windows end 48 h, 168 h and 840 h
    /// after T0.
    case production
    /// AdAttributionKit Developer Mode: windows end 3, 6 and 9 minutes after T0.
    case aakDeveloper = "aak-developer"

    /// The end of each window, in milliseconds after T0 (each window starts at the previous
    /// one's end, the first at T0).
    var ends: [Int64] {
      switch self {
      case .production: return [48 * hour, 168 * hour, 840 * hour]
      case .aakDeveloper: return [3 * minute, 6 * minute, 9 * minute]
      }
    }
  }

  /// One window: its number (0, 1, 2), its first millisecond and the first millisecond
  /// after it, as absolute Unix milliseconds.
  public struct Window: Sendable, Hashable {
    /// 0, 1 or 2.
    public var index: Int
    /// The window's first millisecond.
    public var start: Int64
    /// The first millisecond after the window.
    public var end: Int64
  }

  /// Where a time falls.
  public enum Placement: Sendable, Hashable {
    /// In a window.
    case window(Window)
    /// After the last window: the measurement period is over.
    case measurementOver
  }

  /// Why a time cannot be placed.
  public enum PlacementError: Error, Sendable, Hashable {
    /// The time is earlier than T0: it is in no window.
    case timeBeforeT0
  }

  /// Places `at` relative to `t0`, both Unix milliseconds within ±(2^53 - 1).
  /// - Throws: ``PlacementError/timeBeforeT0`` when `at` is earlier than `t0`.
  public static func place(_ at: Int64, t0: Int64, profile: Profile = .production) throws(PlacementError) -> Placement {
    let elapsed = at - t0
    guard elapsed >= 0 else { throw .timeBeforeT0 }
    var start: Int64 = 0
    for (index, end) in profile.ends.enumerated() {
      if elapsed < end { return .window(Window(index: index, start: t0 + start, end: t0 + end)) }
      start = end
    }
    return .measurementOver
  }

  /// The largest magnitude of a time: 2^53 - 1, which every JSON implementation holds exactly.
  public static let maximumTime: Int64 = 9_007_199_254_740_991

  private static let minute: Int64 = 60_000
  private static let hour: Int64 = 3_600_000
}
