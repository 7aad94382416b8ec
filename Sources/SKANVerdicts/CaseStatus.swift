/// The verdict on one case.
public enum CaseStatus: String, Sendable, Hashable, CaseIterable, Comparable {
  /// The answer matched.
  case pass
  /// An output that differs from the expected output, or an output where an error was expected.
  case fail
  /// An error where an output was expected, or the wrong error code.
  case error
  /// The suite was not declared, or the implementation answered `skipped`.
  case skipped
  /// No answer within the per-case timeout; the process was restarted.
  case timeout
  /// The process died; it was restarted for the next case.
  case crash
  /// The answer broke the protocol: not JSON, wrong `seq`, missing fields, too long.
  case protocolError = "protocol-error"

  public static func < (lhs: CaseStatus, rhs: CaseStatus) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}
