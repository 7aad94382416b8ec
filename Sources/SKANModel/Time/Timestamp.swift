/// A point in time: whole milliseconds since the Unix epoch.
///
/// The model never reads a clock; every time is passed in as one of these.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var milliseconds: Int

  /// Creates a timestamp.
  public init(milliseconds: Int) { self.milliseconds = milliseconds }

  /// The largest magnitude a time may have: 2^53 - 1, the largest integer every JSON
  /// implementation holds exactly (WIN-7).
  public static let maximumMagnitude = 9_007_199_254_740_991

  /// Whole Unix seconds, rounded down (LIF-7).
  public var unixSeconds: Int {
    milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
  }

  /// This time moved by a number of milliseconds.
  public func adding(milliseconds delta: Int) -> Timestamp {
    Timestamp(milliseconds: milliseconds + delta)
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }

  public var description: String { "\(milliseconds) ms" }
}

/// Durations the model uses, in milliseconds.
public enum Milliseconds {
  /// One second.
  public static let second = 1000
  /// One minute.
  public static let minute = 60 * second
  /// One hour.
  public static let hour = 60 * minute
  /// One day.
  public static let day = 24 * hour
}
