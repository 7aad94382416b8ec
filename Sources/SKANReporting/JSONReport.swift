public import SKANJSON
public import SKANRunner
import SKANVectors
import SKANVerdicts

/// `--report-json`: the run as one JSON document with a header, results, a summary and a
/// footer that marks it complete. Schema: `Spec/schema/report.schema.json`.
public enum JSONReport {
  /// The report's JSON.
  public static func json(_ report: RunReport) -> JSONValue {
    var summary: [String: JSONValue] = [:]
    for status in CaseStatus.allCases { summary[status.rawValue] = .integer(report.counts[status] ?? 0) }
    var header: [String: JSONValue] = [
      "kit_version": .string(report.kitVersion), "vector_digest": .string(report.vectorDigest),
      "implementation": [
        "name": .string(report.implementation.name), "version": .string(report.implementation.version),
        "language": .string(report.implementation.language),
        "suites": .array(report.implementation.suites.map(JSONValue.string)),
      ],
      "transport": .string(report.transport.rawValue), "target": .string(report.target),
      "started_at": .string(report.startedAt),
      // Official or custom: a certificate of a custom set must say so.
      "vector_set": .string(report.vectorSet.rawValue),
    ]
    if let probe = report.probe {
      var members: [String: JSONValue] = ["counting_checked": .bool(probe.countingChecked)]
      if let seed = probe.seed { members["seed"] = .integer(Int(clamping: seed)) }
      // Which way, never the command's text: a command may hold a password.
      if let source = probe.countingSource { members["counting_source"] = .string(source.rawValue) }
      header["probe"] = .object(members)
    }
    if let total = report.vectorCases { header["vector_cases"] = .integer(total) }
    if let path = report.vectorsPath { header["vectors_path"] = .string(path) }
    if let shard = report.shard { header["shard"] = shardJSON(shard) }
    if let selection = report.selection {
      header["selection"] = filtersJSON(selection.filters)
      header["selected"] = .integer(selection.selected)
    }
    if report.strictDiagnostics { header["strict_diagnostics"] = true }
    var document: [String: JSONValue] = [
      "report_version": 1,
      "header": .object(header),
      "results": .array(report.results.map(result)),
      "summary": .object(summary),
      "unexpected": .integer(report.unexpected.count),
      "unexpected_passes": .integer(report.unexpectedPasses.count),
      "diagnostics": diagnosticsSummary(report),
      "stale_expectations": .array(report.staleExpectations.map(JSONValue.string)),
      "footer": footer(report),
    ]
    if !report.gateFailures.isEmpty {
      document["gate_failures"] = .array(report.gateFailures.map(JSONValue.string))
    }
    return .object(document)
  }

  /// The report as the file `--report-json` writes: canonical JSON in which no character
  /// from the implementation is raw if it could act on a terminal or a viewer. JSON itself
  /// escapes the C0 controls; the others that ``DisplayText`` names (DEL, the C1 controls,
  /// bidirectional overrides, line separators, noncharacters) are written as `\uXXXX`
  /// escapes too, which any JSON reader turns back into the same text.
  public static func text(_ report: RunReport) -> String {
    let text = CanonicalJSON.pretty(json(report))
    // Outside strings the canonical text is ASCII, and it escapes every C0 control in them.
    guard text.unicodeScalars.contains(where: { $0.value >= 0x7F && DisplayText.isHazard($0) }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard scalar.value >= 0x7F, DisplayText.isHazard(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out
  }

  /// `header.shard`: which slice of which selection a sharded run ran.
  static func shardJSON(_ shard: Shard) -> JSONValue {
    [
      "index": .integer(shard.index), "count": .integer(shard.count), "selected": .integer(shard.selectedTotal),
      "selection": filtersJSON(shard.selection),
    ]
  }

  /// A selection's filters, each sorted as the run applies them (ID globs in the order given).
  static func filtersJSON(_ selection: CaseSelection) -> JSONValue {
    let strings = { (texts: [String]) in JSONValue.array(texts.map(JSONValue.string)) }
    return [
      "suites": strings(selection.suites.sorted()), "ids": strings(selection.idGlobs),
      "tags": strings(selection.tags.sorted()), "requirements": strings(selection.requirements.sorted()),
    ]
  }

  /// How many cases with diagnostic members (SIG-21) agree, leave some out, or differ there.
  static func diagnosticsSummary(_ report: RunReport) -> JSONValue {
    var counts: [String: JSONValue] = [:]
    for status in DiagnosticAgreement.Status.allCases {
      counts[status.rawValue] = .integer(report.results.count { $0.diagnostics?.status == status })
    }
    return .object(counts)
  }

  /// `complete` and `total`, and `incidents` when the transport absorbed any fault.
  static func footer(_ report: RunReport) -> JSONValue {
    var footer: [String: JSONValue] = ["complete": .bool(report.complete), "total": .integer(report.results.count)]
    if !report.incidents.isEmpty { footer["incidents"] = .array(report.incidents.map(JSONValue.string)) }
    return .object(footer)
  }

  static func result(_ result: CaseResult) -> JSONValue {
    var members: [String: JSONValue] = [
      "id": .string(result.id), "suite": .string(result.suite), "status": .string(result.status.rawValue),
      "requirements": .array(result.requirements.map(JSONValue.string)),
      "message": .optional(result.message),
      "differences": differencesJSON(result.differences),
      "duration_ms": .double((result.duration * 1_000_000).rounded() / 1000),
      "expected_status": .optional(result.expectedStatus?.rawValue),
      "expectation_reason": .optional(result.expectationReason),
      "unexpected": .bool(result.isUnexpected),
    ]
    // A case that did not pass carries what a reader needs to understand it without the
    // vector files: the vector's description and the input the implementation was given.
    if let description = result.description { members["description"] = .string(description) }
    if let input = result.input { members["input"] = input }
    // The whole expected answer and reply: the Markdown, console and JUnit reports cut them
    // (FailureDetail), this report does not.
    if let expected = result.expected { members["expected"] = expected }
    if let actual = result.actual { members["actual"] = actual }
    if let link = result.expectationLink { members["expectation_link"] = .string(link) }
    if let diagnostics = result.diagnostics {
      members["diagnostics"] = [
        "status": .string(diagnostics.status.rawValue),
        "missing": .array(diagnostics.missing.map(JSONValue.string)),
        "differences": differencesJSON(diagnostics.differences),
      ]
    }
    return .object(members)
  }

  static func differencesJSON(_ differences: [JSONDiff.Difference]) -> JSONValue {
    .array(
      differences.map { difference in
        // `null` in `expected` or `actual` is ambiguous (absent is not null, Spec/README.md):
        // the `_absent` members say which, so that a report read back (`report merge`,
        // `report diff`) prints the same difference as the run did.
        [
          "path": .string(difference.path), "expected": difference.expected ?? .null,
          "actual": difference.actual ?? .null, "expected_absent": .bool(difference.expected == nil),
          "actual_absent": .bool(difference.actual == nil),
        ]
      })
  }
}
