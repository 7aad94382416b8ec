public import SKANRunner

/// The console summary: one line per suite, then every unexpected result with its diff.
public enum ConsoleReport {
  /// The text.
  public static func text(_ report: RunReport) -> String {
    var lines: [String] = []
    lines.append("skan-conform \(report.kitVersion) · vectors \(report.vectorDigest.prefix(12)) · \(report.implementation.name) \(report.implementation.version) (\(report.implementation.language)) over \(report.transport)")
    let suites = Dictionary(grouping: report.results, by: \.suite)
    for name in suites.keys.sorted() {
      let results = suites[name] ?? []
      let counts = Dictionary(grouping: results, by: \.status).mapValues(\.count)
      let parts = CaseStatus.allCases.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }
      lines.append("  \(name): \(parts.joined(separator: ", "))")
    }
    let bad = report.results.filter { $0.status != .pass && $0.status != .skipped }
    for result in bad.prefix(50) {
      lines.append("\(result.status.rawValue.uppercased()) \(result.id): \(result.message ?? "")")
      for difference in result.differences.prefix(5) { lines.append("    \(difference)") }
    }
    if bad.count > 50 { lines.append("… and \(bad.count - 50) more") }
    let counts = report.counts
    lines.append(
      "conformance: \(counts[.pass] ?? 0) passed, \(bad.count) failed, \(counts[.skipped] ?? 0) skipped")
    return lines.joined(separator: "\n")
  }
}
