public import SKANJSON
public import SKANRunner
import SKANVectors
import SKANVerdicts

/// Reads a `--report-json` document back into a ``RunReport``: the inverse of
/// ``JSONReport/json(_:)``, so that `report diff` and `expectations update` work on the same
/// types the runner wrote (schema: `Spec/schema/report.schema.json`).
public enum JSONReportReader {
  /// The report in `bytes`.
  /// - Throws: ``ReportError`` naming the first member that is missing or of the wrong type.
  public static func read(bytes: [UInt8]) throws(ReportError) -> RunReport {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes: bytes)
    } catch {
      throw ReportError("not JSON: \(error)")
    }
    return try read(json)
  }

  /// The report in `json`.
  public static func read(_ json: JSONValue) throws(ReportError) -> RunReport {
    let root = try fields(json, "")
    guard root["report_version"]?.exactInteger == 1 else {
      throw ReportError("report_version: must be 1 (a report from `skan-conform run --report-json`)")
    }
    let header = try root.object("header")
    let identity = try header.object("implementation")
    var results: [CaseResult] = []
    for (index, element) in try root.array("results").enumerated() {
      results.append(try result(element, path: "results[\(index)]"))
    }
    let footer = try root.object("footer")
    var report = RunReport(
      kitVersion: try header.string("kit_version"), vectorDigest: try header.string("vector_digest"),
      implementation: ImplementationIdentity(
        name: try identity.string("name"), version: try identity.string("version"),
        language: try identity.string("language"), suites: try identity.strings("suites")),
      transport: try transport(header), target: try header.string("target"),
      startedAt: try header.string("started_at"), results: results, complete: try footer.bool("complete"))
    report.vectorSet = try provenance(header, digest: report.vectorDigest)
    if header["vector_cases"] != nil { report.vectorCases = try header.integer("vector_cases") }
    if header["vectors_path"] != nil { report.vectorsPath = try header.string("vectors_path") }
    report.gateFailures = root["gate_failures"] == nil ? [] : try root.strings("gate_failures")
    report.staleExpectations = try root.strings("stale_expectations")
    report.incidents = footer["incidents"] == nil ? [] : try footer.strings("incidents")
    if let value = header["shard"], !value.isNull { report.shard = try shard(value) }
    if let value = header["selection"], !value.isNull {
      let selected = try header.integer("selected")
      guard selected >= 0 else { throw ReportError("header.selected: must not be negative") }
      report.selection = (try filters(value, "header.selection"), selected)
    }
    if header["strict_diagnostics"] != nil { report.strictDiagnostics = try header.bool("strict_diagnostics") }
    if let value = header["probe"], !value.isNull {
      let members = try fields(value, "header.probe")
      let seed = members["seed"] == nil ? nil : try members.integer("seed")
      guard (seed ?? 0) >= 0 else { throw ReportError("header.probe.seed: \(seed ?? 0) is negative") }
      let source =
        members["counting_source"] == nil
        ? nil : try members.choice("counting_source", LiveProbeRun.CountingSource.self)
      report.probe = LiveProbeRun(
        seed: seed.map(UInt64.init), countingChecked: try members.bool("counting_checked"), countingSource: source)
    }
    return report
  }

  /// `header.shard`: index and count (1 <= index <= count), the selection's size and filters.
  private static func shard(_ value: JSONValue) throws(ReportError) -> Shard {
    let members = try fields(value, "header.shard")
    let index = try members.integer("index")
    let count = try members.integer("count")
    guard count >= 1, (1...count).contains(index) else {
      throw ReportError("header.shard: index \(index) and count \(count) are not 1 <= index <= count")
    }
    let selected = try members.integer("selected")
    guard selected >= 0 else { throw ReportError("header.shard.selected: must not be negative") }
    let selection = try filters(try members.value("selection"), "header.shard.selection")
    return Shard(index: index, count: count, selection: selection, selectedTotal: selected)
  }

  /// A selection's filters (``JSONReport/filtersJSON(_:)``) at `path`.
  private static func filters(_ value: JSONValue, _ path: String) throws(ReportError) -> CaseSelection {
    let filters = try fields(value, path)
    return CaseSelection(
      suites: Set(try filters.strings("suites")), idGlobs: try filters.strings("ids"),
      tags: Set(try filters.strings("tags")), requirements: Set(try filters.strings("requirements")))
  }

  /// `header.vector_set`; a report without it (written before it existed) is official only
  /// if its digest is this binary's.
  private static func provenance(_ header: Members, digest: String) throws(ReportError) -> VectorProvenance {
    guard header["vector_set"] != nil else { return VectorProvenance.of(digest: digest) }
    let text = try header.string("vector_set")
    guard let provenance = VectorProvenance(rawValue: text) else {
      throw ReportError("header.vector_set: \"\(text)\" is not official or custom")
    }
    return provenance
  }

  private static func transport(_ header: Members) throws(ReportError) -> TransportKind {
    try header.choice("transport", TransportKind.self)
  }

  private static func result(_ element: JSONValue, path: String) throws(ReportError) -> CaseResult {
    let members = try fields(element, path)
    let statusText = try members.string("status")
    guard let status = CaseStatus(rawValue: statusText) else {
      throw ReportError("\(path).status: \"\(statusText)\" is not a status")
    }
    let differences = try Self.differences(members, path: path)
    guard let milliseconds = members["duration_ms"]?.numberValue else {
      throw ReportError("\(path).duration_ms: must be a number")
    }
    var result = CaseResult(
      id: try members.string("id"), suite: try members.string("suite"),
      requirements: try members.strings("requirements"),
      status: status, message: try members.optionalString("message"), differences: differences,
      duration: milliseconds / 1000)
    if let expected = try members.optionalString("expected_status") {
      guard let expectedStatus = CaseStatus(rawValue: expected) else {
        throw ReportError("\(path).expected_status: \"\(expected)\" is not a status")
      }
      result.expectedStatus = expectedStatus
    }
    result.expectationReason = try members.optionalString("expectation_reason")
    result.expectationLink = try members.optionalString("expectation_link")
    result.description = try members.optionalString("description")
    result.input = members["input"]
    result.expected = members["expected"]
    result.actual = members["actual"]
    if let value = members["diagnostics"] {
      let diagnostics = try fields(value, "\(path).diagnostics")
      let statusText = try diagnostics.string("status")
      guard let status = DiagnosticAgreement.Status(rawValue: statusText) else {
        throw ReportError("\(path).diagnostics.status: \"\(statusText)\" is not agree, not-given or differ")
      }
      result.diagnostics = DiagnosticAgreement(
        status: status, missing: try diagnostics.strings("missing"),
        differences: try Self.differences(diagnostics, path: "\(path).diagnostics"))
    }
    return result
  }

  private static func differences(_ members: Members, path: String) throws(ReportError) -> [JSONDiff.Difference] {
    var differences: [JSONDiff.Difference] = []
    for (index, difference) in try members.array("differences").enumerated() {
      let entry = try fields(difference, "\(path).differences[\(index)]")
      differences.append(
        JSONDiff.Difference(
          path: try entry.string("path"), expected: try entry.side("expected"), actual: try entry.side("actual")))
    }
    return differences
  }

  /// An object's members, with errors that name the path (``word(_:)``).
  private typealias Members = JSONFields<ReportError>

  /// The members of `value`, at `path`; the report's root is `""`, so that its members are
  /// named bare (`header`, `results[3]`).
  private static func fields(_ value: JSONValue, _ path: String) throws(ReportError) -> Members {
    try Members(value, at: FieldPath(path), fail: word)
  }

  /// A problem as the report reader words it: `header.kit_version: missing`.
  private static func word(_ problem: FieldProblem) -> ReportError {
    let name = problem.path.description.isEmpty ? "the report" : problem.path.description
    switch problem {
    case .notAnObject: return ReportError("\(name): must be an object")
    case .missing: return ReportError("\(name): missing")
    case .mistyped(_, let expected, _): return ReportError("\(name): must be \(expected)")
    case .outOfRange(_, let why): return ReportError("\(name): \(why)")
    case .notOneOf(_, let found, let choices):
      return ReportError("\(name): \"\(found)\" is not one of \(choices.joined(separator: ", "))")
    }
  }
}

extension JSONFields where Failure == ReportError {
  /// One side of a difference: `nil` when `<key>_absent` is true; a report without
  /// `<key>_absent` (written before it existed) reads `null` as absent.
  fileprivate func side(_ key: String) throws(ReportError) -> JSONValue? {
    guard self[key + "_absent"] != nil else { return optional(key) }
    if try bool(key + "_absent") { return nil }
    return try value(key)
  }
}
