import SKANModel
public import SKANRunner

/// Pass rates per suite and requirement level, and the conformance level reached: what the
/// certification page and the badge show.
public struct ConformanceSummary: Sendable {
  /// One cell of the matrix.
  public struct Cell: Sendable {
    /// Cases that passed or matched their expectation.
    public var passed: Int
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
  /// The level reached: `full` (every applicable case as expected), `core` (every MUST case),
  /// or `partial`.
  public var level: String
  /// The headline rate over every applicable case.
  public var overall: Cell

  /// Summarizes a report. A case counts under the strongest level among its requirements.
  public init(_ report: RunReport) {
    var cells: [String: [Requirement.Level: Cell]] = [:]
    var overall = Cell(passed: 0, applicable: 0, skipped: 0)
    var mustClean = true
    for result in report.results {
      let level = Self.level(of: result)
      var cell = cells[result.suite, default: [:]][level] ?? Cell(passed: 0, applicable: 0, skipped: 0)
      if result.status == .skipped {
        cell.skipped += 1
        overall.skipped += 1
      } else {
        cell.applicable += 1
        overall.applicable += 1
        let good = result.status == .pass || !result.isUnexpected
        if good {
          cell.passed += 1
          overall.passed += 1
        } else if level == .must {
          mustClean = false
        }
      }
      cells[result.suite, default: [:]][level] = cell
    }
    self.cells = cells
    self.overall = overall
    suites = cells.keys.sorted()
    let everything = overall.applicable > 0 && overall.passed == overall.applicable && report.complete
    level = everything ? "full" : (mustClean && overall.applicable > 0 && report.complete ? "core" : "partial")
  }

  static func level(of result: CaseResult) -> Requirement.Level {
    let levels = result.requirements.compactMap { RequirementCatalog.requirement($0)?.level }
    if levels.contains(.must) { return .must }
    if levels.contains(.should) { return .should }
    if levels.contains(.may) { return .may }
    return .must
  }
}
