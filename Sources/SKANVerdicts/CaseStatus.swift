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

  public static func < (lhs: CaseStatus, rhs: CaseStatus) -> Bool { lhs.ordinal < rhs.ordinal }

  /// The status's place in ``allCases``, found without a lookup: statuses counted in an array
  /// by it cost no hashing (a raw-valued enum hashes its raw value, a string, which counting a
  /// large run's hundreds of thousands of results in a dictionary spent milliseconds on).
  public var ordinal: Int {
    switch self {
    case .pass: 0
    case .fail: 1
    case .error: 2
    case .skipped: 3
    case .timeout: 4
    case .crash: 5
    case .protocolError: 6
    }
  }

  /// The statuses that occur in `counted` (how many results have each, at its ``ordinal``)
  /// with their counts.
  public static func counts(_ counted: [Int]) -> [CaseStatus: Int] {
    var counts: [CaseStatus: Int] = [:]
    for status in allCases where counted.indices.contains(status.ordinal) && counted[status.ordinal] > 0 {
      counts[status] = counted[status.ordinal]
    }
    return counts
  }
}
