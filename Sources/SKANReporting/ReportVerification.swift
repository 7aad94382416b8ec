public import SKANJSON
public import SKANRunner
public import SKANVectors
import SKANVerdicts

/// `skan-conform report verify`: whether a JSON report stands against the vectors it was run
/// on, and what it then proves.
///
/// A report stands when it was made by this kit version on these vectors (its digest and its
/// `vector_set`), holds exactly one result for each case its selection (and shard) chooses, in
/// vector order (or fewer, when it says it is incomplete), every result stands when judged
/// again (``ReportMerge/rejudged(_:vector:file:judging:)``: its recorded reply earns its
/// status at the run's level, its expectation is the expectations file's), and every member
/// derived from the results (`summary`, `unexpected`, `unexpected_passes`, `diagnostics`,
/// `footer.total`) is what the results give.
///
/// What no report can show by itself is that its replies came from the implementation it
/// names: whoever holds the file can write a reply of their own as `actual`, with the status
/// it earns, or a pass with no reply (a run records none for a pass). A signed attestation of
/// the run (``Attestation``) is what binds the file to a run in CI; ``limits`` says so.
public struct ReportVerification: Sendable {
  /// Why the report does not stand, each naming the member or the case; empty when it stands.
  public var problems: [String]
  /// What the report proves, one sentence each; meaningful when it stands.
  public var proves: [String]
  /// What it cannot prove, one sentence each.
  public var limits: [String]
  /// The report as read (its results judged again agree with it when it stands).
  public var report: RunReport

  /// Whether the report stands.
  public var stands: Bool { problems.isEmpty }

  /// The most problems listed; the rest are counted.
  static let listedProblems = 20

  /// Verifies the report `document` (the parsed file) against `vectors`.
  /// - Parameters:
  ///   - file: the report's file name, for messages.
  ///   - kitVersion: this kit's version: a report of another version is verified by that one.
  ///   - expectations: the expectations file the run was given, if any.
  /// - Throws: ``ReportError`` when `document` is not a report at all.
  public static func verify(
    document: JSONValue, file: String, vectors: VectorSet, kitVersion: String, expectations: Expectations?
  ) throws(ReportError) -> ReportVerification {
    let report = try JSONReportReader.read(document)
    var verification = ReportVerification(problems: [], proves: [], limits: [], report: report)
    if report.probe != nil || report.vectorDigest == RunReport.liveProbeDigest {
      verification.problems.append(
        "\(shown(file)) is a live probe's report: its checks were made against a live service, and no vector can judge them again; only a signed attestation of the probe's run vouches for it"
      )
      return verification
    }
    if report.kitVersion != kitVersion {
      verification.problems.append(
        "\(shown(file)) was made by skan-conform \(shown(report.kitVersion)), this is \(kitVersion): verify it with the version that made it"
      )
    }
    guard report.vectorDigest == vectors.digest else {
      verification.problems.append(
        "header.vector_digest is \(shown(report.vectorDigest.prefix(12)))…, but the vectors here are \(vectors.digest.prefix(12))…: the report was run on other vectors (pass them with --vectors), or its digest was changed"
      )
      return verification
    }
    if report.vectorSet != vectors.provenance {
      verification.problems.append(
        "header.vector_set is \(report.vectorSet.rawValue), but these vectors are \(vectors.provenance.rawValue)")
    }
    guard let selection = report.selection else {
      verification.problems.append(
        "header.selection is missing: without the filters that chose the cases, a case left out of the report cannot be told from one never selected"
      )
      return verification
    }
    let selected = selection.filters.apply(to: vectors.cases)
    if selected.count != selection.selected {
      verification.problems.append(
        "header.selected is \(selection.selected), but header.selection chooses \(selected.count) cases of these vectors"
      )
    }
    var expected = selected
    if let shard = report.shard {
      if shard.selection != selection.filters || shard.selectedTotal != selection.selected {
        verification.problems.append("header.shard.selection is not header.selection")
      }
      expected = shard.slice(selected)
    }
    let judging = ReportMerge.Judging(strictDiagnostics: report.strictDiagnostics, expectations: expectations)
    verification.problems += resultProblems(report, expected: expected, file: file, judging: judging)
    verification.problems += derivedProblems(document, report: report)
    verification.describe(selection: selection, expected: expected.count)
    return verification
  }

