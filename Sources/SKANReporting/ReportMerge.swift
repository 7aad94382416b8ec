public import SKANRunner
public import SKANVectors
import SKANVerdicts

/// `skan-conform report merge`: the reports of the shards of one run (`run --shard I/N`)
/// made into the report one unsharded run would have written: the same results, in vector
/// order, with no `shard` in the header.
///
/// It refuses, naming the file and the case, shards that do not belong together: another
/// kit version, vector digest, implementation, target (command or URL), shard count or
/// selection; two reports of the
/// same shard; a case in no report, or in two; a case outside the selection; an incomplete
/// shard (unless allowed, and then the merged report is incomplete too).
///
/// It judges every result again against the vector it names, and refuses a result whose recorded status its own recorded reply does not earn, and an
/// expectation (`expected_status`) that the expectations file given to the merge does not
/// state: a shard edited after its run does not merge into a certificate.
public enum ReportMerge {
  /// One shard's report and the file it was read from (for messages).
  public struct Input: Sendable {
    /// The file name, as the user gave it.
    public var file: String
    /// The report read from it.
    public var report: RunReport

    /// Creates an input.
    public init(file: String, report: RunReport) {
      self.file = file
      self.report = report
    }
  }

  /// The merged report.
  /// - Parameters:
  ///   - inputs: the shard reports, in any order.
  ///   - vectors: the vectors the shards were run on (their digest must be the shards'):
  ///     the selection is applied to them again to know every case it holds, and every
  ///     result is judged again against its vector.
  ///   - expectations: the expectations file the shards were run with, or `nil` when they
  ///     were run without one (then no result may name an `expected_status`).
  ///   - allowIncomplete: accept an incomplete shard (an interrupted run); the cases it did
  ///     not reach are then missing from the merged report, which is marked incomplete.
  /// - Throws: ``ReportError`` listing every problem, each naming the file or the case.
  public static func merge(
    _ inputs: [Input], vectors: VectorSet, expectations: Expectations? = nil, allowIncomplete: Bool = false
  ) throws(ReportError) -> RunReport {
    guard let first = inputs.first else { throw ReportError("no report to merge") }
    let shards = try parts(of: inputs)
    try checkAgreement(shards)
    let byIndex = try checkIndices(shards, allowIncomplete: allowIncomplete)
    let reference = first.report
    let referenceShard = shards[0].shard
    if vectors.digest != reference.vectorDigest {
      throw ReportError(
        "the shards were run on vectors \(shown(reference.vectorDigest.prefix(12)))…, but the vectors here are \(vectors.digest.prefix(12))…; pass --vectors with the vectors the shards were run on"
      )
    }
    let selected = referenceShard.selection.apply(to: vectors.cases)
    guard selected.count == referenceShard.selectedTotal else {
      throw ReportError(
        "header.shard.selected is \(referenceShard.selectedTotal), but the selection holds \(selected.count) cases of these vectors"
      )
    }
    let (results, missingFromIncomplete) = try collect(
      shards, selected: selected, byIndex: byIndex,
      judging: Judging(strictDiagnostics: reference.strictDiagnostics, expectations: expectations))
    var merged = RunReport(
      kitVersion: reference.kitVersion, vectorDigest: reference.vectorDigest, implementation: reference.implementation,
      transport: reference.transport, target: reference.target,
      startedAt: shards.map(\.input.report.startedAt).min() ?? reference.startedAt, results: results,
      complete: missingFromIncomplete == 0 && shards.allSatisfy(\.input.report.complete),
      vectorSet: vectors.provenance, vectorCases: vectors.cases.count)
    merged.vectorsPath = vectors.provenance == .custom ? reference.vectorsPath : nil
    merged.strictDiagnostics = reference.strictDiagnostics
    merged.selection = (referenceShard.selection, referenceShard.selectedTotal)
    for (input, shard) in shards.sorted(by: { $0.shard.index < $1.shard.index }) {
      merged.incidents += input.report.incidents.map { "shard \(shard): \($0)" }
    }
    // The results already carry the file's expectations (checked above); this lists its
    // entries that match no case, as the run did.
    expectations?.apply(to: &merged, knownIDs: vectors.cases.map(\.id))
    let stale = Set(merged.staleExpectations)
    let problems = shards.compactMap { input, _ -> String? in
      guard Set(input.report.staleExpectations) != stale else { return nil }
      return expectations == nil
        ? "\(shown(input.file)): lists stale expectations, so it was run with an expectations file: pass it with --expectations"
        : "\(shown(input.file)): its stale_expectations are not those of the expectations file given"
    }
    if !problems.isEmpty { throw ReportError(problems.joined(separator: "\n")) }
    return merged
  }

