public import SKANJSON

/// The result of one case.
public struct CaseResult: Sendable, Hashable {
  /// The vector ID.
  public var id: String
  /// The suite.
  public var suite: String
  /// The requirement IDs the vector tests.
  public var requirements: [String]
  /// The verdict.
  public var status: CaseStatus
  /// A one-line explanation for anything but a pass.
  public var message: String?
  /// For `fail` and `error`: where the answer differs.
  public var differences: [JSONDiff.Difference]
  /// Wall time for the case, in seconds.
  public var duration: Double

  /// Creates a result.
  public init(
    id: String, suite: String, requirements: [String], status: CaseStatus, message: String? = nil,
    differences: [JSONDiff.Difference] = [], duration: Double = 0
  ) {
    self.id = id
    self.suite = suite
    self.requirements = requirements
    self.status = status
    self.message = message
    self.differences = differences
    self.duration = duration
  }
}
