public import SKANJSON
public import SKANVectors

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
  /// How the answer's diagnostic members compare (SIG-21), for cases that have them and
  /// got an output; they do not decide ``status``.
  public var diagnostics: DiagnosticAgreement?
  /// Wall time for the case, in seconds.
  public var duration: Double
  /// The status an expectations file names for this case, if any.
  public var expectedStatus: CaseStatus?
  /// The expectation's reason.
  public var expectationReason: String?
  /// The expectation's link, if the entry has one.
  public var expectationLink: String?
  /// For anything but a pass or a skip: the vector's description, the sentence that names
  /// the mistake it catches.
  public var description: String?
  /// For anything but a pass or a skip: the input the implementation was given.
  public var input: JSONValue?
  /// For anything but a pass or a skip: the vector's `expected` member as its file writes it
  /// (`{"output": …}` or `{"error": "<code>"}`).
  public var expected: JSONValue?
  /// For anything but a pass or a skip whose reply was JSON: the implementation's reply as
  /// received, whole but for its `seq` (which depends on the case's place in the run); `nil`
  /// after a crash, a timeout or a reply that is not JSON.
  public var actual: JSONValue?

  /// Whether the verdict is not what was expected: without an expectation anything but a
  /// pass or a skip; with one, anything but the named status (a pass included: see
  /// ``isUnexpectedPass``).
  public var isUnexpected: Bool {
    guard let expectedStatus else { return isDifference }
    return status != expectedStatus && status != .pass
  }

  /// Whether the verdict is as expected: the one rule every report, summary and diff uses.
  public var isAsExpected: Bool { !isUnexpected }

  /// Whether the case neither passed nor was skipped: the implementation's answer (or its
  /// failure to answer) differs from the vector.
  public var isDifference: Bool { status != .pass && status != .skipped }

  /// Whether the case did not pass and an expectations entry accepts that: what the reports
  /// list as an expected difference.
  public var isExpectedDifference: Bool { status != .pass && expectedStatus != nil && isAsExpected }

  /// Whether the case passed although an expectations file says it should not.
  public var isUnexpectedPass: Bool {
    guard let expectedStatus else { return false }
    return status == .pass && expectedStatus != .pass
  }

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
