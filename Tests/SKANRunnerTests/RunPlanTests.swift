import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import SKANVocabulary
import Testing

/// `run`'s planning and judging, as library calls (the command line only parses and
/// prints): required suites, shards, repetitions, and the report judged by the same plan.
@Suite("Run plan: required suites, shards, judging")
struct RunPlanTests {
  static let vectors = Result { () throws(VectorsError) in try VectorLoader.load(directory: RepositoryPaths.vectors) }

  func cases(_ suites: Set<String>) throws -> [VectorCase] {
    try Self.vectors.get().cases.filter { suites.contains($0.suite.rawValue) }
  }

  func message(_ body: () throws(RunnerError) -> RunPlan) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      guard case .nothingToRun(let message) = error else { return "another error: \(error)" }
      return message
    }
  }

  @Test("a required suite with no selected case is refused before anything runs, naming it")
  func requiredSuiteMissing() throws {
    let selected = try cases(["window", "values"])
    let refused = message {
      () throws(RunnerError) in
      try RunPlan(
        selected: selected, selection: CaseSelection(suites: ["window", "values"]),
        selectionSummary: "--suite window,values", requiredSuites: ["values", "s2s", "window", "metadata"])
    }
    #expect(
      refused
        == "--require-suite s2s,metadata: the selection (--suite window,values) holds no case of it; nothing was run")
    let plan = try RunPlan(
      selected: selected, selection: CaseSelection(), selectionSummary: "all", requiredSuites: ["values"])
    #expect(plan.cases.map(\.id) == selected.map(\.id))
  }

  @Test("a shard takes every Nth case from its position; an empty shard is refused; repetitions repeat the slice")
  func shards() throws {
    let selected = try cases(["window"])
    let plan = try RunPlan(
      selected: selected, selection: CaseSelection(), selectionSummary: "all", shard: (index: 2, count: 3),
      repetitions: 2)
    let slice = stride(from: 1, to: selected.count, by: 3).map { selected[$0].id }
    #expect(plan.cases.map(\.id) == slice + slice)
    #expect(plan.shard?.selectedTotal == selected.count)
    let few = Array(selected.prefix(2))
    let refused = message {
      () throws(RunnerError) in
      try RunPlan(selected: few, selection: CaseSelection(), selectionSummary: "all", shard: (index: 3, count: 3))
    }
    #expect(
      refused
        == "shard 3/3 holds no case: the selection (all) has 2 case(s), so use at most 2 shard(s); nothing was run")
  }

  func report(_ statuses: [(String, String, CaseStatus)], complete: Bool) -> RunReport {
    RunReport(
      kitVersion: "0", vectorDigest: "d",
      implementation: ImplementationIdentity(name: "n", version: "v", language: "l", suites: []),
      transport: .stdio, target: "t", startedAt: "s",
      results: statuses.map { CaseResult(id: $0.0, suite: $0.1, requirements: [], status: $0.2) }, complete: complete)
  }

  @Test(
    "judging: a skipped case of a required suite fails a complete run, not an interrupted one; the shard is recorded")
  func judging() throws {
    let vectors = try Self.vectors.get()
    let plan = try RunPlan(
      selected: vectors.cases, selection: CaseSelection(), selectionSummary: "all",
      requiredSuites: ["window", "values"], shard: (index: 1, count: 2))
    let statuses: [(String, String, CaseStatus)] = [
      ("window/a", "window", .pass), ("values/a", "values", .pass), ("values/b", "values", .skipped),
      ("values/c", "values", .skipped), ("s2s/a", "s2s", .skipped),
    ]
    let judged = plan.judge(
      report(statuses, complete: true), vectors: vectors, vectorsPath: "/elsewhere", strictDiagnostics: false,
      expectations: nil)
    #expect(
      judged.gateFailures == [
        "--require-suite values: 2 of the 3 case(s) of suite values were skipped (values/b: skipped)"
      ])
    #expect(judged.shard == plan.shard)
    #expect(judged.vectorsPath == nil, "the official set records no path")
    let interrupted = plan.judge(
      report(statuses, complete: false), vectors: vectors, vectorsPath: nil, strictDiagnostics: false,
      expectations: nil)
    #expect(interrupted.gateFailures.isEmpty)
  }
}
