import Foundation
import SKANJSON
import SKANModel
import SKANReporting
import SKANRunner
import SKANSuiteCodecs
import SKANVectors
import SKANVerdicts
import Testing

@Suite("Reports")
struct ReportTests {
  let report = RunReport(
    kitVersion: "0.1.0", vectorDigest: String(repeating: "a", count: 64),
    implementation: ImplementationIdentity(name: "impl <&>", version: "1", language: "c", suites: ["window"]),
    transport: .stdio, target: "./impl", startedAt: "2026-11-21T00:00:00Z",
    results: [
      CaseResult(id: "window/a", suite: "window", requirements: ["WIN-1"], status: .pass),
      CaseResult(
        id: "window/b", suite: "window", requirements: ["WIN-3"], status: .fail, message: "output differs at $.window",
        differences: [JSONDiff.Difference(path: "$.window", expected: 1, actual: 0)]),
      CaseResult(
        id: "values/c", suite: "values", requirements: ["VAL-1"], status: .crash, message: "died \u{01} <now>"),
      CaseResult(id: "values/d", suite: "values", requirements: ["VAL-1"], status: .skipped, message: "not declared"),
    ], complete: true)

  @Test("the JSON report has a header, every result, a summary and a complete footer")
  func json() throws {
    let json = JSONReport.json(report)
    #expect(json["header"]?["vector_digest"]?.stringValue?.count == 64)
    #expect(json["results"]?.arrayValue?.count == 4)
    #expect(json["summary"]?["fail"] == 1)
    #expect(json["summary"]?["crash"] == 1)
    #expect(json["footer"]?["complete"] == true)
    #expect(json["results"]?.arrayValue?[1]["differences"]?.arrayValue?.first?["expected"] == 1)
    // The report is valid JSON text.
    #expect(try JSONParser.parse(CanonicalJSON.pretty(json)) == json)
  }

