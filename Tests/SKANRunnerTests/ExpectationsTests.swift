import SKANJSON
import SKANReporting
import SKANRunner
import SKANVerdicts
import Testing

@Suite("Expectations")
struct ExpectationsTests {
  func report(_ statuses: [(String, CaseStatus)]) -> RunReport {
    RunReport(
      kitVersion: "0", vectorDigest: "d",
      implementation: ImplementationIdentity(name: "n", version: "v", language: "l", suites: []),
      transport: .stdio, target: "t", startedAt: "s",
      results: statuses.map { CaseResult(id: $0.0, suite: "window", requirements: [], status: $0.1) }, complete: true)
  }

  let file: JSONValue = [
    "schema_version": 1,
    "expectations": [
      "window/a": ["status": "fail", "reason": "inclusive edges", "link": "https://example.com/1"],
      "window/b*": ["status": "error", "reason": "glob"],
      "window/bx": ["status": "timeout", "reason": "exact beats glob"],
      "window/gone": ["status": "fail", "reason": "stale"],
    ],
  ]

  @Test("an expected failure does not fail the run; an unexpected one does")
  func expected() throws {
    let expectations = try Expectations(json: file, file: "e.json")
    var run = report([("window/a", .fail), ("window/by", .error), ("window/c", .pass)])
    expectations.apply(to: &run, knownIDs: ["window/a", "window/by", "window/c"])
    #expect(run.succeeded())
    var worse = report([("window/a", .crash), ("window/c", .fail)])
    expectations.apply(to: &worse, knownIDs: ["window/a", "window/c"])
    #expect(worse.unexpected.map(\.id) == ["window/a", "window/c"])
    #expect(!worse.succeeded())
  }

  @Test("an unexpected pass is reported, and fails only in strict mode")
  func unexpectedPass() throws {
    let expectations = try Expectations(json: file, file: "e.json")
    var run = report([("window/a", .pass)])
    expectations.apply(to: &run, knownIDs: ["window/a"])
    #expect(run.unexpectedPasses.map(\.id) == ["window/a"])
    #expect(run.succeeded())
    #expect(!run.succeeded(strict: true))
  }

  @Test("an exact ID beats a glob")
  func precedence() throws {
    let expectations = try Expectations(json: file, file: "e.json")
    #expect(expectations.entry(for: "window/bx")?.status == .timeout)
    #expect(expectations.entry(for: "window/by")?.status == .error)
    #expect(expectations.entry(for: "window/z") == nil)
  }

  @Test("an entry's link reaches the result and the JSON report")
  func link() throws {
    let expectations = try Expectations(json: file, file: "e.json")
    var run = report([("window/a", .fail), ("window/by", .error)])
    expectations.apply(to: &run, knownIDs: ["window/a", "window/by"])
    #expect(run.results[0].expectationLink == "https://example.com/1")
    #expect(run.results[1].expectationLink == nil)
    let results = try #require(JSONReport.json(run)["results"]?.arrayValue, "the report has no results array")
    try #require(results.count == 2)
    #expect(results.first?["expectation_link"]?.stringValue == "https://example.com/1")
    #expect(results.last?["expectation_link"] == nil)
  }

  @Test("entries that match no vector are stale")
  func stale() throws {
    let expectations = try Expectations(json: file, file: "e.json")
    // One case executed: a run that executed none fails on that alone.
    var run = report([("window/c", .pass)])
    expectations.apply(to: &run, knownIDs: ["window/a", "window/bq", "window/c"])
    #expect(run.staleExpectations == ["window/bx", "window/gone"])
    #expect(run.succeeded(), "a stale entry alone is a warning")
    #expect(!run.succeeded(strict: true), "with --strict-expectations a stale entry fails the run")
  }

  @Test("a malformed entry names the entry and the field")
  func malformed() {
    #expect(throws: RunnerError.self) {
      _ = try Expectations(json: ["expectations": ["window/a": ["status": "flaky", "reason": "r"]]], file: "e.json")
    }
    do {
      _ = try Expectations(json: ["expectations": ["window/a": ["status": "fail"]]], file: "e.json")
      Issue.record("no error")
    } catch {
      #expect(error.description == "e.json: entry window/a: field reason must be a non-empty string")
    }
  }

  @Test("a file written from expectations reads back as the same entries")
  func roundTrip() throws {
    let expectations = try Expectations(json: file, file: "e.json")
    let again = try Expectations(json: expectations.json, file: "again.json")
    #expect(again.entries == expectations.entries)
    #expect(again.entries.count == 4)
  }

  @Test("recording a report keeps old reasons and links, takes messages, and never writes an empty reason")
  func recording() throws {
    let previous = try Expectations(json: file, file: "e.json")
    var run = report([("window/a", .crash), ("window/new", .fail), ("window/quiet", .error), ("window/ok", .pass)])
    run.results[1].message = "answered 1"
    run.results[2].message = ""
    let recorded = Expectations.recording(run.results, keeping: previous)
    #expect(recorded.entries.map(\.pattern) == ["window/a", "window/new", "window/quiet"])
    #expect(recorded.entries[0].status == .crash)
    #expect(recorded.entries[0].reason == "inclusive edges")
    #expect(recorded.entries[0].link == "https://example.com/1")
    #expect(recorded.entries[1].reason == "answered 1")
    // The file it writes can be read back: an empty message does not become an empty reason.
    let again = try Expectations(json: recorded.json, file: "recorded.json")
    #expect(again.entries.count == 3)
  }
}
