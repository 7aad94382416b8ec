public import SKANJSON
public import SKANVectors
public import SKANVocabulary

/// How an answer's diagnostic members compare with the expected ones (SIG-21; Spec/README.md,
/// "Comparing results"), apart from the verdict: a difference here never fails a case unless
/// the run asks for it (`--strict-diagnostics`).
public struct DiagnosticAgreement: Sendable, Hashable {
  /// The outcome for one case.
  public enum Status: String, Sendable, Hashable, CaseIterable {
    /// Every diagnostic member is in the answer and matches.
    case agree
    /// None differs, but the answer leaves at least one out.
    case notGiven = "not-given"
    /// At least one given diagnostic member differs.
    case differ
  }

  /// The outcome.
  public var status: Status
  /// The diagnostic members the answer left out.
  public var missing: [String]
  /// Where the given diagnostic members differ.
  public var differences: [JSONDiff.Difference]

  /// Creates an agreement.
  public init(status: Status, missing: [String] = [], differences: [JSONDiff.Difference] = []) {
    self.status = status
    self.missing = missing
    self.differences = differences
  }
}

extension VectorCase {
  /// Compares `answer` at the two levels: the verdict level, every member but the
  /// diagnostic ones, which decides whether the case passes; and the diagnostic members,
  /// compared only when the answer carries them. `diagnostics` is `nil` when the case has no
  /// diagnostic members or either side is an error. ``mismatch(_:)`` compares every member.
  public func judgement(_ answer: SuiteResult) -> (mismatch: AnswerMismatch?, diagnostics: DiagnosticAgreement?) {
    let judged = judgement(answer) { expected, actual in JSONDiff.differences(expected: expected, actual: actual) }
    return judged ?? (nil, nil)
  }

  /// ``judgement(_:)`` under a budget: `nil` when the comparison was given up because
  /// `deadline` passed or the current task was cancelled (``JSONDiff/differences(expected:actual:tolerance:limit:until:)``).
  /// A reply is the implementation's, and may be built to be slow to compare; this bounds it.
  public func judgement(
    _ answer: SuiteResult, until deadline: ContinuousClock.Instant?
  ) -> (mismatch: AnswerMismatch?, diagnostics: DiagnosticAgreement?)? {
    judgement(answer) { expected, actual in JSONDiff.differences(expected: expected, actual: actual, until: deadline) }
  }

  private func judgement(
    _ answer: SuiteResult, compare: (JSONValue, JSONValue) -> [JSONDiff.Difference]?
  ) -> (mismatch: AnswerMismatch?, diagnostics: DiagnosticAgreement?)? {
    guard !diagnostic.isEmpty, case .output(let expectedOutput) = expected, case .output(let output) = answer,
      let expectedMembers = expectedOutput.objectValue, let members = output.objectValue
    else {
      guard let mismatch = mismatch(answer, compare: compare) else { return nil }
      return (mismatch, nil)
    }
    let paths = diagnostic.compactMap(DiagnosticPath.init)
    var expectedVerdict = expectedMembers
    var answerVerdict = members
    var expectedGiven: [String: JSONValue] = [:]
    var answerGiven: [String: JSONValue] = [:]
    var missing: [String] = []
    for path in paths {
      path.removed(from: &expectedVerdict)
      path.removed(from: &answerVerdict)
      let given = path.given(expected: expectedMembers, answer: members)
      if let expectedPart = given.expected, let answerPart = given.answer {
        expectedGiven[path.member] = expectedPart
        answerGiven[path.member] = answerPart
      }
      if !given.complete { missing.append(path.description) }
    }
    guard let verdictLevel = compare(.object(expectedVerdict), .object(answerVerdict)) else { return nil }
    let mismatch = verdictLevel.first.map { first in
      AnswerMismatch(kind: .outputDiffers, message: "output differs at \(first.path)", differences: verdictLevel)
    }
    guard let differences = compare(.object(expectedGiven), .object(answerGiven)) else { return nil }
    let status: DiagnosticAgreement.Status = !differences.isEmpty ? .differ : missing.isEmpty ? .agree : .notGiven
    return (mismatch, DiagnosticAgreement(status: status, missing: missing, differences: differences))
  }
}
