import Foundation
import SKANJSON
public import SKANRunner
import SKANVectors
import SKANVerdicts

/// `--junit`: one `<testcase>` per vector, grouped in one `<testsuite>` per suite. An
/// incomplete (interrupted) run adds a `skan-conform` suite whose one test case, `run
/// complete`, is an error, so that a CI system that reads only JUnit sees the run fail. A
/// shard's report names the shard in `<testsuites name>`. The first ``FailureDetail/caseLimit``
/// failing cases carry their description, input, expected answer and reply (bounded:
/// ``FailureDetail``) and the command that reruns them in the failure's text.
public enum JUnitReport {
  /// The XML text.
  public static func xml(_ report: RunReport) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let failures = report.results.filter { $0.status == .fail }.count
    let errors = report.results.filter { [.error, .crash, .timeout, .protocolError].contains($0.status) }.count
    let skipped = report.results.filter { $0.status == .skipped }.count
    // Failures of the run itself, each one test case of a `skan-conform` suite: an
    // interrupted run, nothing executed, a required suite skipped.
    var runErrors: [(name: String, type: String, message: String)] = []
    if !report.complete {
      runErrors.append(
        (
          "run complete", "incomplete",
          "the run was interrupted: \(report.results.count) cases got a verdict, the rest none"
        ))
    }
    for problem in report.gateProblems { runErrors.append(("gate", "gate", problem)) }
    let incomplete = runErrors.count
    // A shard's file says which shard it is, so that a CI system showing several files
    // tells them apart; the test case names stay the vector IDs. A custom vector set says so.
    var name = report.shard.map { "skan-conform shard \($0)" } ?? "skan-conform"
    if report.vectorSet == .custom {
      name += " (CUSTOM vectors \(report.vectorDigest.prefix(12)), not the official set)"
    }
    out +=
      "<testsuites name=\"\(escape(name))\" tests=\"\(report.results.count + incomplete)\" failures=\"\(failures)\" errors=\"\(errors + incomplete)\" skipped=\"\(skipped)\">\n"
    let suites = Dictionary(grouping: report.results, by: \.suite)
    // The first FailureDetail.caseLimit failing cases, in the file's order, get the full
    // detail (description, input, expected, actual, each bounded); the rest say where it is.
    let detailed = Set(
      suites.keys.sorted().flatMap { suites[$0] ?? [] }.filter(\.isDifference).prefix(FailureDetail.caseLimit)
        .map(\.id))
    for name in suites.keys.sorted() {
      let results = suites[name] ?? []
      out += "  <testsuite name=\"\(escape(name))\" tests=\"\(results.count)\">\n"
      for result in results {
        let time = String(format: "%.6f", result.duration)
        out += "    <testcase classname=\"\(escape(name))\" name=\"\(escape(result.id))\" time=\"\(time)\">"
        // Each line is escaped on its own: the kit's line breaks are the only ones.
        var shown = [result.message ?? ""] + result.differences.map(FailureDetail.difference)
        if detailed.contains(result.id) {
          for section in FailureDetail.sections(result) {
            shown.append("\(section.label):")
            shown.append(contentsOf: section.lines.map { "  " + $0 })
          }
          shown.append("rerun: \(RerunCommand.text(report, id: result.id))")
        } else if result.isDifference {
          shown.append(
            "input, expected and actual: shown for the first \(FailureDetail.caseLimit) failing cases only; the JSON report (--report-json) has them"
          )
        }
        let detail = shown.map(escape).joined(separator: "\n")
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
    if !runErrors.isEmpty {
      out += "  <testsuite name=\"skan-conform\" tests=\"\(runErrors.count)\">\n"
      for error in runErrors {
        out += "    <testcase classname=\"skan-conform\" name=\"\(error.name)\" time=\"0\">"
        out += "<error message=\"\(escape(error.message))\" type=\"\(error.type)\"/>"
        out += "</testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  /// `text` as XML 1.0 character data or attribute value: markup escaped, and every
  /// character that XML 1.0 forbids even as a reference (the C0 controls but tab, line feed
  /// and carriage return; U+FFFE, U+FFFF) or that a reader should not get raw (every other
  /// control, bidirectional overrides, noncharacters) written visibly by ``DisplayText``,
  /// tab and line breaks included. What is left is in XML 1.0's `Char` production, so a
  /// strict parser reads the file whatever the implementation sent.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in DisplayText.visible(text).unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default:
        // The Char production; DisplayText leaves nothing outside it, this is the proof.
        if isXMLCharacter(scalar) {
          out.unicodeScalars.append(scalar)
        } else {
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
      }
    }
    return out
  }

  /// XML 1.0's `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
  public static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }
}
