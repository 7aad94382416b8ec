/// What a live probe's report (`probe s2s`, `probe postbacks`) says of the probe itself: a
/// probe ran checks of its own against a service, not the vector set, and its certificate
/// says which checks.
public struct LiveProbeRun: Sendable, Equatable {
  /// Where a probe read what the service counted.
  public enum CountingSource: String, Sendable, CaseIterable {
    /// GET from a URL (`probe postbacks --report-url`).
    case reportURL = "report-url"
    /// The standard output of a shell command (`probe postbacks --report-command`). Only
    /// that a command was used is recorded, never its text: a command may hold a password.
    case reportCommand = "report-command"
  }

  /// The seed the probe's requests were drawn from (`probe postbacks --seed`); `nil` for a
  /// probe whose requests are fixed (`probe s2s`).
  public var seed: UInt64?
  /// Whether the service's own count was read and checked against the model (`probe
  /// postbacks --report-url` or `--report-command`). A probe that did not check it never
  /// reaches `full`.
  public var countingChecked: Bool
  /// Where the count was read, for a probe that read one (`probe postbacks`); `nil` when it
  /// read none, or when its checks are themselves the count's (`probe s2s`).
  public var countingSource: CountingSource?

  /// Creates the description.
  public init(seed: UInt64?, countingChecked: Bool, countingSource: CountingSource? = nil) {
    self.seed = seed
    self.countingChecked = countingChecked
    self.countingSource = countingSource
  }
}
