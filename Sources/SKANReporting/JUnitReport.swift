import Foundation
import SKANJSON
public import SKANRunner

/// `--junit`: one `<testcase>` per vector, grouped in one `<testsuite>` per suite.
public enum JUnitReport {
  /// The XML text.
  public static func xml(_ report: RunReport) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let failures = report.results.filter { $0.status == .fail }.count
    let errors = report.results.filter { [.error, .crash, .timeout, .protocolError].contains($0.status) }.count
    let skipped = report.results.filter { $0.status == .skipped }.count
    out +=
      "<testsuites name=\"skan-conform\" tests=\"\(report.results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\">\n"
    let suites = Dictionary(grouping: report.results, by: \.suite)
    for name in suites.keys.sorted() {
      let results = suites[name] ?? []
      out += "  <testsuite name=\"\(escape(name))\" tests=\"\(results.count)\">\n"
      for result in results {
        let time = String(format: "%.6f", result.duration)
        out += "    <testcase classname=\"\(escape(name))\" name=\"\(escape(result.id))\" time=\"\(time)\">"
        let detail = escape(([result.message ?? ""] + result.differences.map(\.description)).joined(separator: "\n"))
        switch result.status {
        case .pass: break
        case .skipped: out += "<skipped message=\"\(escape(result.message ?? ""))\"/>"
        case .fail: out += "<failure message=\"\(escape(result.message ?? "fail"))\" type=\"fail\">\(detail)</failure>"
        case .error, .crash, .timeout, .protocolError:
          out +=
            "<error message=\"\(escape(result.message ?? result.status.rawValue))\" type=\"\(result.status.rawValue)\">\(detail)</error>"
        }
        out += "</testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default:
        // XML 1.0 forbids most control characters, even escaped.
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
