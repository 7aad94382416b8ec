/// What one lifecycle step did.
public enum LifecycleOutcome: String, Sendable, Hashable, CaseIterable {
  /// The first registration: T0 set, fine value 0 (LIF-1).
  case registered
  /// A second registration, which changes nothing (LIF-1).
  case alreadyRegistered = "already-registered"
  /// The server's values were applied (LIF-2).
  case applied
  /// The server said `status: "ok"` with no value (LIF-3).
  case noUpdate = "no-update"
  /// The current window was locked (LCK-1).
  case ignoredLocked = "ignored-locked"
  /// The measurement period was over (SKN-3).
  case ignoredMeasurementOver = "ignored-measurement-over"
  /// The step was refused with an error code; nothing changed (LIF-3, LIF-4, LIF-6).
  case rejected
  /// Revenue was added to the totals (LIF-5).
  case revenueRecorded = "revenue-recorded"
  /// A zero amount, which changes nothing (LIF-6).
  case revenueIgnored = "revenue-ignored"
}
