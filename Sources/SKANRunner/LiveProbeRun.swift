/// What a live probe's report (`probe s2s`, `probe postbacks`) says of the probe itself: a
/// probe ran checks of its own against a service, not the vector set, and its certificate
/// says which checks.
public struct LiveProbeRun: Sendable, Equatable {
  /// The seed the probe's requests were drawn from (`probe postbacks --seed`); `nil` for a
  /// probe whose requests are fixed (`probe s2s`).
  public var seed: UInt64?
  /// Whether the service's own count was read and checked against the model (`probe
  /// postbacks --report-url`). A probe that did not check it never reaches `full`.
  public var countingChecked: Bool

  /// Creates the description.
  public init(seed: UInt64?, countingChecked: Bool) {
    self.seed = seed
    self.countingChecked = countingChecked
  }
}
