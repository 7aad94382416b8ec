public import SKANVectors
import SKANVerdicts
import SKANVocabulary

/// What one `run` executes and how its report is judged: the selected cases, checked against
/// the suites the run must execute (`--require-suite`), cut to a shard and repeated; then the
/// report judged by the same plan. The command line only parses options into a plan and prints.
public struct RunPlan: Sendable {
  /// The cases to send, in order (the shard's slice, repeated).
  public var cases: [VectorCase]
  /// The shard the cases are, when the run is one.
  public var shard: Shard?
  /// The suites of which no case may be skipped (`--require-suite`), in the order given.
  public var requiredSuites: [String]
  /// The filters that chose the cases, and how many they chose (before the shard).
  public var selection: (filters: CaseSelection, selected: Int)

  /// Plans a run of `selected`, the cases a selection chose.
  ///
  /// - Parameters:
  ///   - selection: the filters that chose them (recorded in the report).
  ///   - selectionSummary: the filters in words, for the errors.
  ///   - shard: `(index, count)` from `--shard I/N`, already checked for syntax.
  ///   - repetitions: how many times over to send the cases (bench/).
  /// - Throws: ``RunnerError/nothingToRun(_:)`` when a required suite has no case in the
  ///   selection or the shard holds no case: nothing would be run, so nothing may pass.
  public init(
    selected: [VectorCase], selection: CaseSelection, selectionSummary: String, requiredSuites: [String] = [],
    shard: (index: Int, count: Int)? = nil, repetitions: Int = 1
  ) throws(RunnerError) {
    let unselected = requiredSuites.filter { suite in !selected.contains { $0.suite.rawValue == suite } }
    guard unselected.isEmpty else {
      throw .nothingToRun(
        "--require-suite \(unselected.joined(separator: ",")): the selection (\(selectionSummary)) holds no case of it; nothing was run"
      )
    }
    var cases = selected
    if let shard {
      let part = Shard(index: shard.index, count: shard.count, selection: selection, selectedTotal: selected.count)
      guard part.index <= selected.count else {
        throw .nothingToRun(
          "shard \(part) holds no case: the selection (\(selectionSummary)) has \(selected.count) case(s), so use at most \(selected.count) shard(s); nothing was run"
        )
      }
      cases = part.slice(selected)
      self.shard = part
    }
    // One pass is the selection itself, shared rather than copied case by case.
    self.cases = repetitions > 1 ? Array(repeating: cases, count: repetitions).flatMap { $0 } : cases
    self.requiredSuites = requiredSuites
    self.selection = (selection, selected.count)
  }

  /// The report as the gate judges it: the selection, the shard and a custom set's path recorded, missing
  /// diagnostics failed under `strictDiagnostics`, a required suite's skipped cases recorded
  /// as gate failures (only for a complete run), then the known differences applied.
  public func judge(
    _ report: RunReport, vectors: VectorSet, vectorsPath: String?, strictDiagnostics: Bool,
    expectations: Expectations?
  ) -> RunReport {
    var judged = report
    judged.shard = shard
    judged.selection = selection
    if judged.vectorSet == .custom { judged.vectorsPath = vectorsPath }
    if strictDiagnostics { judged.requireDiagnostics() }
    if judged.complete { judged.recordSkippedRequiredSuites(requiredSuites) }
    expectations?.apply(to: &judged, knownIDs: vectors.cases.map(\.id))
    return judged
  }
}
