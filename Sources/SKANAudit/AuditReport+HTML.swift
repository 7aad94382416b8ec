import SKANModel
import SKANReporting

extension AuditReport {
  /// The colours of the statuses in the charts.
  static let colours = [
    "counted": "#2e7d32", "duplicate": "#f9a825", "excluded": "#6d4c41", "rejected": "#c62828",
    "unverifiable": "#7b1fa2",
  ]

  /// A self-contained HTML page: the verdict, the totals, one stacked bar chart (inline SVG)
  /// of arrivals by status for each dimension, and the listed arrivals. Text from the files is
  /// escaped; the page loads nothing.
  public var html: String {
    let title = HTMLReport.escape("skan-conform audit: \(header.arrivals)")
    var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(title)</title>\n"
    page += "<style>body{font-family:sans-serif;margin:2em}td,th{padding:2px 8px;text-align:right}"
    page += "th:first-child,td:first-child{text-align:left}</style>\n</head>\n<body>\n<h1>\(title)</h1>\n"
    page += "<p><strong>\(HTMLReport.escape(verdictLine))</strong></p>\n"
    page += "<p>Shard \(HTMLReport.escape(header.shard)), \(summary.lines) lines, \(summary.audited) audited.</p>\n"
    page +=
      "<p>"
      + Self.statuses.map { status in
        "<span style=\"color:\(Self.colours[status] ?? "#000")\">&#9632;</span> \(status)"
      }.joined(separator: " ") + "</p>\n"
    for (dimension, title) in Self.dimensions {
      guard let values = summary.breakdown[dimension] else { continue }
      page += "<h2>\(HTMLReport.escape(title))</h2>\n" + chart(values.sorted { $0.key < $1.key })
    }
    if !summary.findingList.isEmpty {
      page += "<h2>Findings</h2>\n<table><tr><th>line</th><th>finding</th><th>field</th></tr>\n"
      for entry in summary.findingList {
        page += "<tr><td>\(entry.line)</td><td>\(HTMLReport.escape(entry.kind))</td>"
        page += "<td>\(HTMLReport.escape(entry.detail ?? ""))</td></tr>\n"
      }
      page += "</table>\n"
    }
    if summary.disagreements != nil {
      page +=
        "<h2>Disagreements with the receiver</h2>\n<table><tr><th>line</th><th>kind</th><th>duplicate of line</th></tr>\n"
      for entry in summary.disagreementList {
        page += "<tr><td>\(entry.line)</td><td>\(HTMLReport.escape(entry.kind))</td>"
        page += "<td>\(HTMLReport.escape(entry.detail ?? ""))</td></tr>\n"
      }
      page += "</table>\n"
    }
    return page + "</body>\n</html>\n"
  }

  /// One horizontal stacked bar per value, its segments the statuses.
  private func chart(_ values: [(key: String, value: [String: Int])]) -> String {
    let largest = max(1, values.map { $0.value.values.reduce(0, +) }.max() ?? 1)
    let (labelWidth, barWidth, rowHeight) = (180, 480, 22)
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelWidth + barWidth + 90)\" "
    svg += "height=\"\(values.count * rowHeight + 4)\" role=\"img\">\n"
    for (row, entry) in values.enumerated() {
      let y = row * rowHeight + 2
      svg +=
        "<text x=\"0\" y=\"\(y + 15)\" font-size=\"13\">\(HTMLReport.escape(String(entry.key.prefix(24))))</text>\n"
      var x = labelWidth
      for status in Self.statuses {
        let count = entry.value[status] ?? 0
        guard count > 0 else { continue }
        let width = max(1, count * barWidth / largest)
        svg += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(rowHeight - 4)\" "
        svg += "fill=\"\(Self.colours[status] ?? "#000")\"><title>\(status): \(count)</title></rect>\n"
        x += width
      }
      svg += "<text x=\"\(x + 6)\" y=\"\(y + 15)\" font-size=\"13\">\(entry.value.values.reduce(0, +))</text>\n"
    }
    return svg + "</svg>\n"
  }
}
