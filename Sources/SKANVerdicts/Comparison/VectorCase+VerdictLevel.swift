import SKANJSON
public import SKANVectors
import SKANVocabulary

extension VectorCase {
  /// The diagnostics of an answer's output that this case never compares, as
  /// ``DiagnosticPath`` texts: for a verdict-level case (``verdictOnly``, `expected.level`
  /// `"verdict"`), the diagnostics of its operation (SIG-21: for `verify-postback`, `reason`
  /// and `signed_string`; for `receive`, `arrivals[].reason`); for every other
  /// case none, so that an official vector is compared exactly as before (Spec/README.md,
  /// "Comparing results").
  public var verdictLevelUncompared: [String] {
    verdictOnly ? suite.diagnosticMembers(for: input) : []
  }

  /// `answer` without the members this case never compares (``verdictLevelUncompared``);
  /// `answer` itself for an error, a non-object output, or a case that compares every member.
  func withoutUncompared(_ answer: SuiteResult) -> SuiteResult {
    let uncompared = verdictLevelUncompared
    guard !uncompared.isEmpty, case .output(let output) = answer, var members = output.objectValue else {
      return answer
    }
    for path in uncompared.compactMap(DiagnosticPath.init) { path.removed(from: &members) }
    return .output(.object(members))
  }
}
