public import SKANJSON
public import SKANVectors
public import SKANVocabulary

/// How an answer differs from a vector's expected answer: the one comparison the runner,
/// the mutation self-check and the fuzzer share (Spec/README.md, "Comparing answers").
public struct AnswerMismatch: Sendable, Hashable {
  /// The kind of difference.
  public enum Kind: Sendable, Hashable {
    /// An output that differs from the expected output.
    case outputDiffers
    /// An output where an error was expected.
    case outputInsteadOfError
    /// An error code other than the expected one.
    case wrongErrorCode
    /// An error where an output was expected.
    case errorInsteadOfOutput
  }

  /// The kind.
  public var kind: Kind
  /// One line for people.
  public var message: String
  /// Where the answers differ.
  public var differences: [JSONDiff.Difference]
}

extension VectorCase {
  /// How `answer` differs from the expected answer, or `nil` when it matches: outputs are
  /// compared member by member (numbers by value), errors by code only (the message is for
  /// people and never compared). A verdict-level case (``verdictOnly``) leaves out the
  /// members it never compares (``verdictLevelUncompared``).
  public func mismatch(_ answer: SuiteResult) -> AnswerMismatch? {
    mismatch(answer) { expected, actual in JSONDiff.differences(expected: expected, actual: actual) } ?? nil
  }

  /// ``mismatch(_:)`` with the output comparison done by `compare`, which returns `nil` to
  /// give up (a deadline passed, the run was interrupted); then the result is `nil` too.
  func mismatch(
    _ answer: SuiteResult, compare: (JSONValue, JSONValue) -> [JSONDiff.Difference]?
  ) -> AnswerMismatch?? {
    switch (expected, withoutUncompared(answer)) {
    case (.output(let expectedOutput), .output(let output)):
      guard let differences = compare(expectedOutput, output) else { return .none }
      guard let first = differences.first else { return .some(nil) }
      return AnswerMismatch(kind: .outputDiffers, message: "output differs at \(first.path)", differences: differences)
    case (.error(let expectedCode, _), .output):
      return AnswerMismatch(
        kind: .outputInsteadOfError, message: "output where error \(expectedCode) was expected",
        differences: [JSONDiff.Difference(path: "$.error.code", expected: .string(expectedCode), actual: nil)])
    case (.error(let expectedCode, _), .error(let code, _)):
      // Code point by code point, as strings compare (Spec/README.md, "Comparing results").
      guard !code.utf8.elementsEqual(expectedCode.utf8) else { return .some(nil) }
      return AnswerMismatch(
        kind: .wrongErrorCode, message: "error code \(code), expected \(expectedCode)",
        differences: [JSONDiff.Difference(path: "$.error.code", expected: .string(expectedCode), actual: .string(code))]
      )
    case (.output, .error(let code, let text)):
      let detail = text.isEmpty ? "" : " (\(text))"
      return AnswerMismatch(
        kind: .errorInsteadOfOutput, message: "error \(code)\(detail) where an output was expected", differences: [])
    }
  }
}
