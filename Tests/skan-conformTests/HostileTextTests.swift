import Foundation
import SKANJSON
import SKANReporting
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import Subprocess
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Text an implementation (or a crafted report file) sends to be shown to a person: escape
/// sequences, NUL, newlines that forge a `conformance:` line, U+FFFE, Markdown links and
/// images, back quotes, shell quotes. The payloads are in
/// `Tests/Fixtures/hostile/`; the adapter there sends them in every field the kit shows.
@Suite("Hostile text from the implementation")
struct HostileTextTests {
  /// `Tests/Fixtures/hostile/payloads.json`.
  static let payloads: JSONValue = {
    let data = FileManager.default.contents(atPath: RepositoryPaths.fixture("hostile/payloads.json")) ?? Data()
    return (try? JSONParser.parse(bytes: Array(data))) ?? .null
  }()

  static func payload(_ name: String) -> String { payloads[name]?.stringValue ?? "" }

  static let adapter = "python3 " + RepositoryPaths.quoted(RepositoryPaths.fixture("hostile/hostile_adapter.py"))

  /// The characters of `text` that ``DisplayText`` would write visibly, but `allowed`.
  static func rawHazards(_ text: String, allowing allowed: Set<Unicode.Scalar> = ["\n"]) -> [String] {
    text.unicodeScalars.filter { DisplayText.isHazard($0) && !allowed.contains($0) }
      .map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  /// Lines that claim the run's result: only the kit's own last line may.
  static func conformanceLines(_ text: String) -> Int {
    text.split(separator: "\n").filter { $0.hasPrefix("conformance:") }.count
  }

  /// A fresh scratch folder.
  static func scratch() throws -> String {
    let path = try ScratchFiles.directory("skan-hostile")
    return path
  }

  static func read(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
  }

  /// Whether a strict XML 1.0 parser reads `xml`, and its error if not.
  static func parsesAsXML(_ xml: String) -> (ok: Bool, error: String) {
    let parser = XMLParser(data: Data(xml.utf8))
    let ok = parser.parse()
    return (ok, parser.parserError.map { String(describing: $0) } ?? "")
  }

  @Test("the payload fixture holds what the tests need")
  func fixture() {
    #expect(Self.payload("error_code").contains("\u{1B}"))
    #expect(Self.payloads["implementation"]?["language"]?.stringValue?.contains("\u{FFFE}") == true)
    #expect(Self.payload("skip_reason").contains("![img]("))
  }

  // MARK: item 11, the console

  @Test(
    "a hostile adapter's identity, error codes, messages and skip reasons reach the console only as visible text",
    .timeLimit(.minutes(4)))
  func consoleRun() async throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = try await KitCommand.run([
      "run", "--cli", Self.adapter, "--suite", "window", "--report-json", folder + "/r.json", "--junit",
      folder + "/j.xml", "--markdown", folder + "/m.md", "--html", folder + "/r.html",
    ])
    #expect(outcome.status == 1, "\(outcome.output)")
    #expect(Self.rawHazards(outcome.output).isEmpty, "raw \(Self.rawHazards(outcome.output)) in: \(outcome.output)")
    // The forged "conformance: 802 passed" from the version and the skip reason is not a line.
    #expect(Self.conformanceLines(outcome.output) == 1, "\(outcome.output)")
    #expect(outcome.output.contains("evil\\u{1B}]0;pwned title\\u{7}"), "\(outcome.output)")
    #expect(outcome.output.contains("1.0\\u{A}conformance: 802 passed"), "\(outcome.output)")
    #expect(outcome.output.contains("py\\u{0}\\u{FFFE}\\u{FFFF}\\u{9B}31m\\u{202E}"), "\(outcome.output)")
    #expect(outcome.output.contains("bad\\u{1B}[2K\\u{D}code"), "\(outcome.output)")

    // Every report file is free of raw control characters from the implementation.
    for name in ["r.json", "j.xml", "m.md", "r.html"] {
      let text = Self.read(folder + "/" + name)
      #expect(!text.isEmpty, "\(name) was not written")
      #expect(Self.rawHazards(text).isEmpty, "\(name) has raw \(Self.rawHazards(text))")
    }
    // The JSON report keeps the implementation's text exactly, escaped.
    let json = try JSONParser.parse(Self.read(folder + "/r.json"))
    for member in ["name", "version", "language"] {
      #expect(json["header"]?["implementation"]?[member] == Self.payloads["implementation"]?[member])
    }
    // JUnit: a strict XML 1.0 parser reads it.
    let junit = Self.parsesAsXML(Self.read(folder + "/j.xml"))
    #expect(junit.ok, "JUnit does not parse: \(junit.error)")
  }

