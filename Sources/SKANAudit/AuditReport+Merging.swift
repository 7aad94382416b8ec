extension AuditReport {
  /// The whole audit from the reports of its shards (`names` name them in errors): every
  /// shard of one `N` exactly once, all over the same arrivals, configuration, claimed file,
  /// kit and list limit, and every one having read the same number of lines.
  public static func merging(_ reports: [AuditReport], names: [String]) throws(AuditError) -> AuditReport {
    guard let first = reports.first else { throw AuditError(.mergeMismatch, "no report to merge") }
    var seen: Set<Int> = []
    var count: Int?
    var merged: AuditSummary?
    for (report, name) in zip(reports, names) {
      let file = VisibleName(name)
      guard let shard = AuditShard(report.header.shard) else {
        throw AuditError(.mergeMismatch, "\(file): `shard` is not I/N (a merged report is not merged again)")
      }
      if let count, count != shard.count {
        throw AuditError(.mergeMismatch, "\(file): shard \(shard.text) is not one of \(count) shards")
      }
      count = shard.count
      guard seen.insert(shard.index).inserted else {
        throw AuditError(.mergeMismatch, "\(file): shard \(shard.text) is given twice")
      }
      var header = report.header
      header.shard = first.header.shard
      guard header == first.header, report.summary.listLimit == first.summary.listLimit else {
        throw AuditError(
          .mergeMismatch,
          "\(file): not a shard of the same audit as \(VisibleName(names[0])) (arrivals, configuration, claimed file, kit version or list limit differ)"
        )
      }
      guard report.summary.lines == first.summary.lines else {
        throw AuditError(
          .mergeMismatch, "\(file): read \(report.summary.lines) lines, \(VisibleName(names[0])) \(first.summary.lines)"
        )
      }
      if merged == nil {
        merged = report.summary
      } else {
        merged?.merge(report.summary)
      }
    }
    guard let count, seen.count == count, let merged else {
      let missing = (1...(count ?? 1)).filter { !seen.contains($0) }.map { "\($0)/\(count ?? 1)" }
      throw AuditError(.mergeMismatch, "shards missing: \(missing.joined(separator: ", "))")
    }
    var header = first.header
    header.shard = "merged \(count)"
    return AuditReport(header: header, summary: merged)
  }
}
