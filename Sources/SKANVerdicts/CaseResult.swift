public import SKANJSON
import SKANVectors

/// The result of one case.
public struct CaseResult: Sendable, Hashable, CustomReflectable {
  /// The members, behind one reference: a run keeps a result per case and every report reads
  /// them all several times, so a copy of a result costs one retain, not one per member.
  /// `@unchecked Sendable`: a storage shared by two results is never written (``unique()``
  /// copies it first).
  private final class Storage: @unchecked Sendable {
    var id: String
    var suite: String
    var requirements: [String]
    var status: CaseStatus
    var message: String? = nil
    var differences: [JSONDiff.Difference]
    var diagnostics: DiagnosticAgreement? = nil
    var duration: Double
    var expectedStatus: CaseStatus? = nil
    var expectationReason: String? = nil
    var expectationLink: String? = nil
    var description: String? = nil
    var input: JSONValue? = nil
    var expected: JSONValue? = nil
    var actual: JSONValue? = nil

    init(
      id: String, suite: String, requirements: [String], status: CaseStatus, message: String?,
      differences: [JSONDiff.Difference], duration: Double
    ) {
      self.id = id
      self.suite = suite
      self.requirements = requirements
      self.status = status
      self.message = message
      self.differences = differences
      self.duration = duration
    }

    /// A copy of every member.
    func copy() -> Storage {
      let copy = Storage(
        id: id, suite: suite, requirements: requirements, status: status, message: message, differences: differences,
        duration: duration)
      copy.diagnostics = diagnostics
      copy.expectedStatus = expectedStatus
      copy.expectationReason = expectationReason
      copy.expectationLink = expectationLink
      copy.description = description
      copy.input = input
      copy.expected = expected
      copy.actual = actual
      return copy
    }
  }

  private var storage: Storage

  /// The storage, copied first when another result shares it.
  private mutating func unique() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  /// The vector ID.
  public var id: String {
    get { storage.id }
    set { unique().id = newValue }
  }
  /// The suite.
  public var suite: String {
    get { storage.suite }
    set { unique().suite = newValue }
  }
  /// The requirement IDs the vector tests.
  public var requirements: [String] {
    get { storage.requirements }
    set { unique().requirements = newValue }
  }
  /// The verdict.
  public var status: CaseStatus {
    get { storage.status }
    set { unique().status = newValue }
  }
  /// A one-line explanation for anything but a pass.
  public var message: String? {
    get { storage.message }
    set { unique().message = newValue }
  }
  /// For `fail` and `error`: where the answer differs.
  public var differences: [JSONDiff.Difference] {
    get { storage.differences }
    set { unique().differences = newValue }
  }
  /// How the answer's diagnostic members compare (SIG-21), for cases that have them and
  /// got an output; they do not decide ``status``.
  public var diagnostics: DiagnosticAgreement? {
    get { storage.diagnostics }
    set { unique().diagnostics = newValue }
  }
  /// Wall time for the case, in seconds.
  public var duration: Double {
    get { storage.duration }
    set { unique().duration = newValue }
  }
  /// The status an expectations file names for this case, if any.
  public var expectedStatus: CaseStatus? {
    get { storage.expectedStatus }
    set { unique().expectedStatus = newValue }
  }
  /// The expectation's reason.
  public var expectationReason: String? {
    get { storage.expectationReason }
    set { unique().expectationReason = newValue }
  }
  /// The expectation's link, if the entry has one.
  public var expectationLink: String? {
    get { storage.expectationLink }
    set { unique().expectationLink = newValue }
  }
  /// For anything but a pass or a skip: the vector's description, the sentence that names
  /// the mistake it catches.
  public var description: String? {
    get { storage.description }
    set { unique().description = newValue }
  }
  /// For anything but a pass or a skip: the input the implementation was given.
  public var input: JSONValue? {
    get { storage.input }
    set { unique().input = newValue }
  }
  /// For anything but a pass or a skip: the vector's `expected` member as its file writes it
  /// (`{"output": …}` or `{"error": "<code>"}`).
  public var expected: JSONValue? {
    get { storage.expected }
    set { unique().expected = newValue }
  }
  /// For anything but a pass or a skip whose reply was JSON: the implementation's reply as
  /// received, whole but for its `seq` (which depends on the case's place in the run); `nil`
  /// after a crash, a timeout or a reply that is not JSON.
  public var actual: JSONValue? {
    get { storage.actual }
    set { unique().actual = newValue }
  }

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
    storage = Storage(
      id: id, suite: suite, requirements: requirements, status: status, message: message, differences: differences,
      duration: duration)
  }

  public static func == (left: CaseResult, right: CaseResult) -> Bool {
    if left.storage === right.storage { return true }
    guard left.id == right.id else { return false }
    guard left.suite == right.suite else { return false }
    guard left.requirements == right.requirements else { return false }
    guard left.status == right.status else { return false }
    guard left.message == right.message else { return false }
    guard left.differences == right.differences else { return false }
    guard left.diagnostics == right.diagnostics else { return false }
    guard left.duration == right.duration else { return false }
    guard left.expectedStatus == right.expectedStatus else { return false }
    guard left.expectationReason == right.expectationReason else { return false }
    guard left.expectationLink == right.expectationLink else { return false }
    guard left.description == right.description else { return false }
    guard left.input == right.input else { return false }
    guard left.expected == right.expected else { return false }
    guard left.actual == right.actual else { return false }
    return true
  }

  /// The members by name (those of the storage), so that a result prints as a plain
  /// structure would.
  public var customMirror: Mirror {
    Mirror(self, children: Mirror(reflecting: storage).children, displayStyle: .struct)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(suite)
    hasher.combine(requirements)
    hasher.combine(status)
    hasher.combine(message)
    hasher.combine(differences)
    hasher.combine(diagnostics)
    hasher.combine(duration)
    hasher.combine(expectedStatus)
    hasher.combine(expectationReason)
    hasher.combine(expectationLink)
    hasher.combine(description)
    hasher.combine(input)
    hasher.combine(expected)
    hasher.combine(actual)
  }
}
