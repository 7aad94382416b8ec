import SKANJSON
import SKANRunner
import SKANVectors
import SKANVerdicts
import SKANVocabulary

extension ReportMerge {
  /// How long judging one recorded reply again may take, in seconds: a reply in a report
  /// file may be built to be slow to compare, as one from an implementation may.
  static let rejudgingBudget = 30.0

  /// What a merge judges each result against besides its vector.
  struct Judging {
    /// Whether the shards were judged with `--strict-diagnostics`.
    var strictDiagnostics: Bool
    /// The expectations file given to the merge, if any.
    var expectations: Expectations?
  }

  /// What is wrong with `result`, read from `file`, judged again against `vector`; empty
  /// when it stands.
  ///
  /// What a result records decides what can be judged again:
  /// - its suite and requirements, and its `expected` member when it has one, must be the
  ///   vector's;
  /// - a `pass`, `fail`, `error` or `skipped` result that records the reply (`actual`) must
  ///   have the status that reply earns against the vector, at the run's level (the verdict
  ///   level, or `--strict-diagnostics`'s when the report says so). A run records the reply
  ///   of every result but a pass and a skip (unless its reply budget ran out, and then the
  ///   message says so); a `pass` or a `skipped` result without a reply cannot be judged
  ///   again, and stands as recorded (unless it lists differences, which no pass has);
  /// - under `--strict-diagnostics`, a `pass` must record diagnostics that agree, if any;
  /// - a `timeout`, `crash` or `protocol-error` is a verdict on the exchange (a late or
  ///   missing reply, a wrong `seq`, an HTTP status) that the reply alone does not show: it
  ///   stands as recorded, and never counts in the implementation's favour;
  /// - its expectation (`expected_status`, `expectation_reason`, `expectation_link`) must be
  ///   the one `judging.expectations` gives its ID, and none without an expectations file.
  static func rejudged(_ result: CaseResult, vector: VectorCase, file: String, judging: Judging) -> [String] {
    var problems: [String] = []
    let named = "\(shown(file)): case \(shown(result.id))"
    if result.suite != vector.suite.rawValue || result.requirements != vector.requirements {
      problems.append(
        "\(named) records suite \(shown(result.suite)) and requirements \(shown(result.requirements.joined(separator: ","))), but its vector has \(vector.suite.rawValue) and \(vector.requirements.joined(separator: ","))"
      )
    }
    if let expected = result.expected, expected != vector.json["expected"] {
      problems.append("\(named): its expected answer is not its vector's")
    }
    if let actual = result.actual, [.pass, .fail, .error, .skipped].contains(result.status) {
      let again = verdict(on: actual, vector: vector, strictDiagnostics: judging.strictDiagnostics)
      if again.status != result.status {
        problems.append(
          "\(named) is recorded as \(result.status.rawValue), but its own reply (actual) is judged \(again.status.rawValue)\(again.message.map { " (\(shown($0)))" } ?? "")"
        )
      }
    } else if result.status == .pass, !result.differences.isEmpty {
      problems.append("\(named) is recorded as pass, but it lists \(result.differences.count) difference(s)")
    } else if judging.strictDiagnostics, result.status == .pass, let diagnostics = result.diagnostics,
      diagnostics.status != .agree
    {
      problems.append(
        "\(named) is recorded as pass under --strict-diagnostics, but its diagnostics are \(diagnostics.status.rawValue)"
      )
    }
    problems += expectationProblems(result, named: named, expectations: judging.expectations)
    return problems
  }

  /// The result `actual`, the reply a report recorded without its `seq`, earns against
  /// `vector`, judged as the runner judges it.
  private static func verdict(on actual: JSONValue, vector: VectorCase, strictDiagnostics: Bool) -> CaseResult {
    var reply = actual
    if var members = actual.objectValue {
      members["seq"] = 0
      reply = .object(members)
    }
    guard
      var again = Verdict.judge(vector, seq: 0, reply: .message(reply), duration: 0, timeout: rejudgingBudget)
    else {
      var interrupted = CaseResult(
        id: vector.id, suite: vector.suite.rawValue, requirements: vector.requirements, status: .skipped)
      interrupted.message = "interrupted before it was judged again"
      return interrupted
    }
    if strictDiagnostics { again.requireDiagnostics() }
    return again
  }

  /// What is wrong with the expectation `result` records, given the expectations file.
  private static func expectationProblems(_ result: CaseResult, named: String, expectations: Expectations?) -> [String]
  {
    let entry = expectations?.entry(for: result.id)
    guard let entry else {
      guard let claimed = result.expectedStatus else { return [] }
      return [
        expectations == nil
          ? "\(named) names expected_status \(claimed.rawValue), but no expectations file was given: pass the run's with --expectations"
          : "\(named) names expected_status \(claimed.rawValue), but the expectations file has no entry for it"
      ]
    }
    guard let claimed = result.expectedStatus else {
      return ["\(named) names no expected_status, but the expectations file expects \(entry.status.rawValue)"]
    }
    if claimed != entry.status {
      return [
        "\(named) names expected_status \(claimed.rawValue), but the expectations file expects \(entry.status.rawValue)"
      ]
    }
    if result.expectationReason != entry.reason || result.expectationLink != entry.link {
      return ["\(named): its expectation's reason or link is not the expectations file's"]
    }
    return []
  }
}