  @Test("a custom vector set's path is in the JSON report and in every rerun command; the official set's is not")
  func customVectorsRerun() throws {
    var custom = report
    custom.vectorSet = .custom
    custom.vectorsPath = "my vectors/it's.json"
    #expect(
      RerunCommand.text(custom, id: "window/b")
        == "skan-conform run --cli './impl' --vectors 'my vectors/it'\\''s.json' --id 'window/b'")
    let read = try JSONReportReader.read(bytes: Array(CanonicalJSON.pretty(JSONReport.json(custom)).utf8))
    #expect(read.vectorsPath == "my vectors/it's.json")
    #expect(MarkdownReport.text(custom).contains("--vectors"))
    var official = custom
    official.vectorSet = .official
    #expect(!RerunCommand.text(official, id: "window/b").contains("--vectors"))
  }

  @Test("a live probe's report says so and reruns the probe, never `run --endpoint`, whose vectors it did not run")
  func liveProbeRerun() {
    for (suite, probe) in [("s2s", "s2s"), ("receiving", "postbacks")] {
      var live = report
      live.vectorDigest = RunReport.liveProbeDigest
      live.transport = .http
      live.target = "http://user:secret@127.0.0.1:8080"
      live.implementation = ImplementationIdentity(name: "endpoint", version: "", language: "http", suites: [suite])
      let console = ConsoleReport.text(live)
      #expect(console.contains("· live probe ·"), "\(console)")
      #expect(!console.contains("(official)"))
      let rerun = RerunCommand.text(live, id: "window/b")
      #expect(rerun.hasPrefix("skan-conform probe \(probe) --url 'http://"), "\(rerun)")
      #expect(!rerun.contains("secret"))
      #expect(!MarkdownReport.text(live).contains("run --endpoint"))
    }
  }

  @Test("JUnit has one testcase per result and escapes markup and control characters")
  func junit() {
    let xml = JUnitReport.xml(report)
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4)
    #expect(xml.contains("<failure message=\"output differs at $.window\" type=\"fail\">"))
    #expect(xml.contains("<error message=\"died \\u{1} &lt;now&gt;\" type=\"crash\">"))
    #expect(xml.contains("<skipped message=\"not declared\"/>"))
    #expect(!xml.contains("\u{01}"))
    #expect(!xml.contains("run complete"))
  }

  @Test("a failing case carries its vector's description and input into the reports; a pass does not")
  func failureContext() throws {
    let vector = try #require(try VectorSet.embedded().cases.first { $0.id == "window/p1-48h-exact" })
    let failed = Verdict.judge(vector, seq: 1, reply: .message(["seq": 1, "output": ["window": 0]]), duration: 0)
    #expect(failed.status == .fail)
    #expect(failed.description == vector.description)
    #expect(failed.input == vector.input)
    var failing = report
    failing.results = [failed]
    let json = try #require(JSONReport.json(failing)["results"]?.arrayValue?.first)
    #expect(json["description"]?.stringValue == vector.description)
    #expect(json["input"] == vector.input)
    let crashed = Verdict.judge(vector, seq: 1, reply: .crashed("gone"), duration: 0)
    #expect(crashed.input == vector.input, "a crash shows what the implementation was given")
    guard case .output(let expected) = vector.expected else {
      Issue.record("\(vector.id) expects an output")
      return
    }
    let passed = Verdict.judge(vector, seq: 1, reply: .message(["seq": 1, "output": expected]), duration: 0)
    #expect(passed.status == .pass && passed.description == nil && passed.input == nil)
    var passing = report
    passing.results = [passed]
    #expect(JSONReport.json(passing)["results"]?.arrayValue?.first?["input"] == nil)
    #expect(ConsoleReport.text(failing, color: false).contains("    input:\n      {"))
    #expect(HTMLReport.html(failing).contains("What it checks:"))
    #expect(
      MarkdownReport.text(failing).contains(
        "Rerun: <code>skan-conform run --cli './impl' --id 'window/p1-48h-exact'</code>"))
  }

  @Test("an interrupted run is an error in JUnit too, for CI systems that read only JUnit")
  func junitIncomplete() {
    var interrupted = report
    interrupted.complete = false
    let xml = JUnitReport.xml(interrupted)
    #expect(xml.contains("tests=\"5\" failures=\"1\" errors=\"2\""))
    #expect(xml.contains("name=\"run complete\""))
    #expect(xml.contains("type=\"incomplete\""))
  }

  @Test("the console and Markdown summaries name each unexpected result")
  func summaries() {
    let console = ConsoleReport.text(report)
    #expect(console.contains("FAIL window/b"))
    #expect(console.contains("CRASH values/c"))
    #expect(console.hasSuffix("conformance: 1 passed, 2 failed, 1 skipped"))
    // Each suite's line counts its statuses, in their order, when its results come apart too.
    var interleaved = report
    interleaved.results.append(
      CaseResult(id: "window/e", suite: "window", requirements: ["WIN-1"], status: .timeout, message: "late"))
    interleaved.results.append(CaseResult(id: "values/f", suite: "values", requirements: ["VAL-1"], status: .pass))
    let lines = ConsoleReport.text(interleaved).split(separator: "\n")
    #expect(lines.contains("  values: 1 pass, 1 skipped, 1 crash"))
    #expect(lines.contains("  window: 1 pass, 1 fail, 1 timeout"))
    #expect(interleaved.counts == [.pass: 2, .fail: 1, .skipped: 1, .timeout: 1, .crash: 1])
    var withExpectation = report
    withExpectation.results[1].expectedStatus = .fail
    #expect(
      ConsoleReport.text(withExpectation, color: false).hasSuffix(
        "conformance: 1 passed, 1 failed, 1 skipped (and 1 expected difference(s), not counted as failed)"))
    let markdown = MarkdownReport.text(report)
    #expect(markdown.contains("❌"))
    #expect(markdown.contains("| window | 1 | 1 | 0 | 0 | 0 | 0 | 0 |"))
    #expect(markdown.contains("<code>window/b</code>"))
  }
}
