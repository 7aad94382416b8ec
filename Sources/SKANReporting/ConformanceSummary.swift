public import SKANRunner
public import SKANVectors
import SKANVerdicts
import SKANVocabulary

/// Pass rates per suite and requirement level, and the conformance level reached: what the
/// certification page and the badge show.
public struct ConformanceSummary: Sendable {
  /// One cell of the matrix.
  public struct Cell: Sendable {
    /// Cases that passed.
    public var passed: Int
    /// Cases that did not pass but ended as the expectations file said (a stated difference).
    public var expected: Int = 0
    /// Cases that count: everything but `skipped`.
    public var applicable: Int
    /// Cases skipped (suite not declared, or a skipped reply).
    public var skipped: Int

    /// The pass rate, or `nil` when nothing applied.
    public var rate: Double? { applicable == 0 ? nil : Double(passed) / Double(applicable) }
  }

  /// The levels, strongest first.
  public static let levels: [Requirement.Level] = [.must, .should, .may]

  /// Suites in report order.
  public var suites: [String]
  /// `cells[suite][level]`.
  public var cells: [String: [Requirement.Level: Cell]]
  /// The level reached, by the Spec's levels (Spec/README.md, "Levels"): `full` (every MUST
  /// case passes, every other applicable case passes or differs as the expectations file
  /// states), `core` (every MUST case passes), or `partial`. A MUST difference is never
  /// `full` or `core`, even when the expectations file lists it; an incomplete run is
  /// `partial`. A run of a custom vector set (``VectorProvenance/custom``) reaches no
  /// level: it is `custom` where it would have been `full` or `core`, else `partial`.
  public var level: String
  /// Whether the vectors were the official set of this kit version.
  public var vectorSet: VectorProvenance
  /// For a live probe's report, its seed and whether it checked the count; `nil` for a run
  /// of vectors.
  public var probe: LiveProbeRun?
  /// How many cases the vector set holds (all suites), the denominator of the coverage;
  /// the report's own count of results when the report does not say.
  public var vectorCases: Int
  /// Suites of the kit with no case run in this report (left out by the selection, or all
  /// skipped): a level is reached only on the suites that were run.
  public var suitesNotRun: [String]
  /// The headline rate over every applicable case.
  public var overall: Cell
  /// Cases with diagnostic members (SIG-21), by how the answers compare there: reported
  /// apart, never part of the level.
  public var diagnostics: [DiagnosticAgreement.Status: Int]

  /// One sentence on the diagnostic level, or `nil` when no case has diagnostic members.
  public var diagnosticsSentence: String? { Self.diagnosticsSentence(diagnostics) }

  /// The cases of `report` at each diagnostic status (``diagnostics``), counted without the
  /// rest of the summary.
  static func diagnostics(of report: RunReport) -> [DiagnosticAgreement.Status: Int] {
    var counts: [DiagnosticAgreement.Status: Int] = [:]
    for result in report.results {
      if let status = result.diagnostics?.status { counts[status, default: 0] += 1 }
    }
    return counts
  }

  /// ``diagnosticsSentence`` for these counts.
  public static func diagnosticsSentence(_ diagnostics: [DiagnosticAgreement.Status: Int]) -> String? {
    let total = diagnostics.values.reduce(0, +)
    guard total > 0 else { return nil }
    return "diagnostics (reasons, signed strings; SIG-21, not part of the level): "
      + "\(diagnostics[.agree] ?? 0) of \(total) agree, \(diagnostics[.differ] ?? 0) differ, "
      + "\(diagnostics[.notGiven] ?? 0) not given"
  }

  /// Summarizes a report. A case counts under the strongest level among its requirements.
  public init(_ report: RunReport) {
    var cells: [String: [Requirement.Level: Cell]] = [:]
    var overall = Cell(passed: 0, applicable: 0, skipped: 0)
    var mustClean = true
    var othersAsExpected = true
    for result in report.results {
      let level = Self.level(of: result)
      var cell = cells[result.suite, default: [:]][level] ?? Cell(passed: 0, applicable: 0, skipped: 0)
      if result.status == .skipped {
        cell.skipped += 1
        overall.skipped += 1
      } else {
        cell.applicable += 1
        overall.applicable += 1
        if result.status == .pass {
          cell.passed += 1
          overall.passed += 1
        } else if level == .must {
          mustClean = false
        } else if result.isUnexpected {
          othersAsExpected = false
        }
        if result.isExpectedDifference {
          cell.expected += 1
          overall.expected += 1
        }
      }
      cells[result.suite, default: [:]][level] = cell
    }
    self.cells = cells
    self.overall = overall
    diagnostics = Self.diagnostics(of: report)
    suites = cells.keys.sorted()
    let core = mustClean && overall.applicable > 0 && report.complete && report.gateProblems.isEmpty
    vectorSet = report.vectorSet
    probe = report.probe
    vectorCases = report.vectorCases ?? report.results.count
    if let probe = report.probe {
      // A live probe's checks, not the vector set: `full` only when it also checked the count.
      level = core && othersAsExpected && probe.countingChecked ? "full" : (core ? "core" : "partial")
    } else if vectorSet == .custom {
      level = core ? "custom" : "partial"
    } else {
      level = core && othersAsExpected ? "full" : (core ? "core" : "partial")
    }
    let run = Set(report.results.filter { $0.status != .skipped }.map(\.suite))
    suitesNotRun = Suite.allCases.map(\.rawValue).filter { !run.contains($0) }
  }

  /// What was covered, for the badge: the cases executed (not skipped) of the vector
  /// set's, such as `138/802 cases`.
  public var coverage: String { "\(overall.applicable)/\(vectorCases) cases" }

  /// Which vectors were run, in words, for every report's header: the official set of this
  /// kit version, or a custom one that certifies nothing.
  public static func vectorsSentence(_ report: RunReport) -> String {
    if let probe = report.probe {
      let seed = probe.seed.map { " with seed \($0) (--seed \($0) sends the same requests)" } ?? ""
      let source: String
      switch probe.countingSource {
      case .reportURL?: source = " (read from --report-url)"
      case .reportCommand?: source = " (printed by --report-command, whose text is not recorded)"
      case nil: source = ""
      }
      let counting =
        probe.countingChecked
        ? "what the service counted was checked against the model\(source)"
        : "what the service counted was NOT checked (no --report-url or --report-command): it cannot be `full`"
      return
        "a LIVE PROBE of \(DisplayText(report.target))\(seed), not the official vector set of skan-conform \(report.kitVersion): \(report.results.count) checks; \(counting)"
    }
    switch report.vectorSet {
    case .official:
      return "the official vector set of skan-conform \(report.kitVersion) (digest \(report.vectorDigest.prefix(12)))"
    case .custom:
      return
        "a CUSTOM vector set (digest \(report.vectorDigest.prefix(12))), not the official one of skan-conform \(report.kitVersion): no conformance level is certified"
    }
  }

  static func level(of result: CaseResult) -> Requirement.Level {
    var strongest: Requirement.Level?
    for id in result.requirements {
      switch RequirementCatalog.requirement(id)?.level {
      case .must?: return .must
      case .should?: strongest = .should
      case .may?: if strongest == nil { strongest = .may }
      case nil: break
      }
    }
    return strongest ?? .must
  }
}
