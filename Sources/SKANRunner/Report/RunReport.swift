import Foundation
public import SKANVectors
public import SKANVerdicts

/// Everything one run produced.
public struct RunReport: Sendable {
  /// The kit's version.
  public var kitVersion: String
  /// The digest of the vector set (the manifest's); ``liveProbeDigest`` for a live probe's
  /// report, which ran checks rather than vectors.
  public var vectorDigest: String

  /// The `vectorDigest` of a live probe's report (`probe s2s`, `probe postbacks`).
  public static let liveProbeDigest = "live-probe"
  /// Who answered.
  public var implementation: ImplementationIdentity
  /// `stdio`, `per-case` or `http`.
  public var transport: TransportKind
  /// The command or URL.
  public var target: String
  /// When the run started (ISO 8601, UTC).
  public var startedAt: String
  /// One result per selected case, in vector order.
  public var results: [CaseResult]
  /// Whether every selected case got a verdict.
  public var complete: Bool
  /// Whether the vectors were the official set of this kit version (their digest is the one
  /// built into the binary) or a custom one; a custom set never earns a conformance level.
  public var vectorSet: VectorProvenance
  /// How many cases the vector set holds (all suites, before any selection or shard), so
  /// that a report says how much of it was covered; `nil` when not known (an older report).
  public var vectorCases: Int?
  /// For a custom vector set, where it was read from (`--vectors` as given), so that the rerun
  /// command of a failing case runs the same vectors; `nil` for the official set.
  public var vectorsPath: String?

  /// Creates a report.
  public init(
    kitVersion: String, vectorDigest: String, implementation: ImplementationIdentity, transport: TransportKind,
    target: String, startedAt: String, results: [CaseResult], complete: Bool, vectorSet: VectorProvenance = .official,
    vectorCases: Int? = nil
  ) {
    self.kitVersion = kitVersion
    self.vectorDigest = vectorDigest
    self.implementation = implementation
    self.transport = transport
    self.target = target
    self.startedAt = startedAt
    self.results = results
    self.complete = complete
    self.vectorSet = vectorSet
    self.vectorCases = vectorCases
  }

  /// How many results have each status.
  public var counts: [CaseStatus: Int] {
    var counted = [Int](repeating: 0, count: CaseStatus.allCases.count)
    for result in results { counted[result.status.ordinal] += 1 }
    return CaseStatus.counts(counted)
  }

  /// Faults of the implementation that the transport absorbed without charging a case, in
  /// plain words (for example a crash with several requests outstanding, after which they
  /// were replayed one at a time and each got its own verdict).
  public var incidents: [String] = []

  /// For a live probe's report, the probe's seed and whether it checked the count; `nil`
  /// for a run of vectors.
  public var probe: LiveProbeRun?

  /// For a run of one shard (`--shard I/N`), the shard, the selection and its size; `nil`
  /// for a run of the whole selection (and for a merged report).
  public var shard: Shard?

  /// The filters that chose the cases (`--suite`, `--id`, `--tag`, `--requirement`; all
  /// empty for every case) and how many cases they chose of the vector set, before any
  /// shard: what `report verify` applies to the vectors again to know every case the
  /// report must hold. `nil` for a live probe's report (and one written before it existed).
  public var selection: (filters: CaseSelection, selected: Int)?

  /// Whether the results were judged with `--strict-diagnostics` (a pass must agree on the
  /// diagnostic members too): the level `report merge` judges the recorded replies at again.
  public var strictDiagnostics = false

  /// Entries of the expectations file that matched no case of the vector set.
  public var staleExpectations: [String] = []

  /// Why the run fails although every result may be as expected, one sentence each: a
  /// suite that `--require-suite` names was skipped (``recordSkippedRequiredSuites(_:)``). Empty when none.
  public var gateFailures: [String] = []

  /// How many cases were executed: every result but `skipped`.
  public var executed: Int { results.count { $0.status != .skipped } }

  /// Why this run is not a success even with every result as expected, in plain words:
  /// nothing executed (every selected case skipped, say an adapter that stopped declaring a
  /// suite), then the gate failures. Empty for a run that may succeed.
  public var gateProblems: [String] {
    var problems: [String] = []
    if complete && !results.contains(where: { $0.status != .skipped }) {
      problems.append(
        "no case was executed: all \(results.count) selected case(s) were skipped (the implementation declares the suites \(implementation.suites.isEmpty ? "(none)" : implementation.suites.joined(separator: ", "))); a run that checks nothing is not a pass"
      )
    }
    return problems + gateFailures
  }

  /// The results that were not as expected.
  public var unexpected: [CaseResult] { results.filter(\.isUnexpected) }

  /// The results that passed against an expectation of failure.
  public var unexpectedPasses: [CaseResult] { results.filter(\.isUnexpectedPass) }

  /// Whether the run is a success: complete, at least one case executed, no gate failure,
  /// and every result as expected; with `strict`,
  /// an unexpected pass or a stale expectation (one that matches no case) fails the run too.
  public func succeeded(strict: Bool = false) -> Bool {
    complete && !results.contains(where: \.isUnexpected) && gateProblems.isEmpty
      && (!strict || (!results.contains(where: \.isUnexpectedPass) && staleExpectations.isEmpty))
  }
}
