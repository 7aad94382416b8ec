import SKANJSON
import SKANReporting
import SKANRunner
import SKANVerdicts
import Testing

@Suite("JSON reports read back as the types they were written from")
struct JSONReportReaderTests {
  static func sample() -> RunReport {
    var expected = CaseResult(
      id: "signature/b", suite: "signature", requirements: ["SIG-5"], status: .fail,
      message: "output differs at $.reason",
      differences: [JSONDiff.Difference(path: "$.reason", expected: "bad-signature", actual: "ok")], duration: 0.0125)
    expected.expectedStatus = .fail
    expected.expectationReason = "the library accepts junk"
    expected.expectationLink = "https://example.com/issue/1"
    expected.description = "a signature with junk inside its base64"
    expected.input = ["op": "verify-postback", "postback": ["version": "4.0"]]
    var report = RunReport(
      kitVersion: "0.3.0", vectorDigest: String(repeating: "b", count: 64),
      implementation: ImplementationIdentity(name: "vap", version: "1.1.0", language: "python", suites: ["signature"]),
      transport: .stdio, target: "python3 adapter.py", startedAt: "2026-11-23T00:00:00Z",
      results: [
        CaseResult(id: "signature/a", suite: "signature", requirements: ["SIG-1"], status: .pass, duration: 0.001),
        expected,
        CaseResult(id: "window/c", suite: "window", requirements: [], status: .skipped, message: "not declared"),
      ], complete: false)
    report.incidents = ["the implementation exited with 3 requests outstanding"]
    report.staleExpectations = ["signature/gone"]
    return report
  }

  @Test("writing, reading and writing again gives the same document")
  func roundTrip() throws {
    let json = JSONReport.json(Self.sample())
    let read = try JSONReportReader.read(bytes: Array(CanonicalJSON.pretty(json).utf8))
    #expect(JSONReport.json(read) == json)
    #expect(read.results[1].expectedStatus == .fail, "the expectation is read back")
    #expect(read.results[1].isAsExpected, "and judged with the runner's own rule")
    #expect(!read.complete, "an incomplete report stays incomplete")
  }

  static func damage(_ json: JSONValue, at member: String) -> JSONValue {
    switch member {
    case "results[1].status":
      return json.updating("results") { results in
        .array(
          (results.arrayValue ?? []).enumerated().map {
            $0.offset == 1 ? $0.element.setting("status", "passs") : $0.element
          })
      }
    case "header.implementation": return json.updating("header") { $0.setting("implementation", nil) }
    case "footer": return json.setting("footer", nil)
    case "header.transport": return json.updating("header") { $0.setting("transport", "carrier-pigeon") }
    case "header.probe.counting_source":
      return json.updating("header") {
        $0.setting("probe", ["counting_checked": true, "counting_source": "a-database-query"])
      }
    default: return json.setting("report_version", 2)
    }
  }

  @Test(
    "a damaged report names the member at fault",
    arguments: [
      "results[1].status", "header.implementation", "header.transport", "header.probe.counting_source", "footer",
      "report_version",
    ])
  func damaged(_ member: String) {
    let json = Self.damage(JSONReport.json(Self.sample()), at: member)
    do {
      _ = try JSONReportReader.read(json)
      Issue.record("a report with a damaged \(member) was read")
    } catch {
      #expect(error.message.hasPrefix(member), "the error names \(member): \(error.message)")
    }
  }
}
