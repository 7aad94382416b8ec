import Foundation
import SKANJSON
import SKANModel
import SKANReporting
import SKANRunner
import SKANVectors
import SKANVerdicts
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A failing case readable where CI shows it: its description, its whole
/// input, the expected answer and the reply, in the console, Markdown and JUnit reports,
/// bounded (``FailureDetail``).
@Suite("Failure detail in the console, Markdown, JUnit and HTML reports")
struct FailureDetailTests {
  /// A case in the middle of the corpus whose input is long (484 characters on one line) and
  /// whose field that matters, `version`, is its last.
  static let victim = "signature/field-v2-1-tiktok-via-adjust"
  /// Another case, whose reply is huge: 8 MiB.
  static let flood = "values/timeline-every-window-updated"
  static let floodSize = 8 * 1024 * 1024

  /// Answers every case as its vector expects, but the victim (read as version 3.0) and the
  /// flood (an 8 MiB output that starts with an escape sequence).
  struct Fake: ImplementationTransport {
    let vectors: [String: VectorCase]
    var kind: TransportKind { .inProcess }
    var target: String { "fake" }
    var concurrency: Int { 4 }

    func handshake() async throws(RunnerError) -> ImplementationIdentity {
      ImplementationIdentity(
        name: "fake", version: "1", language: "swift", suites: Array(Set(vectors.values.map(\.suite.rawValue))))
    }

    func exchange(_ request: RunRequest) async -> Verdict.Reply {
      guard let vector = vectors[request.id] else { return .crashed("unknown case") }
      let seq = JSONValue.integer(request.seq)
      if request.id == FailureDetailTests.victim {
        return .message([
          "seq": seq,
          "output": [
            "verdict": "invalid", "reason": "version 3.0 needs source-app-id",
            "signed_string": "3.0\u{2063}mj797d8u6f.skadnetwork",
          ],
        ])
      }
      if request.id == FailureDetailTests.flood {
        let huge = "\u{1B}[2J" + String(repeating: "x", count: FailureDetailTests.floodSize)
        return .message(["seq": seq, "output": ["huge": .string(huge)]])
      }
      switch vector.expected {
      case .output(let output): return .message(["seq": seq, "output": output])
      case .error(let code, _): return .message(["seq": seq, "error": ["code": .string(code), "message": ""]])
      }
    }

    func close() async {}
  }

  static func run() async throws -> (report: RunReport, vectors: [String: VectorCase]) {
    let set = try VectorSet.embedded()
    let cases = set.cases
    let vectors = Dictionary(cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let report = try await Runner.run(cases: cases, vectors: set, transport: Fake(vectors: vectors))
    return (report, vectors)
  }

  /// `text` with every wrapped line joined back to the line before it.
  static func unwrapped(_ text: String) -> String {
    var out: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("↪ "), !out.isEmpty {
        out[out.count - 1] += trimmed.dropFirst(2)
      } else {
        out.append(String(line))
      }
    }
    return out.joined(separator: "\n")
  }

  /// `markdown` with its numeric character references (`&#` and a code point) written as the characters.
  static func decoded(_ markdown: String) -> String {
    var out = ""
    var rest = Substring(markdown)
    while let start = rest.range(of: "&#") {
      out += rest[..<start.lowerBound]
      let tail = rest[start.upperBound...]
      if let end = tail.firstIndex(of: ";"), let code = UInt32(tail[..<end]), let scalar = Unicode.Scalar(code) {
        out.unicodeScalars.append(scalar)
        rest = tail[tail.index(after: end)...]
      } else {
        out += "&#"
        rest = tail
      }
    }
    return out + rest
  }

  /// `value` pretty-printed (canonical JSON) with every line after `indent`.
  static func block(_ value: JSONValue, indent: String) -> String {
    var text = CanonicalJSON.pretty(value)
    text.removeLast()
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
  }

