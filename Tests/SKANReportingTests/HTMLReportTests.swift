import SKANJSON
import SKANModel
import SKANReporting
import SKANRunner
import SKANVectors
import SKANVerdicts
import Testing

@Suite("HTML certification report and badges")
struct HTMLReportTests {
  func report(_ statuses: [(String, String, [String], CaseStatus)], complete: Bool = true) -> RunReport {
    RunReport(
      kitVersion: "0.1.0", vectorDigest: "abc",
      implementation: ImplementationIdentity(name: "impl <x>", version: "2", language: "go", suites: []),
      transport: .stdio, target: "./impl", startedAt: "2026-11-21T00:00:00Z",
      results: statuses.map { CaseResult(id: $0.0, suite: $0.1, requirements: $0.2, status: $0.3, message: "m") },
      complete: complete)
  }

  @Test("the page is self-contained and holds the identity, the matrix, failures with a rerun command")
  func page() {
    let html = HTMLReport.html(
      report([
        ("window/a", "window", ["WIN-1"], .pass), ("window/b", "window", ["WIN-3"], .fail),
        ("lifecycle/c", "lifecycle", ["LIF-14"], .skipped),
      ]))
    #expect(html.contains("id=\"matrix\""))
    #expect(html.contains("impl &lt;x&gt; 2 (go)"))
    #expect(html.contains("1/2 (50%)"))
    #expect(html.contains("skan-conform run --cli &#039;./impl&#039; --id &#039;window/b&#039;"))
    for forbidden in ["<script", "src=", "href=", "http://", "https://"] {
      #expect(!html.contains(forbidden), "\(forbidden)")
    }
  }

  @Test("levels: full, core (every MUST), partial")
  func levels() {
    #expect(ConformanceSummary(report([("window/a", "window", ["WIN-1"], .pass)])).level == "full")
    #expect(
      ConformanceSummary(
        report([("window/a", "window", ["WIN-1"], .pass), ("lifecycle/b", "lifecycle", ["LIF-14"], .fail)])
      ).level == "core")
    #expect(ConformanceSummary(report([("window/a", "window", ["WIN-1"], .fail)])).level == "partial")
    #expect(ConformanceSummary(report([("window/a", "window", ["WIN-1"], .pass)], complete: false)).level == "partial")
  }

  @Test("a MUST difference is never full, even listed in an expectations file; a SHOULD one may be")
  func expectedDifferences() {
    var must = report([("window/a", "window", ["WIN-1"], .pass), ("window/b", "window", ["WIN-3"], .fail)])
    must.results[1].expectedStatus = .fail
    let mustSummary = ConformanceSummary(must)
    #expect(mustSummary.level == "partial")
    #expect(mustSummary.overall.passed == 1 && mustSummary.overall.expected == 1)
    #expect(Badge.message(mustSummary) == "partial · 50.0% · 2/2 cases")
    var should = report([("window/a", "window", ["WIN-1"], .pass), ("lifecycle/b", "lifecycle", ["LIF-14"], .fail)])
    should.results[1].expectedStatus = .fail
    #expect(ConformanceSummary(should).level == "full")
  }

  @Test(
    "a live probe's certificate names the probe and its seed, never the official vector set, is never full without the count checked, and says where the count was read"
  )
  func liveProbe() {
    let sources: [LiveProbeRun.CountingSource?] = [nil, .reportURL, .reportCommand]
    for (checked, source) in [(false, nil)] + sources.map({ (true, $0) }) {
      var probe = report([("probe-postbacks/01-winner-4-0", "receiving", ["RCV-7"], .pass)])
      probe.vectorDigest = RunReport.liveProbeDigest
      probe.vectorSet = .custom
      probe.probe = LiveProbeRun(seed: 42, countingChecked: checked, countingSource: source)
      let summary = ConformanceSummary(probe)
      #expect(summary.level == (checked ? "full" : "core"))
      #expect(Badge.message(summary).hasPrefix("probe, seed 42 · \(summary.level) ·"), "\(Badge.message(summary))")
      let sentence = ConformanceSummary.vectorsSentence(probe)
      #expect(sentence.contains("LIVE PROBE") && sentence.contains("seed 42"), "\(sentence)")
      #expect(!sentence.hasPrefix("the official vector set"), "\(sentence)")
      #expect(sentence.contains("NOT checked") == !checked, "\(sentence)")
      #expect(sentence.contains("read from --report-url") == (source == .reportURL), "\(sentence)")
      #expect(sentence.contains("printed by --report-command") == (source == .reportCommand), "\(sentence)")
      let read = try? JSONReportReader.read(bytes: Array(JSONReport.text(probe).utf8))
      #expect(read?.probe == LiveProbeRun(seed: 42, countingChecked: checked, countingSource: source))
    }
  }

  @Test("a subset run names the suites it left out, on the page and in the Markdown")
  func suitesNotRun() {
    let subset = report([("window/a", "window", ["WIN-1"], .pass), ("lifecycle/b", "lifecycle", ["LIF-14"], .skipped)])
    let summary = ConformanceSummary(subset)
    #expect(summary.suitesNotRun.contains("lifecycle") && !summary.suitesNotRun.contains("window"))
    #expect(summary.suitesNotRun.count == Suite.allCases.count - 1)
    #expect(HTMLReport.html(subset).contains("the level holds for the suites run only"))
    #expect(MarkdownReport.text(subset).contains("Suites not run: "))
  }

  @Test("badges carry the level and rate, as SVG and as shields.io JSON")
  func badges() {
    let summary = ConformanceSummary(
      report([("window/a", "window", ["WIN-1"], .pass), ("window/b", "window", ["WIN-1"], .fail)]))
    #expect(Badge.svg(summary).hasPrefix("<svg"))
    #expect(Badge.svg(summary).contains("partial · 50.0% · 2/2 cases"))
    #expect(Badge.json(summary)["schemaVersion"] == 1)
    #expect(Badge.json(summary)["message"] == "partial · 50.0% · 2/2 cases")
  }

  @Test("the badge says what was covered: cases executed of the vector set's, skipped ones not counted")
  func badgeCoverage() {
    var subset = report([
      ("window/a", "window", ["WIN-1"], .pass), ("window/b", "window", ["WIN-1"], .pass),
      ("lifecycle/c", "lifecycle", ["LIF-14"], .skipped),
    ])
    subset.vectorCases = 802
    #expect(Badge.message(ConformanceSummary(subset)) == "full · 100.0% · 2/802 cases")
  }

  @Test("a custom vector set earns no level: not full, not core, on every badge and page")
  func customVectorSet() {
    var custom = report([("window/a", "window", ["WIN-1"], .pass), ("lifecycle/b", "lifecycle", ["LIF-14"], .pass)])
    custom.vectorSet = .custom
    let summary = ConformanceSummary(custom)
    #expect(summary.level == "custom")
    #expect(Badge.message(summary) == "custom vectors · 100.0% · 2/2 cases")
    #expect(Badge.json(summary)["color"] == "lightgrey")
    for text in [Badge.svg(summary), HTMLReport.html(custom), MarkdownReport.text(custom), JUnitReport.xml(custom)] {
      #expect(!text.contains("full ·") && !text.contains("class=\"level full"), "\(text)")
      #expect(text.contains("CUSTOM") || text.contains("custom vectors"), "\(text)")
    }
    #expect(ConsoleReport.text(custom).contains("(CUSTOM)"))
  }
}
