import SKANReporting
import SKANRunner
import SKANVerdicts
import Testing

/// `ReportDiff`, the algorithm behind `skan-conform report diff`: which changes are
/// regressions, fixes and expectation changes, and which cases are in one report only.
@Suite("Report diff")
struct ReportDiffTests {
  /// A report of `results`, given as (ID, status, expected status).
  func report(_ results: [(String, CaseStatus, CaseStatus?)]) -> RunReport {
    RunReport(
      kitVersion: "0.1.0", vectorDigest: String(repeating: "a", count: 64),
      implementation: ImplementationIdentity(name: "impl", version: "1", language: "c", suites: ["window"]),
      transport: .stdio, target: "./impl", startedAt: "2026-11-25T00:00:00Z",
      results: results.map { id, status, expected in
        var result = CaseResult(id: id, suite: "window", requirements: ["WIN-1"], status: status)
        result.expectedStatus = expected
        return result
      },
      complete: true)
  }

  @Test("a pass that fails is a regression; a failure that passes is a fix; the rest are quiet")
  func regressionsAndFixes() {
    let before = report([
      ("window/a", .pass, nil), ("window/b", .pass, nil), ("window/c", .fail, nil), ("window/d", .timeout, nil),
      ("window/e", .pass, nil),
    ])
    let after = report([
      ("window/a", .pass, nil), ("window/b", .fail, nil), ("window/c", .pass, nil), ("window/d", .crash, nil),
      ("window/e", .pass, nil),
    ])
    let diff = ReportDiff(before: before, after: after)
    #expect(diff.regressions.map(\.id) == ["window/b"])
    #expect(diff.fixes.map(\.id) == ["window/c"])
    // timeout -> crash: not as expected either way, so neither.
    #expect(diff.expectationChanges.isEmpty)
    #expect(diff.hasRegressions)
    #expect(diff.lines.first == "REGRESSION window/b: pass → fail")
  }

  @Test("a failure that an expectation now names is an expectation change, never a fix or a regression")
  func expectationChange() {
    let before = report([("window/a", .pass, nil), ("window/b", .fail, nil), ("window/c", .fail, .fail)])
    let after = report([("window/a", .pass, nil), ("window/b", .fail, .fail), ("window/c", .fail, nil)])
    let diff = ReportDiff(before: before, after: after)
    #expect(diff.regressions.isEmpty && diff.fixes.isEmpty)
    #expect(diff.expectationChanges.map(\.id) == ["window/b", "window/c"])
    #expect(!diff.hasRegressions)
    #expect(diff.lines.contains("EXPECTATION CHANGED window/b: fail → fail (expected)"))
  }

  @Test("an expected failure that now fails otherwise is a regression naming both")
  func expectedStatusChanges() {
    let before = report([("window/a", .fail, .fail)])
    let after = report([("window/a", .crash, .fail)])
    let diff = ReportDiff(before: before, after: after)
    #expect(diff.lines.first == "REGRESSION window/a: fail (expected) → crash (expected fail)")
  }

  @Test("cases in one report only are added or removed, skipped ones only counted")
  func addedRemoved() {
    let before = report([("window/a", .pass, nil), ("window/old", .fail, nil), ("window/gone-skip", .skipped, nil)])
    let after = report([("window/a", .pass, nil), ("window/new", .pass, nil), ("window/new-skip", .skipped, nil)])
    let diff = ReportDiff(before: before, after: after)
    #expect(diff.added.map(\.id) == ["window/new"])
    #expect(diff.removed.map(\.id) == ["window/old"])
    #expect(diff.skippedInOneOnly == 2)
    #expect(!diff.hasRegressions)
    #expect(
      diff.lines.last
        == "0 regression(s), 0 fix(es), 0 expectation change(s), 1 added, 1 removed, 2 skipped case(s) in one report only"
    )
  }

  @Test("case IDs from a crafted report are shown with their control characters visible")
  func hostileIDs() {
    let id = "window/\u{1B}[2K\rconformance"
    let diff = ReportDiff(before: report([(id, .pass, nil)]), after: report([(id, .fail, nil)]))
    #expect(diff.lines.first == "REGRESSION window/\\u{1B}[2K\\u{D}conformance: pass → fail")
  }
}