  /// The results against the cases they must be: each in the selection, once, in vector
  /// order, judged again; every case present unless the report says it is incomplete.
  private static func resultProblems(
    _ report: RunReport, expected: [VectorCase], file: String, judging: ReportMerge.Judging
  ) -> [String] {
    var problems: [String] = []
    var position: [String: Int] = [:]
    for (offset, vector) in expected.enumerated() { position[vector.id] = offset }
    var seen = Set<String>()
    var last = -1
    for (index, result) in report.results.enumerated() {
      guard let offset = position[result.id] else {
        problems.append("results[\(index)]: case \(shown(result.id)) is not in the report's selection of these vectors")
        continue
      }
      guard seen.insert(result.id).inserted else {
        problems.append("results[\(index)]: case \(shown(result.id)) is there twice")
        continue
      }
      if offset < last {
        problems.append(
          "results[\(index)]: case \(shown(result.id)) is out of vector order (a run writes them in order)")
      }
      last = max(last, offset)
      problems += ReportMerge.rejudged(result, vector: expected[offset], file: file, judging: judging)
    }
    let missing = expected.filter { !seen.contains($0.id) }
    if report.complete, !missing.isEmpty {
      problems.append(
        "footer.complete is true, but \(missing.count) case(s) of the selection have no result (case \(missing[0].id) first)"
      )
    }
    if problems.count > listedProblems {
      let more = problems.count - listedProblems
      problems = Array(problems.prefix(listedProblems)) + ["… and \(more) more"]
    }
    return problems
  }

  /// Every member the results decide, as recorded against as the results give it.
  private static func derivedProblems(_ document: JSONValue, report: RunReport) -> [String] {
    let derived = JSONReport.json(report)
    var problems: [String] = []
    for member in ["summary", "unexpected", "unexpected_passes", "diagnostics"]
    where document[member] != derived[member] {
      problems.append("\(member) is not what the results give: it was changed, or the results were")
    }
    if document["footer"]?["total"] != derived["footer"]?["total"] {
      problems.append("footer.total is not the number of results")
    }
    return problems
  }

  /// Fills ``proves`` and ``limits`` for a report whose selection chose `expected` cases.
  private mutating func describe(selection: (filters: CaseSelection, selected: Int), expected: Int) {
    let summary = ConformanceSummary(report)
    let identity = report.implementation
    proves.append("vectors: \(ConformanceSummary.vectorsSentence(report))")
    proves.append(
      "implementation: \(shown(identity.name)) \(shown(identity.version)) (\(shown(identity.language))), over \(report.transport.rawValue) to \(shown(URLRedaction.redactURLs(in: report.target))), started \(shown(report.startedAt))"
    )
    let filters = selection.filters
    let chosen =
      filters == CaseSelection()
      ? "every case of the vector set (\(selection.selected))"
      : "\(selection.selected) of \(report.vectorCases ?? selection.selected) cases, chosen by \(describe(filters))"
    proves.append(
      "selection: \(chosen)\(report.shard.map { "; shard \($0): \(expected) of them" } ?? "")\(report.complete ? "" : "; INCOMPLETE: \(expected - report.results.count) case(s) have no result")"
    )
    proves.append(
      "outcome: level \(summary.level), \(summary.overall.passed) of \(summary.overall.applicable) executed cases pass (\(summary.coverage)); as `run` judges it, the run \(report.succeeded() ? "succeeded" : "did NOT succeed")\(report.strictDiagnostics ? ", judged with --strict-diagnostics" : "")"
    )
    let rejudged = report.results.count { $0.actual != nil && [.pass, .fail, .error, .skipped].contains($0.status) }
    let unreplied = report.results.count { $0.actual == nil && [.pass, .skipped].contains($0.status) }
    let exchange = report.results.count { [.timeout, .crash, .protocolError].contains($0.status) }
    proves.append(
      "judged again: \(rejudged) result(s) from their recorded replies; \(exchange) timeout, crash or protocol error(s) stand as recorded, against the implementation"
    )
    limits.append(
      "\(unreplied) pass or skip result(s) record no reply (a run keeps none for them) and stand as recorded"
    )
    limits.append(
      "a report is a file: whoever holds it can write a reply of their own as `actual`, with the status it earns; that the replies came from the implementation named, in a run of this kit, is what a signed attestation of the run (--attestation, signed in CI) proves"
    )
  }

  private func describe(_ filters: CaseSelection) -> String {
    var parts: [String] = []
    if !filters.suites.isEmpty { parts.append("--suite \(filters.suites.sorted().joined(separator: ","))") }
    for glob in filters.idGlobs { parts.append("--id \(glob)") }
    if !filters.tags.isEmpty { parts.append("--tag \(filters.tags.sorted().joined(separator: ","))") }
    if !filters.requirements.isEmpty {
      parts.append("--requirement \(filters.requirements.sorted().joined(separator: ","))")
    }
    return shown(parts.joined(separator: " ")).description
  }

  private func shown(_ text: some StringProtocol) -> DisplayText { DisplayText(text) }

  private static func shown(_ text: some StringProtocol) -> DisplayText { DisplayText(text) }
}
