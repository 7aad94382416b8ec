import Foundation
public import SKANJSON

/// A conformance badge: an SVG in the flat style of shields.io, and the shields.io endpoint
/// JSON for the same text.
public enum Badge {
  /// The badge's message: the level and the overall pass rate.
  public static func message(_ summary: ConformanceSummary) -> String {
    let rate = summary.overall.rate.map { String(format: "%.1f%%", $0 * 100) } ?? "n/a"
    return "\(summary.level) · \(rate)"
  }

  static func color(_ summary: ConformanceSummary) -> String {
    switch summary.level {
    case "full": return "#4c1"
    case "core": return "#a4a61d"
    default: return "#e05d44"
    }
  }

  /// shields.io's endpoint format.
  public static func json(_ summary: ConformanceSummary) -> JSONValue {
    [
      "schemaVersion": 1, "label": "skan-conform", "message": .string(message(summary)),
      "color": .string(summary.level == "full" ? "brightgreen" : summary.level == "core" ? "yellowgreen" : "red"),
    ]
  }

  /// A self-contained SVG.
  public static func svg(_ summary: ConformanceSummary) -> String {
    let label = "skan-conform"
    let text = message(summary)
    let labelWidth = 6 * label.count + 14
    let textWidth = 7 * text.count + 14
    let width = labelWidth + textWidth
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="20" role="img" aria-label="\(label): \(text)">
      <title>\(label): \(text)</title>
      <rect width="\(labelWidth)" height="20" fill="#555"/>
      <rect x="\(labelWidth)" width="\(textWidth)" height="20" fill="\(color(summary))"/>
      <g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
      <text x="\(labelWidth / 2)" y="14">\(label)</text>
      <text x="\(labelWidth + textWidth / 2)" y="14">\(HTMLReport.escape(text))</text>
      </g>
      </svg>

      """
  }
}