  @Test("an adapter that dies at start shows its standard error as visible text", .timeLimit(.minutes(3)))
  func failedStart() async throws {
    let outcome = try await KitCommand.run(["run", "--cli", Self.adapter + " --die"])
    #expect(outcome.status == 3, "\(outcome.output)")
    #expect(Self.rawHazards(outcome.output).isEmpty, "raw \(Self.rawHazards(outcome.output)) in: \(outcome.output)")
    #expect(outcome.output.contains("\\u{1B}[31mFATAL\\u{0}\\u{FFFE}\\u{D}conformance"), "\(outcome.output)")
    #expect(Self.conformanceLines(outcome.output) == 0, "\(outcome.output)")
  }

  @Test("doctor shows a hostile adapter's text visibly", .timeLimit(.minutes(4)))
  func doctor() async throws {
    let outcome = try await KitCommand.run(["doctor", "--cli", Self.adapter])
    #expect(Self.rawHazards(outcome.output).isEmpty, "raw \(Self.rawHazards(outcome.output)) in: \(outcome.output)")
    #expect(Self.conformanceLines(outcome.output) == 0, "\(outcome.output)")
    #expect(outcome.output.contains("evil\\u{1B}"), "\(outcome.output)")
  }

  @Test("report diff shows case IDs from a crafted report visibly", .timeLimit(.minutes(3)))
  func reportDiff() async throws {
    let outcome = try await KitCommand.run([
      "report", "diff", RepositoryPaths.fixture("hostile/report-old.json"),
      RepositoryPaths.fixture("hostile/report-new.json"),
    ])
    #expect(outcome.status == 1, "\(outcome.output)")
    #expect(Self.rawHazards(outcome.output).isEmpty, "raw \(Self.rawHazards(outcome.output)) in: \(outcome.output)")
    #expect(Self.conformanceLines(outcome.output) == 0, "\(outcome.output)")
    #expect(outcome.output.contains("REGRESSION window/\\u{1B}[2K\\u{D}conformance"), "\(outcome.output)")
    #expect(outcome.output.contains("ADDED window/added\\u{A}conformance"), "\(outcome.output)")
  }

  @Test("merge errors show a crafted report's header fields visibly")
  func mergeErrors() throws {
    let vectors = try VectorSet.embedded()
    let selection = CaseSelection(suites: ["window"])
    let total = selection.apply(to: vectors.cases).count
    func shard(_ index: Int, kit: String, name: String) -> RunReport {
      var report = RunReport(
        kitVersion: kit, vectorDigest: vectors.digest,
        implementation: ImplementationIdentity(name: name, version: "1", language: "c", suites: ["window"]),
        transport: .stdio, target: "./impl", startedAt: "2026-11-25T00:00:00Z", results: [], complete: true)
      report.shard = Shard(index: index, count: 2, selection: selection, selectedTotal: total)
      return report
    }
    let hostileName = try #require(Self.payloads["implementation"]?["name"]?.stringValue)
    let inputs = [
      ReportMerge.Input(file: "a.json", report: shard(1, kit: "0.1.0", name: "impl")),
      ReportMerge.Input(
        file: "b.json\u{1B}[2J",
        report: shard(2, kit: Self.payload("error_code") + "\nconformance: 9 passed", name: hostileName)),
    ]
    #expect(throws: ReportError.self) { try ReportMerge.merge(inputs, vectors: vectors) }
    do {
      _ = try ReportMerge.merge(inputs, vectors: vectors)
    } catch {
      #expect(Self.rawHazards(error.message).isEmpty, "raw \(Self.rawHazards(error.message)) in: \(error.message)")
      #expect(Self.conformanceLines(error.message) == 0, "\(error.message)")
      #expect(error.message.contains("bad\\u{1B}[2K"), "\(error.message)")
      #expect(error.message.contains("b.json\\u{1B}[2J"), "\(error.message)")
    }
  }

