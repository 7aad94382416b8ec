import SKANJSON
import SKANReporting
import SKANRunner
import SKANVectors
import SKANVerdicts
import Testing

/// The report writer (``JSONReport``) and reader (``JSONReportReader``) are inverses: every
/// member the writer writes is read back into the same value, and every error of the reader
/// keeps its exact wording.
@Suite("JSON reports: writer and reader are inverses")
struct JSONReportRoundTripTests {
  /// A report with every status, every optional member of a result, both sides of a
  /// difference absent and present, every diagnostics status, a shard and every optional
  /// member of the header and footer.
  static func full() -> RunReport {
    var results: [CaseResult] = []
    for (index, status) in CaseStatus.allCases.enumerated() {
      var result = CaseResult(
        id: "window/case-\(index)", suite: "window", requirements: ["WIN-\(index + 1)", "WIN-7"], status: status,
        message: status == .pass ? nil : "\(status.rawValue) because of case \(index)",
        differences: status == .fail
          ? [
            JSONDiff.Difference(path: "$.window", expected: 1, actual: 2),
            JSONDiff.Difference(path: "$.window_end", expected: nil, actual: .null),
            JSONDiff.Difference(path: "$.extra", expected: .null, actual: nil),
          ] : [],
        duration: Double(index) * 0.125)
      guard status != .pass, status != .skipped else {
        results.append(result)
        continue
      }
      result.expectedStatus = CaseStatus.allCases[(index + 1) % CaseStatus.allCases.count]
      result.expectationReason = "known since \(index)"
      result.expectationLink = "https://example.com/issue/\(index)"
      result.description = "the vector of case \(index)"
      result.input = ["t0": 0, "at": .integer(index)]
      result.expected = ["output": ["window": 1]]
      result.actual = ["output": ["window": 2], "note": "caf\u{E9}"]
      results.append(result)
    }
    for (index, status) in DiagnosticAgreement.Status.allCases.enumerated() {
      var result = CaseResult(
        id: "signature/diagnostics-\(index)", suite: "signature", requirements: ["SIG-21"], status: .pass,
        duration: 0.25)
      result.diagnostics = DiagnosticAgreement(
        status: status, missing: status == .notGiven ? ["reason", "detail"] : [],
        differences: status == .differ ? [JSONDiff.Difference(path: "$.reason", expected: "a", actual: "b")] : [])
      results.append(result)
    }
    var report = RunReport(
      kitVersion: "0.9.1", vectorDigest: String(repeating: "c", count: 64),
      implementation: ImplementationIdentity(
        name: "lib", version: "2.0", language: "swift", suites: ["window", "signature"]),
      transport: .http, target: "http://127.0.0.1:9/", startedAt: "2026-11-25T22:00:00Z", results: results,
      complete: false)
    report.vectorSet = .custom
    report.vectorCases = 1234
    report.vectorsPath = "my/vectors"
    report.gateFailures = ["WIN-1 failed"]
    report.staleExpectations = ["window/gone", "window/renamed"]
    report.incidents = ["the implementation exited", "restarted once"]
    report.shard = Shard(
      index: 2, count: 3,
      selection: CaseSelection(suites: ["window"], idGlobs: ["window/*"], tags: ["edge"], requirements: ["WIN-1"]),
      selectedTotal: 40)
    return report
  }

  /// Every member of `read` equals that of `written`, each named in its own expectation.
  static func expectSame(_ read: RunReport, _ written: RunReport, _ what: String) {
    #expect(read.kitVersion == written.kitVersion, "\(what): kit_version")
    #expect(read.vectorDigest == written.vectorDigest, "\(what): vector_digest")
    #expect(read.implementation == written.implementation, "\(what): implementation")
    #expect(read.transport == written.transport, "\(what): transport")
    #expect(read.target == written.target, "\(what): target")
    #expect(read.startedAt == written.startedAt, "\(what): started_at")
    #expect(read.complete == written.complete, "\(what): complete")
    #expect(read.vectorSet == written.vectorSet, "\(what): vector_set")
    #expect(read.vectorCases == written.vectorCases, "\(what): vector_cases")
    #expect(read.vectorsPath == written.vectorsPath, "\(what): vectors_path")
    #expect(read.gateFailures == written.gateFailures, "\(what): gate_failures")
    #expect(read.staleExpectations == written.staleExpectations, "\(what): stale_expectations")
    #expect(read.incidents == written.incidents, "\(what): incidents")
    #expect(read.shard == written.shard, "\(what): shard")
    #expect(read.results.count == written.results.count, "\(what): results")
    for (readResult, writtenResult) in zip(read.results, written.results) {
      #expect(readResult == writtenResult, "\(what): result \(writtenResult.id)")
    }
  }

  @Test("a report with every kind of member reads back as the report written")
  func writeThenRead() throws {
    let report = Self.full()
    #expect(Set(report.results.map(\.status)) == Set(CaseStatus.allCases), "the sample has every status")
    let read = try JSONReportReader.read(bytes: Array(JSONReport.text(report).utf8))
    Self.expectSame(read, report, "write, read")
  }

  @Test("reading, writing and reading again gives the same report and the same text")
  func readWriteRead() throws {
    let text = JSONReport.text(Self.full())
    let first = try JSONReportReader.read(bytes: Array(text.utf8))
    let again = JSONReport.text(first)
    #expect(again == text, "the text written from the report read back")
    Self.expectSame(try JSONReportReader.read(bytes: Array(again.utf8)), first, "read, write, read")
  }

