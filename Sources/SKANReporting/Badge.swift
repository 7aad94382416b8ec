import Foundation
public import SKANJSON
import SKANRunner
import SKANVectors

/// A conformance badge: an SVG in the flat style of shields.io, and the shields.io endpoint
/// JSON for the same text.
public enum Badge {
  /// The badge's message: the level, the overall pass rate and what was covered (cases
  /// executed of the vector set's), such as `full · 100.0% · 138/802 cases`. A custom vector
  /// set says so instead of a level: `custom vectors · 100.0% · 40/40 cases`; a live probe
  /// names itself and its seed before its level: `probe, seed 42 · full · 100.0% · 15/15 cases`.
  public static func message(_ summary: ConformanceSummary) -> String {
    let rate = summary.overall.rate.map { String(format: "%.1f%%", $0 * 100) } ?? "n/a"
    if let probe = summary.probe {
      let seed = probe.seed.map { ", seed \($0)" } ?? ""
      return "probe\(seed) · \(summary.level) · \(rate) · \(summary.coverage)"
    }
    let level = summary.vectorSet == .custom ? "custom vectors" : summary.level
    return "\(level) · \(rate) · \(summary.coverage)"
  }

  static func color(_ summary: ConformanceSummary) -> String {
    switch summary.level {
    case "full": return "#4c1"
    case "core": return "#a4a61d"
    case "custom": return "#9f9f9f"
    default: return "#e05d44"
    }
  }

  static func shieldsColor(_ summary: ConformanceSummary) -> String {
    switch summary.level {
    case "full": return "brightgreen"
    case "core": return "yellowgreen"
    case "custom": return "lightgrey"
    default: return "red"
    }
  }

  /// shields.io's endpoint format.
  public static func json(_ summary: ConformanceSummary) -> JSONValue {
    [
      "schemaVersion": 1, "label": "skan-conform", "message": .string(message(summary)),
      "color": .string(shieldsColor(summary)),
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
