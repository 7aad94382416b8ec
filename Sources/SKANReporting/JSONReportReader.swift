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
    let root = try Members(json, "the report")
    guard root.raw["report_version"]?.exactInteger == 1 else {
      throw ReportError("report_version: must be 1 (a report from `skan-conform run --report-json`)")
    }
    let header = try Members(try root.value("header"), "header")
    let identity = try Members(try header.value("implementation"), "header.implementation")
    var results: [CaseResult] = []
    for (index, element) in try root.array("results").enumerated() {
      results.append(try result(element, path: "results[\(index)]"))
    }
    let footer = try Members(try root.value("footer"), "footer")
    var report = RunReport(
      kitVersion: try header.string("kit_version"), vectorDigest: try header.string("vector_digest"),
      implementation: ImplementationIdentity(
        name: try identity.string("name"), version: try identity.string("version"),
        language: try identity.string("language"), suites: try identity.strings("suites")),
      transport: try transport(header), target: try header.string("target"),
      startedAt: try header.string("started_at"), results: results, complete: try footer.bool("complete"))
    report.vectorSet = try provenance(header, digest: report.vectorDigest)
    if header.raw["vector_cases"] != nil { report.vectorCases = try header.integer("vector_cases") }
    if header.raw["vectors_path"] != nil { report.vectorsPath = try header.string("vectors_path") }
    report.gateFailures = root.raw["gate_failures"] == nil ? [] : try root.strings("gate_failures")
    report.staleExpectations = try root.strings("stale_expectations")
    report.incidents = footer.raw["incidents"] == nil ? [] : try footer.strings("incidents")
    if let value = header.raw["shard"], !value.isNull { report.shard = try shard(value) }
    return report
  }

  /// `header.shard`: index and count (1 <= index <= count), the selection's size and filters.
  private static func shard(_ value: JSONValue) throws(ReportError) -> Shard {
    let members = try Members(value, "header.shard")
    let index = try members.integer("index")
    let count = try members.integer("count")
    guard count >= 1, (1...count).contains(index) else {
      throw ReportError("header.shard: index \(index) and count \(count) are not 1 <= index <= count")
    }
    let selected = try members.integer("selected")
    guard selected >= 0 else { throw ReportError("header.shard.selected: must not be negative") }
    let filters = try Members(try members.value("selection"), "header.shard.selection")
    let selection = CaseSelection(
      suites: Set(try filters.strings("suites")), idGlobs: try filters.strings("ids"),
      tags: Set(try filters.strings("tags")), requirements: Set(try filters.strings("requirements")))
    return Shard(index: index, count: count, selection: selection, selectedTotal: selected)
  }

  /// `header.vector_set`; a report without it (written before it existed) is official only
  /// if its digest is this binary's.
  private static func provenance(_ header: Members, digest: String) throws(ReportError) -> VectorProvenance {
    guard header.raw["vector_set"] != nil else { return VectorProvenance.of(digest: digest) }
    let text = try header.string("vector_set")
    guard let provenance = VectorProvenance(rawValue: text) else {
      throw ReportError("header.vector_set: \"\(text)\" is not official or custom")
    }
    return provenance
  }

  private static func transport(_ header: Members) throws(ReportError) -> TransportKind {
    let text = try header.string("transport")
    guard let kind = TransportKind(rawValue: text) else {
      throw ReportError(
        "header.transport: \"\(text)\" is not one of \(TransportKind.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return kind
  }

  private static func result(_ element: JSONValue, path: String) throws(ReportError) -> CaseResult {
    let members = try Members(element, path)
    let statusText = try members.string("status")
    guard let status = CaseStatus(rawValue: statusText) else {
      throw ReportError("\(path).status: \"\(statusText)\" is not a status")
    }
    let differences = try Self.differences(members, path: path)
    guard let milliseconds = members.raw["duration_ms"]?.numberValue else {
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
    result.input = members.raw["input"]
    result.expected = members.raw["expected"]
    result.actual = members.raw["actual"]
    if let value = members.raw["diagnostics"] {
      let diagnostics = try Members(value, "\(path).diagnostics")
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
      let entry = try Members(difference, "\(path).differences[\(index)]")
      differences.append(
        JSONDiff.Difference(
          path: try entry.string("path"), expected: try entry.side("expected"), actual: try entry.side("actual")))
    }
    return differences
  }

  /// An object's members, with errors that name the path.
  private struct Members {
    let raw: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, _ path: String) throws(ReportError) {
      guard let members = value.objectValue else { throw ReportError("\(path): must be an object") }
      raw = members
      self.path = path
    }

    private func name(_ key: String) -> String { path == "the report" ? key : "\(path).\(key)" }

    func value(_ key: String) throws(ReportError) -> JSONValue {
      guard let value = raw[key] else { throw ReportError("\(name(key)): missing") }
      return value
    }

    func string(_ key: String) throws(ReportError) -> String {
      guard let text = try value(key).stringValue else { throw ReportError("\(name(key)): must be a string") }
      return text
    }

    func optionalString(_ key: String) throws(ReportError) -> String? {
      guard let value = raw[key], !value.isNull else { return nil }
      guard let text = value.stringValue else { throw ReportError("\(name(key)): must be a string or null") }
      return text
    }

    func integer(_ key: String) throws(ReportError) -> Int {
      guard let number = try value(key).exactInteger else { throw ReportError("\(name(key)): must be an integer") }
      return number
    }

    func bool(_ key: String) throws(ReportError) -> Bool {
      guard let flag = try value(key).boolValue else { throw ReportError("\(name(key)): must be a boolean") }
      return flag
    }

    func array(_ key: String) throws(ReportError) -> [JSONValue] {
      guard let elements = try value(key).arrayValue else { throw ReportError("\(name(key)): must be an array") }
      return elements
    }

    func strings(_ key: String) throws(ReportError) -> [String] {
      var texts: [String] = []
      for (index, element) in try array(key).enumerated() {
        guard let text = element.stringValue else { throw ReportError("\(name(key))[\(index)]: must be a string") }
        texts.append(text)
      }
      return texts
    }

    /// One side of a difference: `nil` when `<key>_absent` is true; a report without
    /// `<key>_absent` (written before it existed) reads `null` as absent.
    func side(_ key: String) throws(ReportError) -> JSONValue? {
      guard raw[key + "_absent"] != nil else { return nonNull(key) }
      if try bool(key + "_absent") { return nil }
      return try value(key)
    }

    func nonNull(_ key: String) -> JSONValue? {
      guard let value = raw[key], !value.isNull else { return nil }
      return value
    }
  }
}