  /// One shard's report with its shard.
  private typealias Part = (input: Input, shard: Shard)

  /// Every input with its shard; refuses a report that is not a shard's.
  private static func parts(of inputs: [Input]) throws(ReportError) -> [Part] {
    var problems: [String] = []
    var shards: [Part] = []
    for input in inputs {
      guard let shard = input.report.shard else {
        problems.append(
          "\(shown(input.file)): not the report of a shard (no header.shard); run each shard with --shard I/N")
        continue
      }
      shards.append((input, shard))
    }
    if !problems.isEmpty { throw ReportError(problems.joined(separator: "\n")) }
    return shards
  }

  /// Refuses shards that are not of one run: another kit version, vector digest,
  /// implementation, target, shard count or selection than the first report's.
  private static func checkAgreement(_ shards: [Part]) throws(ReportError) {
    var problems: [String] = []
    let (first, referenceShard) = shards[0]
    let reference = first.report
    for (input, shard) in shards.dropFirst() {
      let report = input.report
      if report.kitVersion != reference.kitVersion {
        problems.append(
          "\(shown(input.file)): header.kit_version is \(shown(report.kitVersion)), but \(shown(first.file)) has \(shown(reference.kitVersion))"
        )
      }
      if report.vectorDigest != reference.vectorDigest {
        problems.append(
          "\(shown(input.file)): header.vector_digest is \(shown(report.vectorDigest.prefix(12)))…, but \(shown(first.file)) has \(shown(reference.vectorDigest.prefix(12)))…: the shards were run on different vectors"
        )
      }
      if report.implementation != reference.implementation {
        problems.append(
          "\(shown(input.file)): header.implementation is \(shown(describe(report.implementation))), but \(shown(first.file)) has \(shown(describe(reference.implementation)))"
        )
      }
      // One certificate names one implementation: shards run against another endpoint or
      // command (or over another transport) are not one run, even with the same hello.
      // Targets come from report files: shown visibly, with URL credentials masked.
      if report.transport != reference.transport || report.target != reference.target {
        problems.append(
          "\(shown(input.file)): header.target is \(report.transport.rawValue) \(shown(URLRedaction.redactURLs(in: report.target))), but \(shown(first.file)) has \(reference.transport.rawValue) \(shown(URLRedaction.redactURLs(in: reference.target))): the shards were run against different implementations"
        )
      }
      if shard.count != referenceShard.count {
        problems.append(
          "\(shown(input.file)): header.shard is \(shard), but \(shown(first.file)) is \(referenceShard): a different number of shards"
        )
      }
      if shard.selection != referenceShard.selection || shard.selectedTotal != referenceShard.selectedTotal {
        problems.append(
          "\(shown(input.file)): header.shard.selection differs from \(shown(first.file))'s: the shards were run with different filters"
        )
      }
      if report.strictDiagnostics != reference.strictDiagnostics {
        problems.append(
          "\(shown(input.file)): header.strict_diagnostics is \(report.strictDiagnostics), but \(shown(first.file)) has \(reference.strictDiagnostics): the shards were judged at different levels"
        )
      }
    }
    if !problems.isEmpty { throw ReportError(problems.joined(separator: "\n")) }
  }

