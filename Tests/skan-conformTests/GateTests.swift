import Foundation
import SKANJSON
import SKANReporting
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import Subprocess
import Testing

/// The party that wants a green certificate is the one whose
/// implementation the kit runs, so every exit status and every report tells the truth about
/// what was run: a custom vector set, nothing executed, a required suite skipped, a filter
/// value that selects nothing, shards of different targets, null against absent after a
/// merge, and one precise line for Ctrl-C, a missing manifest and https against http.
///
/// Every shell these tests start runs with a scratch `HOME`, and the adapters they run are
/// the kit's own reference behind `Tests/Fixtures/reply_relay.py` or `faulty_relay.py`,
/// which write no file outside the scratch directory.
@Suite("A CI gate that is never falsely green")
struct GateTests {
  /// What a shell printed and how it ended.
  struct Outcome {
    var status: Int32
    var output: String
  }

  /// A case in the middle of the corpus whose expected output has `null` members
  /// (`idfa`, `overlay`): case 200 of 802, well past the first pipelined batch.
  static let nullVictim = "metadata/ios-16-1"

  /// A fresh scratch directory, the `HOME` of every shell a test starts.
  func scratch() throws -> String {
    let path = try ScratchFiles.directory("skan-gate")
    return path
  }

  func kitBinary() throws -> String { try #require(RepositoryPaths.kitBinary, "skan-conform was not built") }

  /// Runs `script` with `sh -c` in the repository root with `HOME` set to `home`.
  func shell(_ script: String, home: String) async throws -> Outcome {
    let result = try await Subprocess.run(
      .name("sh"),
      arguments: [
        "-c",
        "export HOME=\(RepositoryPaths.quoted(home)); cd \(RepositoryPaths.quoted(RepositoryPaths.root)) && \(script)",
      ],
      output: .string(limit: 1 << 22), error: .string(limit: 1 << 22))
    let status: Int32
    switch result.terminationStatus {
    case .exited(let code): status = Int32(code)
    case .signaled(let signal): status = 128 + Int32(signal)
    }
    return Outcome(status: status, output: result.standardOutput + result.standardError)
  }

  /// Runs the kit with `arguments` (each quoted) from the repository root. A `run` waits
  /// up to 120 s for each reply, the hello included, unless told otherwise: on a loaded CI
  /// machine a Python relay in front of the debug kit can take over 10 s to answer hello.
  func kit(_ arguments: [String], home: String) async throws -> Outcome {
    var arguments = arguments
    if arguments.first == "run" && !arguments.contains("--timeout") { arguments += ["--timeout", "120"] }
    let binary = try kitBinary()
    return try await shell(
      (["exec", binary] + arguments).map(RepositoryPaths.quoted).joined(separator: " "), home: home)
  }

  /// The `--cli` command of the reference behind `reply_relay.py MODE ARG`.
  func relay(_ mode: String, _ argument: String) throws -> String {
    let binary = try kitBinary()
    return [
      "python3", RepositoryPaths.fixture("reply_relay.py"), mode, argument, "--", binary, "reference", "--stdio",
    ]
    .map(RepositoryPaths.quoted).joined(separator: " ")
  }

  func text(_ path: String) throws -> String {
    let data = try #require(FileManager.default.contents(atPath: path), "\(path) was not written")
    return String(decoding: data, as: UTF8.self)
  }

  /// JUnit XML without its `time="…"` attributes.
  func withoutTimes(_ xml: String) -> String {
    xml.split(separator: "\n").map { line in
      guard let start = line.range(of: " time=\""), let end = line[start.upperBound...].firstIndex(of: "\"") else {
        return String(line)
      }
      return String(line[..<start.lowerBound] + line[line.index(after: end)...])
    }.joined(separator: "\n")
  }

  func report(_ path: String) throws -> RunReport {
    try JSONReportReader.read(bytes: Array(try text(path).utf8))
  }

  // MARK: - 1. A custom vector set

  @Test(
    "a tampered copy of Vectors/ (no manifest, no retired IDs, the failing case removed) is labelled custom everywhere, never full",
    .timeLimit(.minutes(5)))
  func tamperedVectorsAreCustom() async throws {
    let home = try scratch()
    defer { try? FileManager.default.removeItem(atPath: home) }
    // The implementation fails one case in the middle of the run against the official set.
    let official = try await kit(
      ["run", "--cli", try relay("drop-nulls", Self.nullVictim), "--report-json", "\(home)/official.json"], home: home)
    #expect(official.status == 1, "\(official.output)")
    let failing = try report("\(home)/official.json").unexpected.map(\.id)
    #expect(failing == [Self.nullVictim])
    #expect(try report("\(home)/official.json").vectorSet == .official)

    // The tamper: a copy without the manifest, the retired IDs and the failing case.
    let copy = "\(home)/Vectors"
    try FileManager.default.copyItem(atPath: RepositoryPaths.vectors, toPath: copy)
    try FileManager.default.removeItem(atPath: "\(copy)/manifest.json")
    try FileManager.default.removeItem(atPath: "\(copy)/retired-ids.json")
    let file = "\(copy)/metadata.json"
    var root = try #require(try JSONParser.parse(try text(file)).objectValue)
    let kept = try #require(root["cases"]?.arrayValue).filter { !failing.contains($0["id"]?.stringValue ?? "") }
    root["cases"] = .array(kept)
    root["number_of_cases"] = .integer(kept.count)
    try Data(CanonicalJSON.pretty(.object(root)).utf8).write(to: URL(fileURLWithPath: file))

    let outcome = try await kit(
      [
        "run", "--cli", try relay("drop-nulls", Self.nullVictim), "--vectors", copy, "--report-json", "\(home)/r.json",
        "--markdown", "\(home)/r.md", "--junit", "\(home)/r.xml", "--html", "\(home)/r.html",
      ], home: home)
    // Every case of the set it was given passed: that is true, and exit 0 says only that.
    #expect(outcome.status == 0, "\(outcome.output)")
    #expect(outcome.output.contains("(CUSTOM)"), "\(outcome.output)")
    let custom = try report("\(home)/r.json")
    #expect(custom.vectorSet == .custom)
    let badge = try text("\(home)/r.badge.json")
    #expect(badge.contains("custom vectors") && !badge.contains("full"), "\(badge)")
    #expect(!badge.contains("brightgreen"), "\(badge)")
    #expect(!(try text("\(home)/r.badge.svg")).contains("full"))
    #expect(try text("\(home)/r.md").contains("a CUSTOM vector set"))
    #expect(try text("\(home)/r.xml").contains("CUSTOM vectors"))
    let html = try text("\(home)/r.html")
    #expect(html.contains("a CUSTOM vector set") && !html.contains("level full"))
    #expect(try text("\(home)/r.json").contains("\"vector_set\": \"custom\""))
  }

  // MARK: - 2. Nothing executed; --require-suite

  @Test("a run in which every selected case is skipped fails (exit 1) in every report", .timeLimit(.minutes(4)))
  func nothingExecuted() async throws {
    let home = try scratch()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let outcome = try await kit(
      [
        "run", "--cli", try relay("declare", ""), "--markdown", "\(home)/r.md", "--junit", "\(home)/r.xml",
        "--report-json", "\(home)/r.json",
      ], home: home)
    #expect(outcome.status == 1, "\(outcome.output)")
    #expect(outcome.output.contains("no case was executed"), "\(outcome.output)")
    let markdown = try text("\(home)/r.md")
    #expect(!markdown.contains("every result as expected"), "\(markdown)")
    #expect(markdown.contains("no case was executed"))
    #expect(try text("\(home)/r.xml").contains("type=\"gate\""))
    #expect(!(try report("\(home)/r.json")).succeeded())
  }

  @Test(
    "--require-suite fails a run where a named suite was skipped, naming it; without it the run stays green",
    .timeLimit(.minutes(5)))
  func requireSuite() async throws {
    let home = try scratch()
    defer { try? FileManager.default.removeItem(atPath: home) }
    // Every suite but `values`, the second in vector order: its cases are skipped mid-run.
    let allButValues = "window,lifecycle,metadata,postback,attribution,s2s,signature"
    let cli = try relay("declare", allButValues)
    let lenient = try await kit(["run", "--cli", cli], home: home)
    #expect(lenient.status == 0, "\(lenient.output)")
    let strict = try await kit(
      ["run", "--cli", cli, "--require-suite", "window,values", "--markdown", "\(home)/r.md"], home: home)
    #expect(strict.status == 1, "\(strict.output)")
    #expect(strict.output.contains("--require-suite values: 92 of the 92 case(s) of suite values were skipped"))
    #expect(!(try text("\(home)/r.md")).contains("every result as expected"))
    let satisfied = try await kit(
      ["run", "--cli", cli, "--require-suite", "window", "--require-suite", "s2s"], home: home)
    #expect(satisfied.status == 0, "\(satisfied.output)")
    let outside = try await kit(["run", "--suite", "window", "--require-suite", "values"], home: home)
    #expect(outside.status == 2, "\(outside.output)")
    #expect(outside.output.contains("--require-suite values"), "\(outside.output)")
    let unknown = try await kit(["run", "--require-suite", "windows"], home: home)
    #expect(unknown.status == 2, "\(unknown.output)")
  }

  // MARK: - 4. Filter values that select nothing

  @Test(
    "every filter value that selects nothing is exit 2 naming it, even beside values that select cases",
    .timeLimit(.minutes(3)),
    arguments: [
      (["--suite", ","], "--suite"), (["--suite", "window,"], "--suite"),
      (["--suite", "window", "--suite", ""], "--suite"),
      (["--id", "window/*", "--id", "windwo/*"], "windwo/*"),
      (["--requirement", "WIN-1", "--requirement", "WIN-99"], "WIN-99"),
      (["--tag", "edge-exact", "--tag", "egde-exact"], "egde-exact"), (["--id", "window/*", "--id", ""], "--id"),
    ])
  func idleFilterValue(arguments: [String], named: String) async throws {
    let home = try scratch()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let outcome = try await kit(["run"] + arguments, home: home)
    #expect(outcome.status == 2, "\(arguments): exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains(named), "\(arguments): \(outcome.output)")
    #expect(!outcome.output.contains("passed"), "\(arguments): \(outcome.output)")
  }

  // MARK: - 6. null against absent, through a merge

  @Test(
    "a merged report renders null and absent as the run did: Markdown byte for byte, every format read back",
    .timeLimit(.minutes(5)))
  func nullSurvivesMerge() async throws {
    let home = try scratch()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let cli = try relay("drop-nulls", Self.nullVictim)
    let whole = try await kit(
      [
        "run", "--cli", cli, "--report-json", "\(home)/whole.json", "--markdown", "\(home)/whole.md", "--junit",
        "\(home)/whole.xml", "--html", "\(home)/whole.html",
      ], home: home)
    #expect(whole.status == 1, "\(whole.output)")
    #expect(whole.output.contains("$.idfa: expected null, got (absent)"), "\(whole.output)")
    // Read back, the JSON report renders every format exactly as the run did.
    let readBack = try report("\(home)/whole.json")
    #expect(MarkdownReport.text(readBack) == (try text("\(home)/whole.md")))
    // JUnit's `time` is read back rounded to the microsecond, so it is left out.
    #expect(withoutTimes(JUnitReport.xml(readBack)) == withoutTimes(try text("\(home)/whole.xml")))
    #expect(HTMLReport.html(readBack) == (try text("\(home)/whole.html")))
    #expect(whole.output.contains(ConsoleReport.text(readBack)))
    // Sharded and merged, the Markdown is the unsharded run's, byte for byte.
    for index in 1...2 {
      let shard = try await kit(
        ["run", "--cli", cli, "--shard", "\(index)/2", "--report-json", "\(home)/shard-\(index).json"], home: home)
      #expect([0, 1].contains(shard.status), "\(shard.output)")
    }
    let merge = try await kit(
      [
        "report", "merge", "\(home)/shard-1.json", "\(home)/shard-2.json", "-o", "\(home)/merged.json",
        "--markdown", "\(home)/merged.md", "--junit", "\(home)/merged.xml",
      ], home: home)
    #expect(merge.status == 1, "\(merge.output)")
    #expect(merge.output.contains("$.idfa: expected null, got (absent)"), "\(merge.output)")
    #expect(try text("\(home)/merged.md") == (try text("\(home)/whole.md")))
    #expect(try text("\(home)/merged.xml").contains("$.idfa: expected null, got (absent)"))
  }

  // MARK: - 7. One precise line

  @Test(
    "Ctrl-C in the middle of a run: an incomplete report, exit 1, and no made-up incident",
    .timeLimit(.minutes(5)), arguments: ["hang", "flowing"])
  func interruptMidRun(adapter: String) async throws {
    let home = try scratch()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let vectors = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let victim = vectors.cases[437].id
    // The sign that the run is demonstrably in progress, with requests outstanding: the
    // hanging relay's `fault` line when it reads the 438th request (and answers nothing
    // more), or the pacing relay's marker after its 300th reply (replies still flowing).
    let marker = "\(home)/marker"
    let binary = try kitBinary()
    let command =
      adapter == "hang"
      ? ["python3", RepositoryPaths.fixture("faulty_relay.py"), "hang", victim, marker]
      : ["python3", RepositoryPaths.fixture("reply_relay.py"), "pace", "300:\(marker)"]
    let cli = (command + ["--", binary, "reference", "--stdio"]).map(RepositoryPaths.quoted).joined(separator: " ")
    let q = RepositoryPaths.quoted
    // SIGINT only once the marker holds its line (`fault …` or `replies`); polled every
    // 0.1 s for up to 60 s.
    let script = """
      \(q(binary)) run --cli \(q(cli)) --timeout 600 --report-json \(q(home + "/r.json")) & pid=$!
      i=0
      while ! grep -q \(q(adapter == "hang" ? "^fault" : "^replies")) \(q(marker)) 2>/dev/null; do
        i=$((i+1)); if [ $i -gt 600 ]; then echo "the run never got under way"; break; fi; sleep 0.1
      done
      kill -INT $pid; wait $pid; echo "exit $?"
      """
    let outcome = try await shell(script, home: home)
    #expect(!outcome.output.contains("never got under way"), "\(adapter): \(outcome.output)")
    #expect(outcome.output.contains("exit 1"), "\(adapter): \(outcome.output)")
    #expect(!outcome.output.contains("incident"), "\(adapter): \(outcome.output)")
    let report = try report("\(home)/r.json")
    #expect(!report.complete)
    #expect(report.incidents.isEmpty, "\(adapter): \(report.incidents)")
    // Every verdict written passed; how many were judged when the signal landed depends on
    // the load (the relay's 300th reply may still be in the pipe), so no count is asserted.
    #expect(report.results.allSatisfy { $0.status == .pass }, "\(adapter)")
    if adapter == "hang" { #expect(!report.results.contains { $0.id == victim }) }
  }

  @Test(
    "a Vectors/ copy without manifest.json is one line naming manifest.json, exit 4", .timeLimit(.minutes(3)))
  func missingManifest() async throws {
    let home = try scratch()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let copy = "\(home)/Vectors"
    try FileManager.default.copyItem(atPath: RepositoryPaths.vectors, toPath: copy)
    try FileManager.default.removeItem(atPath: "\(copy)/manifest.json")
    let outcome = try await kit(["run", "--vectors", copy], home: home)
    #expect(outcome.status == 4, "\(outcome.output)")
    #expect(outcome.output.contains("\(copy)/manifest.json is missing"), "\(outcome.output)")
    #expect(!outcome.output.contains("retired-ids.json"), "\(outcome.output)")
    #expect(outcome.output.split(separator: "\n").count == 1, "\(outcome.output)")
  }

  @Test("an https URL pointed at an http server is one line, exit 3", .timeLimit(.minutes(4)))
  func httpsAgainstHTTP() async throws {
    let home = try scratch()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let q = RepositoryPaths.quoted
    let binary = try kitBinary()
    let served = "\(home)/server-out"
    // The kit's own reference over plain HTTP on a free port; polled for up to 60 s.
    let script = """
      \(q(binary)) reference --http --port 0 > \(q(served)) 2>&1 & server=$!
      i=0
      while ! grep -q 'listening on http://' \(q(served)) 2>/dev/null; do
        i=$((i+1)); if [ $i -gt 600 ]; then echo "the server never listened"; break; fi; sleep 0.1
      done
      port=$(sed -n 's#.*http://127.0.0.1:\\([0-9]*\\)/.*#\\1#p' \(q(served)))
      \(q(binary)) run --endpoint "https://127.0.0.1:$port/" 2>&1; echo "exit $?"
      kill $server; wait $server
      """
    let outcome = try await shell(script, home: home)
    #expect(!outcome.output.contains("never listened"), "\(outcome.output)")
    #expect(outcome.output.contains("exit 3"), "\(outcome.output)")
    #expect(outcome.output.contains("does not speak TLS"), "\(outcome.output)")
    for noise in ["BoringSSL", "OPENSSL", "sslError", "NIOSSL"] {
      #expect(!outcome.output.contains(noise), "\(outcome.output)")
    }
    let errorLines = outcome.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
    #expect(errorLines.count == 1, "\(outcome.output)")
  }
}
