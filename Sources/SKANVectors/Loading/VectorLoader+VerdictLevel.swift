import SKANJSON
import SKANVocabulary

extension VectorLoader {
  /// Reads a case's `expected.level`: `true` for `"verdict"`, a case judged at the verdict
  /// level only (Spec/README.md, "Comparing results"); `false` when it is absent, the kit's
  /// own vectors' way, where every member the case names is compared.
  ///
  /// A verdict-level case must not write what it never compares, so that nobody reads a
  /// member as checked that is not: it has no `expected.diagnostic`, and its output names no
  /// diagnostic member of its operation (SIG-21).
  /// - Throws: ``VectorsError/invalidField(file:caseID:field:reason:)`` naming the file,
  ///   the case and the field.
  static func decodeLevel(
    _ expected: [String: JSONValue], suite: Suite, input: JSONValue, file: String, caseID: String
  ) throws(VectorsError) -> Bool {
    guard let level = expected["level"] else { return false }
    func invalid(_ field: String, _ reason: String) -> VectorsError {
      .invalidField(file: file, caseID: caseID, field: field, reason: reason)
    }
    guard level.stringValue == "verdict" else {
      throw invalid(
        "expected.level",
        "must be \"verdict\" (judge the case at the verdict level only), or absent (compare every member written); \(CanonicalJSON.compact(level)) is neither"
      )
    }
    if expected["diagnostic"] != nil {
      throw invalid(
        "expected.diagnostic",
        "a verdict-level case (expected.level \"verdict\") compares no diagnostic member; remove expected.diagnostic, or expected.level to have the members it names compared when an answer carries them"
      )
    }
    if let output = expected["output"] {
      for path in suite.diagnosticMembers(for: input).compactMap(DiagnosticPath.init) where path.isGiven(in: output) {
        throw invalid(
          "expected.output.\(path)",
          "is a diagnostic (SIG-21), which a verdict-level case (expected.level \"verdict\") never compares; remove it, or remove expected.level and list it in expected.diagnostic to have it compared when an answer carries it"
        )
      }
    }
    return true
  }
}
