public import SKANJSON
public import SKANRunner
import SKANVectors
import SKANVerdicts

/// An in-toto Statement (https://github.com/in-toto/attestation, spec/v1/statement.md) about
/// one JSON report: its subject is the report file (its SHA-256), its predicate what the
/// report says was run and how it came out. The kit writes the Statement unsigned
/// (`--attestation`); the CI that ran the kit signs it with the tooling it already has (GitHub
/// artifact attestations, Sigstore cosign), and `report verify --attestation` holds a report
/// to it. No signature is made or checked here.
///
/// The predicate (`predicateType` ``predicateType``; schema in
/// `Spec/schema/attestation.schema.json`):
/// - `kit`: `name` and `version`;
/// - `vectors`: `set` (`official`, `custom`, or `probe` for a live probe's checks),
///   `digest.sha256` and `cases` for a vector set, `seed` and `counting_checked` for a probe;
/// - `implementation`: the hello reply's `name`, `version`, `language`, `suites`;
/// - `run`: `transport`, `target` (credentials masked), `started_at`, `complete`,
///   `strict_diagnostics`, and `selection` / `shard` as the report's header has them;
/// - `summary`: the count of each status, `executed` and `unexpected`;
/// - `level` (`full`, `core`, `partial`, `custom`) and `result` (`PASSED` when the run is a
///   success as `run` judges it, else `FAILED`).
public enum Attestation {
  /// The Statement layer's `_type`.
  public static let statementType = "https://in-toto.io/Statement/v1"
  /// The predicate's type: a URN, as in-toto allows for a type URI that need not resolve.
  public static let predicateType = "urn:skan-conform:conformance-report:v1"

  /// The Statement about the report file named `reportName` whose bytes hash to
  /// `reportSHA256` (lower-case hex), holding `report`.
  public static func statement(report: RunReport, reportName: String, reportSHA256: String) -> JSONValue {
    [
      "_type": .string(statementType),
      "subject": [["name": .string(reportName), "digest": ["sha256": .string(reportSHA256)]]],
      "predicateType": .string(predicateType),
      "predicate": predicate(report),
    ]
  }

  /// The predicate for `report`.
  public static func predicate(_ report: RunReport) -> JSONValue {
    let summary = ConformanceSummary(report)
    var vectors: [String: JSONValue]
    if let probe = report.probe {
      vectors = ["set": "probe", "counting_checked": .bool(probe.countingChecked)]
      if let seed = probe.seed { vectors["seed"] = .integer(Int(clamping: seed)) }
    } else {
      vectors = ["set": .string(report.vectorSet.rawValue), "digest": ["sha256": .string(report.vectorDigest)]]
      if let cases = report.vectorCases { vectors["cases"] = .integer(cases) }
    }
    var run: [String: JSONValue] = [
      "transport": .string(report.transport.rawValue),
      "target": .string(URLRedaction.redactURLs(in: report.target)),
      "started_at": .string(report.startedAt), "complete": .bool(report.complete),
      "strict_diagnostics": .bool(report.strictDiagnostics),
    ]
    if let selection = report.selection {
      run["selection"] = JSONReport.filtersJSON(selection.filters)
      run["selected"] = .integer(selection.selected)
    }
    if let shard = report.shard { run["shard"] = JSONReport.shardJSON(shard) }
    var counts: [String: JSONValue] = [:]
    for status in CaseStatus.allCases { counts[status.rawValue] = .integer(report.counts[status] ?? 0) }
    counts["executed"] = .integer(report.executed)
    counts["unexpected"] = .integer(report.unexpected.count)
    let identity = report.implementation
    return [
      "kit": ["name": "skan-conform", "version": .string(report.kitVersion)],
      "vectors": .object(vectors),
      "implementation": [
        "name": .string(identity.name), "version": .string(identity.version), "language": .string(identity.language),
        "suites": .array(identity.suites.map(JSONValue.string)),
      ],
      "run": .object(run),
      "summary": .object(counts),
      "level": .string(summary.level),
      "result": report.succeeded() ? "PASSED" : "FAILED",
    ]
  }

  /// What is wrong with `statement` as an attestation of the report file whose bytes hash to
  /// `reportSHA256` and hold `report`: not a Statement of this predicate type, no subject with
  /// that digest, or a predicate that is not the report's. Empty when it is the report's.
  public static func problems(statement: JSONValue, report: RunReport, reportSHA256: String) -> [String] {
    guard let members = statement.objectValue else { return ["the attestation is not a JSON object"] }
    var problems: [String] = []
    if members["_type"] != .string(statementType) {
      problems.append("the attestation's _type is not \(statementType)")
    }
    if members["predicateType"] != .string(predicateType) {
      problems.append("the attestation's predicateType is not \(predicateType)")
    }
    let digests = (members["subject"]?.arrayValue ?? []).compactMap { $0["digest"]?["sha256"]?.stringValue }
    if !digests.contains(reportSHA256.lowercased()) {
      problems.append(
        "no subject of the attestation has the report file's SHA-256 (\(reportSHA256.prefix(12))…): it attests another file, or the report was changed after it was attested"
      )
    }
    let expected = predicate(report)
    if let recorded = members["predicate"], recorded != expected {
      let keys = Set(recorded.objectValue?.keys.map { $0 } ?? []).union(expected.objectValue?.keys.map { $0 } ?? [])
      let differing = keys.sorted().filter { recorded[$0] != expected[$0] }
      problems.append(
        "the attestation's predicate is not the report's: \(differing.map { "predicate.\(DisplayText($0))" }.joined(separator: ", ")) differ"
      )
    } else if members["predicate"] == nil {
      problems.append("the attestation has no predicate")
    }
    return problems
  }
}