  /// Checks that `text` shows the victim whole and the flood cut, each line after `indent`.
  static func check(
    _ text: String, format: String, indent: String, vector: VectorCase, report: RunReport
  ) {
    let whole = unwrapped(text)
    let failed = report.results.first { $0.id == Self.victim }
    #expect(failed?.status == .fail, "\(format): \(Self.victim) should fail")
    #expect(whole.contains(vector.description), "\(format): \(Self.victim)'s description is missing")
    #expect(
      whole.contains(block(vector.input, indent: indent)), "\(format): \(Self.victim)'s whole input is missing")
    #expect(
      whole.contains(block(vector.json["expected"] ?? .null, indent: indent)),
      "\(format): \(Self.victim)'s expected answer is missing")
    #expect(whole.contains(indent + "    \"verdict\": \"invalid\""), "\(format): \(Self.victim)'s reply is missing")
    #expect(whole.contains(RerunCommand.text(report, id: Self.victim)), "\(format): the rerun command is missing")
    // The input's last field, the one that matters, past the 170 characters once shown.
    #expect(whole.contains("\"version\": \"2.1\""), "\(format): \(Self.victim)'s input is cut")
    // The flood is cut at the bound, with the sentence, and no line is wider than the width.
    #expect(
      whole.contains("… (cut at 4,000 of 8,388,")
        && whole.contains(" characters; the JSON report (--report-json) has it whole)"),
      "\(format): \(Self.flood)'s reply is not cut with the sentence")
    #expect(text.utf8.count < 1_000_000, "\(format): \(text.utf8.count) bytes for \(Self.flood)")
    #expect(!text.unicodeScalars.contains("\u{1B}"), "\(format): a raw escape from \(Self.flood)'s reply")
    // Lines of the shown values (a difference is one line, cut at the same bound).
    let widest =
      text.split(separator: "\n").filter { $0.contains("xxxxxxxx") && !$0.contains(": expected ") }.map(\.count).max()
      ?? 0
    #expect(widest <= FailureDetail.width + indent.count + 8, "\(format): a line of \(widest) characters")
  }

  @Test("a case failing on the last field of a long input shows it whole in console, Markdown, JUnit and HTML")
  func everyFormat() async throws {
    let (report, vectors) = try await Self.run()
    let vector = try #require(vectors[Self.victim])
    #expect(CanonicalJSON.compact(vector.input).count > 170)
    let index = try #require(report.results.firstIndex { $0.id == Self.victim })
    #expect(index > 10 && index < report.results.count - 10, "\(Self.victim) is not mid-corpus")
    #expect(Set(report.unexpected.map(\.id)) == [Self.victim, Self.flood])

    Self.check(ConsoleReport.text(report), format: "console", indent: "      ", vector: vector, report: report)
    Self.check(
      Self.decoded(MarkdownReport.text(report)), format: "Markdown", indent: "", vector: vector, report: report)

    // JUnit, parsed as XML: the failure's text of each case.
    let xml = JUnitReport.xml(report)
    let texts = FailureTexts()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = texts
    #expect(parser.parse(), "JUnit does not parse: \(String(describing: parser.parserError))")
    let victimText = try #require(texts.byCase[Self.victim], "JUnit has no failure for \(Self.victim)")
    let floodText = try #require(texts.byCase[Self.flood], "JUnit has no failure for \(Self.flood)")
    Self.check(victimText + "\n" + floodText, format: "JUnit", indent: "  ", vector: vector, report: report)

    // The certification page, its entities decoded.
    let html = Self.decoded(
      HTMLReport.html(report).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&"))
    Self.check(html, format: "HTML", indent: "", vector: vector, report: report)

    // The JSON report holds both whole.
    let json = JSONReport.json(report)
    let results = json["results"]?.arrayValue ?? []
    let flood = results.first { $0["id"]?.stringValue == Self.flood }
    #expect(flood?["actual"]?["output"]?["huge"]?.stringValue?.count == Self.floodSize + 4)
    let victim = results.first { $0["id"]?.stringValue == Self.victim }
    #expect(victim?["expected"] == vector.json["expected"])
  }

  @Test("past the first 50 failing cases, the reports name the rest by ID")
  func caseBound() {
    let results = (1...60).map { index in
      var result = CaseResult(
        id: "values/case-\(index)", suite: "values", requirements: ["VAL-1"], status: .fail, message: "differs")
      result.description = "case \(index)"
      result.input = ["n": .integer(index)]
      result.expected = ["output": ["n": .integer(index)]]
      result.actual = ["output": ["n": .integer(-index)]]
      return result
    }
    let report = RunReport(
      kitVersion: "0.1.0", vectorDigest: String(repeating: "a", count: 64),
      implementation: ImplementationIdentity(name: "impl", version: "1", language: "c", suites: ["values"]),
      transport: .stdio, target: "./impl", startedAt: "2026-11-21T00:00:00Z", results: results, complete: true)
    let console = ConsoleReport.text(report)
    #expect(console.contains("\"n\": -50"), "console: values/case-50 is not shown in full")
    #expect(!console.contains("\"n\": -51"), "console: values/case-51 is shown in full")
    #expect(console.contains("10 more case(s) not shown in full"))
    #expect(console.contains("values/case-60"), "console: values/case-60 is not named")
    let markdown = MarkdownReport.text(report)
    #expect(markdown.contains("\"n\": -50") && !markdown.contains("\"n\": -51"), "Markdown: the bound is not 50")
    #expect(markdown.contains("values/case-60"), "Markdown: values/case-60 is not named")
    let xml = JUnitReport.xml(report)
    #expect(xml.contains("&quot;n&quot;: -50") && !xml.contains("&quot;n&quot;: -51"), "JUnit: the bound is not 50")
    #expect(xml.contains("shown for the first 50 failing cases only"))
    let html = HTMLReport.html(report)
    #expect(html.contains("&quot;n&quot;: -50") && !html.contains("&quot;n&quot;: -51"), "HTML: the bound is not 50")
    #expect(html.contains("values/case-60"), "HTML: values/case-60 is not named")
  }
}