  @Test("a report without the members added later reads back with their defaults")
  func older() throws {
    var report = Self.full()
    report.shard = nil
    report.vectorCases = nil
    report.vectorsPath = nil
    report.gateFailures = []
    report.incidents = []
    let json = JSONReport.json(report).updating("header") { $0.setting("vector_set", nil) }
    let read = try JSONReportReader.read(json)
    #expect(read.vectorSet == VectorProvenance.of(digest: report.vectorDigest))
    #expect(read.shard == nil && read.vectorCases == nil && read.vectorsPath == nil)
    #expect(read.gateFailures.isEmpty && read.incidents.isEmpty)
  }

  /// One damage to the written report and the reader's exact error.
  struct Damage: CustomTestStringConvertible, Sendable {
    let message: String
    let edit: @Sendable (JSONValue) -> JSONValue
    var testDescription: String { message }
  }

  static func result(_ index: Int, _ edit: @escaping @Sendable (JSONValue) -> JSONValue)
    -> @Sendable (JSONValue)
    -> JSONValue
  {
    { json in json.updating("results") { $0.mapIndexed { $0 == index ? edit($1) : $1 } } }
  }

  static let damages: [Damage] = [
    Damage(message: "the report: must be an object") { _ in [1] },
    Damage(message: "report_version: must be 1 (a report from `skan-conform run --report-json`)") {
      $0.setting("report_version", 2)
    },
    Damage(message: "header: missing") { $0.setting("header", nil) },
    Damage(message: "header: must be an object") { $0.setting("header", "h") },
    Damage(message: "header.implementation: missing") { $0.updating("header") { $0.setting("implementation", nil) } },
    Damage(message: "header.implementation.suites[1]: must be a string") {
      $0.updating("header") { $0.updating("implementation") { $0.setting("suites", ["window", 3]) } }
    },
    Damage(message: "results: must be an array") { $0.setting("results", [:]) },
    Damage(message: "results[2]: must be an object", edit: result(2) { _ in "r" }),
    Damage(message: "results[1].status: \"passs\" is not a status", edit: result(1) { $0.setting("status", "passs") }),
    Damage(message: "results[1].id: must be a string", edit: result(1) { $0.setting("id", 5) }),
    Damage(message: "results[1].suite: missing", edit: result(1) { $0.setting("suite", nil) }),
    Damage(message: "results[1].message: must be a string or null", edit: result(1) { $0.setting("message", 5) }),
    Damage(message: "results[1].duration_ms: must be a number", edit: result(1) { $0.setting("duration_ms", "1") }),
    Damage(
      message: "results[1].expected_status: \"late\" is not a status",
      edit: result(1) { $0.setting("expected_status", "late") }),
    Damage(
      message: "results[1].differences[0].expected_absent: must be a boolean",
      edit: result(1) {
        $0.updating("differences") { $0.mapIndexed { $0 == 0 ? $1.setting("expected_absent", 0) : $1 } }
      }),
    Damage(
      message: "results[1].differences[2].path: missing",
      edit: result(1) { $0.updating("differences") { $0.mapIndexed { $0 == 2 ? $1.setting("path", nil) : $1 } } }),
    Damage(
      message: "results[8].diagnostics.status: \"same\" is not agree, not-given or differ",
      edit: result(8) { $0.updating("diagnostics") { $0.setting("status", "same") } }),
    Damage(
      message: "results[8].diagnostics.missing[0]: must be a string",
      edit: result(8) { $0.updating("diagnostics") { $0.setting("missing", [1]) } }),
    Damage(message: "header.transport: \"carrier-pigeon\" is not one of stdio, per-case, http, in-process") {
      $0.updating("header") { $0.setting("transport", "carrier-pigeon") }
    },
    Damage(message: "header.vector_set: \"mine\" is not official or custom") {
      $0.updating("header") { $0.setting("vector_set", "mine") }
    },
    Damage(message: "header.vector_cases: must be an integer") {
      $0.updating("header") { $0.setting("vector_cases", 1.5) }
    },
    Damage(message: "header.shard: index 4 and count 3 are not 1 <= index <= count") {
      $0.updating("header") { $0.updating("shard") { $0.setting("index", 4) } }
    },
    Damage(message: "header.shard.selected: must not be negative") {
      $0.updating("header") { $0.updating("shard") { $0.setting("selected", -1) } }
    },
    Damage(message: "header.shard.selection.tags: must be an array") {
      $0.updating("header") { $0.updating("shard") { $0.updating("selection") { $0.setting("tags", "edge") } } }
    },
    Damage(message: "footer.complete: must be a boolean") {
      $0.updating("footer") { $0.setting("complete", JSONValue.null) }
    },
    Damage(message: "footer.complete: missing") { $0.updating("footer") { $0.setting("complete", nil) } },
    Damage(message: "stale_expectations: missing") { $0.setting("stale_expectations", nil) },
    Damage(message: "gate_failures[0]: must be a string") { $0.setting("gate_failures", [true]) },
  ]

  @Test("a damaged report's error, word for word", arguments: damages)
  func damaged(_ damage: Damage) {
    let json = damage.edit(JSONReport.json(Self.full()))
    do {
      _ = try JSONReportReader.read(json)
      Issue.record("a damaged report was read; expected: \(damage.message)")
    } catch {
      #expect(error.message == damage.message)
    }
  }
}