  // MARK: vector files

  /// A window vector file of three cases made from the committed ones, the second of which
  /// `spoil` changes; its path.
  static func vectorFile(in folder: String, named name: String = "cases.json", spoil: (inout JSONValue) -> Void)
    throws -> String
  {
    let data = try #require(FileManager.default.contents(atPath: RepositoryPaths.vectors + "/window.json"))
    var cases = try #require(try JSONParser.parse(bytes: Array(data))["cases"]?.arrayValue).prefix(3).map { $0 }
    try #require(cases.count == 3)
    spoil(&cases[1])
    let file: JSONValue = [
      "schema_version": 1, "suite": "window", "number_of_cases": 3, "cases": .array(cases),
    ]
    let path = folder + "/" + name
    try Data(CanonicalJSON.pretty(file).utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The hostile text the vector-file tests put in an ID, a requirement or a file name: it
  /// would set the window title and forge a result line.
  static let vectorPayload = "\u{1B}]0;x\u{07}\n conformance: 922 passed"

  /// Checks that `outcome` is exit 4 with one line of output, naming the payload visibly.
  static func expectOneVisibleLine(_ outcome: KitCommand.Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(outcome.status == 4, "\(outcome.output)", sourceLocation: sourceLocation)
    #expect(
      rawHazards(outcome.output).isEmpty, "raw \(rawHazards(outcome.output)) in: \(outcome.output)",
      sourceLocation: sourceLocation)
    let lines = outcome.output.split(separator: "\n")
    #expect(lines.count == 1, "one line: \(outcome.output)", sourceLocation: sourceLocation)
    #expect(
      !lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("conformance:") }, "\(outcome.output)",
      sourceLocation: sourceLocation)
    #expect(
      outcome.output.contains("\\u{1B}]0;x\\u{7}\\u{A} conformance: 922 passed"), "\(outcome.output)",
      sourceLocation: sourceLocation)
  }

  @Test(
    "a vector file whose case ID, requirement or suite holds control characters is refused in one visible line",
    .timeLimit(.minutes(3)), arguments: ["id", "requirement", "suite"])
  func hostileVectorFile(field: String) async throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try Self.vectorFile(in: folder) { vector in
      guard case .object(var members) = vector else { return }
      switch field {
      case "id": members["id"] = .string("window/x" + Self.vectorPayload)
      case "requirement": members["requirements"] = [.string("WIN-1" + Self.vectorPayload)]
      default: break
      }
      vector = .object(members)
    }
    if field == "suite" {
      var text = try String(contentsOfFile: path, encoding: .utf8)
      text = text.replacingOccurrences(
        of: "\"suite\": \"window\"", with: "\"suite\": " + CanonicalJSON.compact(.string("window" + Self.vectorPayload))
      )
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    Self.expectOneVisibleLine(try await KitCommand.run(["run", "--vectors", path]))
    Self.expectOneVisibleLine(try await KitCommand.run(["list", "--vectors", path]))
  }

  @Test("a vector file whose name holds control characters is named in one visible line", .timeLimit(.minutes(3)))
  func hostileVectorFileName() async throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Loose files, read in name order: the hostile one is the second, and its second case is bad.
    _ = try Self.vectorFile(in: folder, named: "a.json") { _ in }
    _ = try Self.vectorFile(in: folder, named: "b" + Self.vectorPayload + ".json") { vector in
      guard case .object(var members) = vector else { return }
      members["basis"] = "nowhere"
      vector = .object(members)
    }
    Self.expectOneVisibleLine(try await KitCommand.run(["list", "--vectors", folder]))
  }

  // MARK: item 12, JUnit

  @Test("JUnit parses with a strict XML parser whatever the implementation sends; the parser rejects U+FFFE raw")
  func junitStrict() throws {
    // The parser is strict: the old escaping let U+FFFE and U+FFFF through, and it refuses them.
    for forbidden in ["\u{FFFE}", "\u{FFFF}", "\u{1}", "\u{0}"] {
      #expect(
        !Self.parsesAsXML("<a>x\(forbidden)</a>").ok, "the parser accepts \(forbidden.unicodeScalars.map(\.value))")
    }
    // Every ASCII character, the payload, noncharacters and the edges of XML's ranges.
    let scalars = Array(0..<0x80) + [0xFDD0, 0x1FFFE, 0x10FFFF, 0xD7FF, 0xE000]
    let every = scalars.compactMap { Unicode.Scalar(UInt32($0)) }.map { String($0) }.joined()
    let text = every + Self.payload("output_string")
    let report = RunReport(
      kitVersion: "0.1.0", vectorDigest: String(repeating: "a", count: 64),
      implementation: ImplementationIdentity(name: text, version: text, language: text, suites: ["window"]),
      transport: .stdio, target: "./impl", startedAt: "2026-11-25T00:00:00Z",
      results: [
        CaseResult(id: "window/a", suite: "window", requirements: ["WIN-1"], status: .pass),
        CaseResult(
          id: "window/" + text, suite: "window", requirements: ["WIN-1"], status: .fail, message: text,
          differences: [JSONDiff.Difference(path: "$.window", expected: 1, actual: .string(text))]),
        CaseResult(id: "window/c", suite: "window", requirements: ["WIN-1"], status: .error, message: text),
        CaseResult(id: "window/d", suite: "window", requirements: ["WIN-1"], status: .skipped, message: text),
      ], complete: true)
    let xml = JUnitReport.xml(report)
    let parsed = Self.parsesAsXML(xml)
    #expect(parsed.ok, "\(parsed.error)")
    #expect(xml.unicodeScalars.allSatisfy { JUnitReport.isXMLCharacter($0) })
    #expect(Self.rawHazards(xml).isEmpty, "raw \(Self.rawHazards(xml))")
    #expect(xml.contains("\\u{FFFE}\\u{FFFF}\\u{85}"))
  }

  // MARK: item 13, Markdown

  /// Characters that make Markdown or HTML markup; counted outside fenced code blocks. (`#`
  /// is not counted: every numeric reference holds one; headings are counted by line.)
  static let markupCharacters = Set("[]()!*_~`<>\\|:@".unicodeScalars)

  /// The lines of `markdown` outside fenced code blocks (which render nothing as markup).
  static func outsideFences(_ markdown: String) -> String {
    var kept: [Substring] = []
    var fence: Substring?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if let open = fence {
        if line == open { fence = nil }
        continue
      }
      if line.hasPrefix("```") {
        fence = line
        continue
      }
      kept.append(line)
    }
    return kept.joined(separator: "\n")
  }

  static func markupCount(_ markdown: String) -> [Unicode.Scalar: Int] {
    var counts: [Unicode.Scalar: Int] = [:]
    for scalar in outsideFences(markdown).unicodeScalars where markupCharacters.contains(scalar) {
      counts[scalar, default: 0] += 1
    }
    return counts
  }

  @Test("Markdown carries no link, image, emphasis, code span or HTML that the kit did not write")
  func markdown() throws {
    func report(_ text: String, target: String) -> RunReport {
      var report = RunReport(
        kitVersion: "0.1.0", vectorDigest: String(repeating: "a", count: 64),
        implementation: ImplementationIdentity(name: text, version: text, language: text, suites: ["window"]),
        transport: .stdio, target: target, startedAt: "2026-11-25T00:00:00Z",
        results: [
          CaseResult(id: "window/a", suite: "window", requirements: ["WIN-1"], status: .pass),
          CaseResult(
            id: "window/b" + text, suite: "window", requirements: ["WIN-1"], status: .fail, message: text,
            differences: [JSONDiff.Difference(path: "$.window", expected: 1, actual: .string(text))]),
          CaseResult(id: "window/c", suite: "window", requirements: ["WIN-1"], status: .error, message: text),
        ], complete: true)
      report.incidents = [text]
      report.staleExpectations = [text]
      return report
    }
    let hostile = Self.payload("skip_reason") + Self.payload("error_code") + Self.payload("output_string")
    let benign = String(repeating: "x", count: 10)
    let bad = MarkdownReport.text(report(hostile, target: "./adapter " + hostile))
    let good = MarkdownReport.text(report(benign, target: "./adapter " + benign))
    // Outside code blocks, every markup character on the page is the kit's own.
    #expect(Self.markupCount(bad) == Self.markupCount(good), "\(bad)")
    let headings = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("#") } }
    #expect(headings(bad) == headings(good))
    let rendered = Self.outsideFences(bad)
    for forbidden in ["![", "](", "<img", "<a ", "://", "www.", "**bold", "_em_", "~~", "`code`", "@b."] {
      #expect(!rendered.contains(forbidden), "\(forbidden) in \(bad)")
    }
    #expect(Self.rawHazards(bad).isEmpty, "raw \(Self.rawHazards(bad))")
    // A fence is longer than any run of back quotes inside it.
    #expect(bad.contains("\n````\n"), "\(bad)")
  }

  // MARK: item 15, the rerun command

  @Test(
    "the rerun command passes a crafted target and ID to the shell as one word each and runs nothing else",
    .timeLimit(.minutes(3)))
  func rerunQuoting() async throws {
    let data = try #require(FileManager.default.contents(atPath: RepositoryPaths.fixture("hostile/report-new.json")))
    let report = try JSONReportReader.read(bytes: Array(data))
    #expect(report.target == Self.payload("shell_target"))
    let id = Self.payload("shell_id")
    let command = RerunCommand.text(report, id: id)
    // The command runs in a scratch folder with a scratch HOME; `skan-conform` is a shell
    // function that prints its arguments. The payload only ever touches a marker file there.
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script =
      "cd \(RepositoryPaths.quoted(folder)) || exit 99\n"
      + "skan_conform() { for a in \"$@\"; do printf '%s\\n' \"$a\"; done; }\n"
      + command.replacingOccurrences(of: "skan-conform run", with: "skan_conform run") + "\n"
    let result = try await Subprocess.run(
      .name("env"), arguments: ["-i", "HOME=\(folder)", "PATH=/usr/bin:/bin", "/bin/sh", "-c", script],
      output: .string(limit: 1 << 20), error: .discarded)
    let output = result.standardOutput
    #expect(!FileManager.default.fileExists(atPath: folder + "/pwned-marker"), "the payload ran: \(command)")
    #expect(
      output == ["run", "--cli", Self.payload("shell_target"), "--id", id].joined(separator: "\n") + "\n",
      "\(command) gave \(output)")
  }

  @Test("ShellQuote makes any text one word")
  func shellQuote() {
    #expect(ShellQuote.word("a'b") == "'a'\\''b'")
    #expect(ShellQuote.word("") == "''")
  }

  /// A word left unquoted is one the shell reads back as it is; any other is quoted.
  @Test(
    "ShellQuote leaves a plain path unquoted and quotes anything else",
    arguments: [
      ("/usr/local/bin/skan-conform", true), ("/opt/kit_1.2/bin/skan-conform", true), ("a:b,c+d@e%f", true),
      ("/tmp/with space/skan", false), ("/tmp/it's", false), ("/tmp/$HOME", false), ("/tmp/*", false),
      ("~/skan", false), ("a=b", false), ("", false), ("/tmp/x;rm", false), ("/tmp/\u{E9}", false),
    ])
  func minimalWord(text: String, bare: Bool) async throws {
    let quoted = ShellQuote.minimalWord(text)
    #expect((quoted == text) == bare, "\(text) gave \(quoted)")
    let result = try await Subprocess.run(
      .name("sh"), arguments: ["-c", "printf '%s' \(quoted)"], output: .string(limit: 1 << 16),
      error: .discarded)
    #expect(result.standardOutput == text, "\(text) read back as \(result.standardOutput)")
  }
}