/// The text of each `<failure>` and `<error>`, by its test case's name.
private final class FailureTexts: NSObject, XMLParserDelegate {
  var byCase: [String: String] = [:]
  private var current: String?
  private var inFailure = false

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if element == "testcase" { current = attributes["name"] }
    if element == "failure" || element == "error" { inFailure = true }
  }

  func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
    if element == "failure" || element == "error" { inFailure = false }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard inFailure, let current else { return }
    byCase[current, default: ""] += string
  }
}

/// Which differences of a failing case the console shows: those that decide the verdict
/// first, and a line saying how many it left out and where they are.
@Suite("The differences the console shows")
struct ConsoleDifferenceTests {
  /// A receiving case in the middle of the corpus whose second arrival is rejected.
  static let victim = "receiving/genuine-then-forged"
  /// The second arrival's members that sort before `status`, each answered wrong.
  static let spoiled = ["ad_network_id", "cause", "conversion_type", "did_win", "environment", "framework"]

  /// Answers every case as its vector expects, but the victim: its second arrival is answered
  /// `duplicate` instead of `rejected`, with six members before `status` wrong too.
  struct Fake: ImplementationTransport {
    let vectors: [String: VectorCase]
    var kind: TransportKind { .inProcess }
    var target: String { "fake" }
    var concurrency: Int { 4 }

    func handshake() async throws(RunnerError) -> ImplementationIdentity {
      ImplementationIdentity(
        name: "fake", version: "1", language: "swift", suites: Array(Set(vectors.values.map(\.suite.rawValue))))
    }

    func exchange(_ request: RunRequest) async -> Verdict.Reply {
      guard let vector = vectors[request.id] else { return .crashed("unknown case") }
      let seq = JSONValue.integer(request.seq)
      switch vector.expected {
      case .output(var output):
        if request.id == ConsoleDifferenceTests.victim, var arrivals = output["arrivals"]?.arrayValue,
          arrivals.count > 1, case .object(var arrival) = arrivals[1], case .object(var members) = output
        {
          arrival["status"] = "duplicate"
          for key in ConsoleDifferenceTests.spoiled { arrival[key] = "wrong" }
          arrivals[1] = .object(arrival)
          members["arrivals"] = .array(arrivals)
          output = .object(members)
        }
        return .message(["seq": seq, "output": output])
      case .error(let code, _): return .message(["seq": seq, "error": ["code": .string(code), "message": ""]])
      }
    }

    func close() async {}
  }

  @Test("a failing case shows the difference at `status` among its first five, and says how many it left out")
  func outcomeFirst() async throws {
    let set = try VectorSet.embedded()
    let vectors = Dictionary(set.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let expected = try #require(vectors[Self.victim]?.expected)
    guard case .output(let output) = expected else { throw CancellationError() }
    #expect(output["arrivals"]?.arrayValue?[1]["status"] == "rejected", "the vector the test is about")
    let index = try #require(set.cases.firstIndex { $0.id == Self.victim })
    #expect(index > 0 && index < set.cases.count - 1, "a case in the middle of the run")
    let report = try await Runner.run(cases: set.cases, vectors: set, transport: Fake(vectors: vectors))
    #expect(report.results.filter { $0.status != .pass }.map(\.id) == [Self.victim])
    let result = try #require(report.results.first { $0.id == Self.victim })
    #expect(result.differences.count == 7, "\(result.differences)")

    let lines = ConsoleReport.text(report).split(separator: "\n").map(String.init)
    let head = try #require(lines.firstIndex { $0.hasPrefix("FAIL \(Self.victim):") })
    let shown = lines[(head + 1)...].prefix { $0.hasPrefix("    $") }
    #expect(shown.count == FailureDetail.consoleDifferenceLimit, "\(shown)")
    #expect(
      shown.first == "    $.arrivals[1].status: expected \"rejected\", got \"duplicate\"",
      "the difference that decides the verdict comes first: \(shown)")
    let more = lines[head + 1 + shown.count]
    #expect(
      more
        == "    … 2 more difference(s) not shown; the JSON report (--report-json) lists every difference found (at most 20 a case)",
      "\(more)")
  }

  @Test("differences at members that state the outcome come first, each group in the comparison's order")
  func order() {
    func difference(_ path: String) -> JSONDiff.Difference { JSONDiff.Difference(path: path, expected: 1, actual: 2) }
    let found = ["$.a", "$.arrivals[0].cause", "$.arrivals[0].status", "$[\"status\"]", "$.error.code", "$.winner.id"]
      .map(difference)
    #expect(
      FailureDetail.outcomeFirst(found).map(\.path) == [
        "$.arrivals[0].status", "$.error.code", "$.winner.id", "$.a", "$.arrivals[0].cause", "$[\"status\"]",
      ])
    #expect(FailureDetail.outcomeFirst(Array(found.prefix(2))).map(\.path) == ["$.a", "$.arrivals[0].cause"])
  }
}
