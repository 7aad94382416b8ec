/// What the model did with one update.
public enum UpdateOutcome: String, Sendable, Hashable, CaseIterable {
  /// The update set the current window's values (TML-1).
  case applied
  /// The window was already locked; the update changed nothing (LCK-1).
  case ignoredLocked = "ignored-locked"
  /// The measurement period was over; the update changed nothing (SKN-3).
  case ignoredMeasurementOver = "ignored-measurement-over"
  /// The update's values were invalid; it changed nothing and later valid updates still
  /// count (VAL-1, TML-5).
  case rejected
}