  /// The file of each shard index; refuses a shard given twice, and an incomplete shard
  /// unless allowed.
  private static func checkIndices(_ shards: [Part], allowIncomplete: Bool) throws(ReportError) -> [Int: String] {
    var problems: [String] = []
    var byIndex: [Int: String] = [:]
    for (input, shard) in shards {
      if let other = byIndex[shard.index] {
        problems.append("\(shown(input.file)): shard \(shard) again (\(shown(other)) is shard \(shard) too)")
      } else {
        byIndex[shard.index] = input.file
      }
      if !input.report.complete && !allowIncomplete {
        problems.append(
          "\(shown(input.file)): shard \(shard) is incomplete (an interrupted run, or no footer); run it again, or pass --allow-incomplete"
        )
      }
    }
    if !problems.isEmpty { throw ReportError(problems.joined(separator: "\n")) }
    return byIndex
  }

  /// The results of the selection in vector order, and how many cases are missing from
  /// incomplete shards; refuses a case outside the selection, in the wrong shard, doubled,
  /// or missing from a complete shard or from a shard with no report, and a result that its
  /// vector, judged again, does not bear out.
  private static func collect(
    _ shards: [Part], selected: [VectorCase], byIndex: [Int: String], judging: Judging
  ) throws(ReportError) -> (results: [CaseResult], missingFromIncomplete: Int) {
    var problems: [String] = []
    let shardCount = shards[0].shard.count
    // Where each case of the selection belongs, and where it was found.
    var position: [String: Int] = [:]
    for (offset, vector) in selected.enumerated() { position[vector.id] = offset }
    var found: [String: (file: String, result: CaseResult)] = [:]
    for (input, shard) in shards {
      for result in input.report.results {
        guard let offset = position[result.id] else {
          problems.append("\(shown(input.file)): case \(shown(result.id)) is not in the selection of these vectors")
          continue
        }
        if let earlier = found[result.id] {
          problems.append(
            earlier.file == input.file
              ? "case \(shown(result.id)) is doubled: \(shown(input.file)) holds it twice"
              : "case \(shown(result.id)) is doubled: it is in both \(shown(earlier.file)) and \(shown(input.file))")
          continue
        }
        if !shard.includes(position: offset) {
          let owner = Shard(index: offset % shard.count + 1, count: shard.count)
          problems.append("\(shown(input.file)): case \(shown(result.id)) belongs to shard \(owner), not \(shard)")
        }
        problems += rejudged(result, vector: selected[offset], file: input.file, judging: judging)
        found[result.id] = (input.file, result)
      }
    }
    var results: [CaseResult] = []
    var missingFromIncomplete = 0
    var absentShards: [Int: [String]] = [:]
    for (offset, vector) in selected.enumerated() {
      if let hit = found[vector.id] {
        results.append(hit.result)
        continue
      }
      let owner = offset % shardCount + 1
      let owning = "shard \(owner)/\(shardCount)"
      if let file = byIndex[owner] {
        if let input = shards.first(where: { $0.input.file == file })?.input, !input.report.complete {
          missingFromIncomplete += 1
        } else {
          problems.append("case \(vector.id) is missing: \(shown(file)) (\(owning)) does not hold it")
        }
      } else {
        absentShards[owner, default: []].append(vector.id)
      }
    }
    // A shard with no report at all is one problem, not one per case.
    for (owner, ids) in absentShards.sorted(by: { $0.key < $1.key }) {
      let owning = "shard \(owner)/\(shardCount)"
      problems.insert(
        "\(owning) is missing: no report given is \(owning), so its \(ids.count) case(s) are missing (case \(ids[0]) first)",
        at: 0)
    }
    if !problems.isEmpty {
      let shown = problems.prefix(20)
      let more = problems.count > shown.count ? "\n… and \(problems.count - shown.count) more" : ""
      throw ReportError(shown.joined(separator: "\n") + more)
    }
    return (results, missingFromIncomplete)
  }

  private static func describe(_ identity: ImplementationIdentity) -> String {
    "\(identity.name) \(identity.version) (\(identity.language); suites \(identity.suites.joined(separator: ",")))"
  }

  /// A value from a report file or a file name, for a message: control characters written
  /// visibly, so a crafted report cannot forge lines of the error (``DisplayText``).
  static func shown(_ text: some StringProtocol) -> DisplayText { DisplayText(text) }
}
