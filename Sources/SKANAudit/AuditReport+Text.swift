import SKANJSON
import SKANModel
import SKANReporting

extension AuditReport {
  /// The order statuses are shown in.
  static let statuses = ReceivedPostback.Status.allCases.map(\.rawValue)
  /// The dimensions of ``AuditSummary/breakdown``, in the order they are shown, with titles.
  static let dimensions = [
    ("postback_index", "Postback index"), ("source_identifier_digits", "Source identifier digits"),
    (AuditSummary.framework, "Framework"), (AuditSummary.environment, "Environment"),
  ]

  /// The verdict in one line.
  public var verdictLine: String {
    if summary.audited == 0 { return "NOT CLEAN: nothing was audited" }
    var problems: [String] = []
    if summary.countedWithFindings > 0 {
      problems.append("\(summary.countedWithFindings) counted postbacks Apple's devices cannot send")
    }
    let disagreeing = summary.disagreements?.values.reduce(0, +) ?? 0
    if disagreeing > 0 { problems.append("\(disagreeing) arrivals where the receiver's outcome differs") }
    if problems.isEmpty {
      return summary.disagreements == nil
        ? "CLEAN: no counted postback has an impossible field (no --claimed outcomes were compared)"
        : "CLEAN: the receiver's outcome agrees on every arrival"
    }
    return "NOT CLEAN: " + problems.joined(separator: "; ")
  }

  /// The console report: counts, the first listed arrivals (at most `shown` of each list), the
  /// verdict. Text from the files is shown through ``SKANJSON/VisibleText``.
  public func console(shown: Int = 20) -> String {
    let totals = summary.tally.totals
    var out = "audit: \(VisibleText.visible(header.arrivals)) (shard \(VisibleText.visible(header.shard))): "
    out += "\(summary.lines) lines, \(summary.audited) audited\n"
    out += "  counted \(totals.count(.counted)), duplicates \(totals.count(.duplicate)), "
    out += "excluded \(totals.count(.excluded)), rejected \(totals.count(.rejected)), "
    out += "unverifiable \(totals.count(.unverifiable))\n"
    let findings = summary.findings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    out += "  findings: \(summary.arrivalsWithFindings) arrivals (\(summary.countedWithFindings) counted)"
    out += findings.isEmpty ? "\n" : ": \(findings.joined(separator: ", "))\n"
    for entry in summary.findingList.prefix(shown) {
      out += "    line \(entry.line): \(entry.kind) (\(VisibleText.visible(entry.detail ?? "")))\n"
    }
    if let disagreements = summary.disagreements {
      let kinds = Disagreement.allCases.compactMap { kind in
        disagreements[kind.rawValue].flatMap { $0 > 0 ? "\(kind.rawValue) \($0)" : nil }
      }
      out += "  claimed: the receiver counted \(summary.claimedCounted ?? 0); disagreements: "
      out += kinds.isEmpty ? "none\n" : kinds.joined(separator: ", ") + "\n"
      for entry in summary.disagreementList.prefix(shown) {
        let of = entry.detail.map { " (a duplicate of line \(VisibleText.visible($0)))" } ?? ""
        out += "    line \(entry.line): \(entry.kind)\(of)\n"
      }
    }
    return out + "result: \(verdictLine)\n"
  }

  /// The Markdown report (GitHub's job summary): tables of the counts and the listed
  /// arrivals. Text from the files is escaped.
  public var markdown: String {
    let totals = summary.tally.totals
    var out = "## skan-conform audit: \(MarkdownReport.escape(header.arrivals))\n\n"
    out += "**\(MarkdownReport.escape(verdictLine))**\n\n"
    out += "Shard \(MarkdownReport.escape(header.shard)), \(summary.lines) lines, \(summary.audited) audited.\n\n"
    out += "| counted | duplicates | excluded | rejected | unverifiable |\n| --- | --- | --- | --- | --- |\n"
    out += "| \(totals.count(.counted)) | \(totals.count(.duplicate)) | \(totals.count(.excluded)) | "
    out += "\(totals.count(.rejected)) | \(totals.count(.unverifiable)) |\n\n"
    for (dimension, title) in Self.dimensions {
      guard let values = summary.breakdown[dimension] else { continue }
      out += "### \(title)\n\n| value | " + Self.statuses.joined(separator: " | ") + " |\n"
      out += "| --- |" + String(repeating: " --- |", count: Self.statuses.count) + "\n"
      for (value, counts) in values.sorted(by: { $0.key < $1.key }) {
        out += "| \(MarkdownReport.escape(value)) | "
        out += Self.statuses.map { "\(counts[$0] ?? 0)" }.joined(separator: " | ") + " |\n"
      }
      out += "\n"
    }
    if !summary.findingList.isEmpty {
      out += "### Findings\n\n| line | finding | field | requirements |\n| --- | --- | --- | --- |\n"
      for entry in summary.findingList {
        let requirements = ReceivedFieldCheck.Code(rawValue: entry.kind)?.requirements.joined(separator: ", ") ?? ""
        out += "| \(entry.line) | \(MarkdownReport.escape(entry.kind)) | "
        out += "\(MarkdownReport.escape(entry.detail ?? "")) | \(requirements) |\n"
      }
      out += "\n"
    }
    if summary.disagreements != nil {
      out += "### Disagreements with the receiver\n\n"
      out += summary.disagreementList.isEmpty ? "None.\n" : "| line | kind | duplicate of line |\n| --- | --- | --- |\n"
      for entry in summary.disagreementList {
        out +=
          "| \(entry.line) | \(MarkdownReport.escape(entry.kind)) | \(MarkdownReport.escape(entry.detail ?? "")) |\n"
      }
    }
    return out
  }
}
