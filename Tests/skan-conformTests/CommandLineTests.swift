import Foundation
import SKANJSON
import SKANModel
import SKANReporting
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import Subprocess
import Testing

/// Every command line a user can type gets a result or a one-line error with the documented
/// exit code, never a trap (issue: a CI gate that is never falsely green).
@Suite("The command line as a user types it")
struct CommandLineTests {
  typealias Outcome = KitCommand.Outcome

  /// Runs `skan-conform` with `arguments`; standard output and error together.
  func kit(_ arguments: [String]) async throws -> Outcome { try await KitCommand.run(arguments) }

  @Test(
    "a URL with a bad port or no host is a usage error, not a trap",
    .timeLimit(.minutes(3)),
    arguments: [
      ["run", "--endpoint", "http://127.0.0.1:99999/"], ["run", "--endpoint", "http://"],
      ["run", "--endpoint", "http://127.0.0.1:0/"], ["run", "--endpoint", "http://127.0.0.1:port/"],
      ["fuzz", "--endpoint", "http://127.0.0.1:99999/", "--count", "1"],
      ["probe", "s2s", "--url", "http://127.0.0.1:99999", "--app-id", "id1", "--uid", "u", "--dev-key", "k"],
    ])
  func badURL(arguments: [String]) async throws {
    let outcome = try await kit(arguments)
    #expect(outcome.status == 2, "\(arguments): exit \(outcome.status): \(outcome.output)")
    #expect(!outcome.output.contains("Fatal error"), "\(arguments): \(outcome.output)")
  }

  @Test(
    "a selection that matches nothing is exit 2, not a green run",
    .timeLimit(.minutes(3)),
    arguments: [["--id", "nomatch/*"], ["--tag", "no-such-tag"], ["--requirement", "WIN-99"], ["--suite", ""]])
  func emptySelection(arguments: [String]) async throws {
    let outcome = try await kit(["run"] + arguments)
    #expect(outcome.status == 2, "\(arguments): exit \(outcome.status): \(outcome.output)")
    #expect(!outcome.output.contains("0 passed"), "\(arguments): \(outcome.output)")
  }

  @Test(
    "--repeat sends the selection N times over and writes no report file: a case answered N times is no certificate",
    .timeLimit(.minutes(3)),
    arguments: [["--report-json", "r.json"], ["--junit", "r.xml"], ["--html", "r.html"], ["--markdown", "r.md"]])
  func repeatWritesNoReport(report: [String]) async throws {
    let refused = try await kit(["run", "--suite", "window", "--repeat", "2"] + report)
    #expect(refused.status == 2, "\(report): exit \(refused.status): \(refused.output)")
    #expect(refused.output.contains("--repeat writes no report file"), "\(refused.output)")
    let load = try await kit(["run", "--suite", "window", "--repeat", "3"])
    #expect(load.status == 0, "exit \(load.status): \(load.output)")
    let window = try VectorSet.embedded().cases.count { $0.suite == .window }
    #expect(load.output.contains("conformance: \(3 * window) passed"), "\(load.output)")
  }

  @Test(
    "fuzz refuses a timeout that is not positive", .timeLimit(.minutes(3)),
    arguments: [["--timeout", "0"], ["--timeout=-5"]])
  func fuzzTimeout(arguments: [String]) async throws {
    let outcome = try await kit(["fuzz", "--mutant", "window/inclusive-edges", "--count", "10"] + arguments)
    #expect(outcome.status == 2, "\(arguments): exit \(outcome.status): \(outcome.output)")
  }

  @Test(
    "an adapter that cannot start shows its exit status and the end of its standard error",
    .timeLimit(.minutes(3)), arguments: ["run", "doctor"])
  func startFailure(command: String) async throws {
    let missing = try await kit([command, "--cli", "/nonexistent/adapter"])
    #expect(missing.status == (command == "run" ? 3 : 1), "exit \(missing.status): \(missing.output)")
    #expect(missing.output.contains("exit 127"), "\(missing.output)")
    #expect(missing.output.contains("/nonexistent/adapter: not found"), "\(missing.output)")
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).py").path
    try "import no_such_module_here\n".write(toFile: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: script) }
    let broken = try await kit([command, "--cli", "python3 \(script)"])
    #expect(broken.output.contains("exit 1"), "\(broken.output)")
    #expect(broken.output.contains("ModuleNotFoundError"), "\(broken.output)")
  }

  @Test(
    "fuzz findings run as written: the folder and the file, against the mutant and the reference",
    .timeLimit(.minutes(3)))
  func fuzzFindingsRerun() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fuzz = try await kit([
      "fuzz", "--mutant", "window/inclusive-edges", "--seed", "3", "--count", "3000", "--out", folder,
    ])
    #expect(fuzz.status == 1, "\(fuzz.output)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    let file = try #require(files.first, "fuzz wrote no finding")
    let binary = try #require(RepositoryPaths.kitBinary)
    let mutant = "\(RepositoryPaths.quoted(binary)) reference --stdio --mutant window/inclusive-edges"
    #expect(try await kit(["run", "--vectors", folder]).status == 0)
    #expect(try await kit(["run", "--vectors", folder + "/" + file]).status == 0)
    let again = try await kit(["run", "--vectors", folder, "--cli", mutant])
    #expect(again.status == 1, "the finding fails the mutant again: \(again.output)")
  }

  @Test("fuzzing suites the implementation does not declare is exit 2, not a silent success", .timeLimit(.minutes(3)))
  func fuzzNothing() async throws {
    let adapter = "python3 " + RepositoryPaths.quoted(RepositoryPaths.root + "/examples/adapters/python/adapter.py")
    let outcome = try await kit(["fuzz", "--cli", adapter, "--suite", "lifecycle", "--count", "10"])
    #expect(outcome.status == 2, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("no scenario was run"))
  }

  @Test(
    "a negative timeout is named as such, not as a missing value",
    arguments: [["run"], ["fuzz", "--mutant", "window/inclusive-edges"]])
  func negativeTimeout(command: [String]) async throws {
    let outcome = try await kit(command + ["--timeout", "-1"])
    #expect(outcome.status == 2)
    #expect(outcome.output.contains("--timeout must be between 0 and 3600 seconds"), "\(outcome.output)")
  }

  @Test(
    "a ./Vectors folder that differs from the built-in vectors is named on standard error; one that matches is not",
    .timeLimit(.minutes(3)))
  func localVectorsNamed() async throws {
    let directory = try ScratchFiles.directory("skan-local")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.copyItem(atPath: RepositoryPaths.vectors, toPath: directory + "/Vectors")
    let same = try await KitCommand.run(["run", "--suite", "window"], in: directory)
    #expect(same.status == 0, "\(same.output)")
    #expect(!same.output.contains("note: reading ./Vectors"), "\(same.output)")

    // The same files with one description changed, and a manifest that states them: a valid
    // set of vectors, but not the built-in one.
    var set = try VectorLoader.load(directory: directory + "/Vectors")
    let window = try #require(set.files.firstIndex { $0.suite == .window })
    set.files[window].cases[0].description += " Edited."
    try Data(set.files[window].text.utf8).write(to: URL(fileURLWithPath: "\(directory)/Vectors/window.json"))
    try Data(CanonicalJSON.pretty(Manifest(files: set.files).json).utf8).write(
      to: URL(fileURLWithPath: "\(directory)/Vectors/manifest.json"))
    let other = try await KitCommand.run(["run", "--suite", "window"], in: directory)
    #expect(other.status == 0, "\(other.output)")
    #expect(other.output.contains("note: reading ./Vectors (digest "), "\(other.output)")
    #expect(other.output.contains("not the vectors built into this binary"), "\(other.output)")
  }

  @Test("a missing --values file is a plain sentence, not a raw error dump")
  func missingValuesFile() async throws {
    let outcome = try await kit(["reference", "s2s", "--dev-key", "k", "--values", "/nonexistent/values.json"])
    #expect(outcome.status == 2)
    #expect(outcome.output.contains("cannot read --values /nonexistent/values.json: the file does not exist"))
    #expect(!outcome.output.contains("Domain="), "\(outcome.output)")
  }

  /// A JSON report as `run --report-json` writes it: `results` as (id, status, expected
  /// status), the digest and whether it is complete.
  func reportFile(_ results: [(String, String, String?)], digest: String = "aa", complete: Bool = true) throws
    -> String
  {
    let cases = results.map { id, status, expected in
      var result = CaseResult(
        id: id, suite: String(id.prefix { $0 != "/" }), requirements: [],
        status: CaseStatus(rawValue: status) ?? .crash)
      result.expectedStatus = expected.flatMap(CaseStatus.init(rawValue:))
      return result
    }
    let report = RunReport(
      kitVersion: "test", vectorDigest: digest,
      implementation: ImplementationIdentity(name: "test", version: "1", language: "none", suites: []),
      transport: .stdio, target: "test", startedAt: "2026-11-23T00:00:00Z", results: cases, complete: complete)
    return ScratchFiles.write(CanonicalJSON.pretty(JSONReport.json(report)), suffix: ".json")
  }

  @Test("report diff refuses incomplete reports and different vectors, and words its categories exactly")
  func reportDiff() async throws {
    let old = try reportFile([
      ("w/a", "pass", nil), ("w/b", "fail", "fail"), ("w/c", "fail", nil), ("w/gone", "pass", nil),
    ])
    let new = try reportFile([
      ("w/a", "fail", nil), ("w/b", "fail", nil), ("w/c", "pass", nil), ("w/new", "pass", nil),
      ("x/skip", "skipped", nil),
    ])
    let diff = try await kit(["report", "diff", old, new])
    #expect(diff.status == 1, "\(diff.output)")
    #expect(diff.output.contains("REGRESSION w/a: pass → fail"))
    #expect(!diff.output.contains("REGRESSION w/b"), "only the expectation changed: \(diff.output)")
    #expect(diff.output.contains("EXPECTATION CHANGED w/b: fail (expected) → fail"))
    #expect(diff.output.contains("FIXED w/c: fail → pass"))
    #expect(diff.output.contains("ADDED w/new") && !diff.output.contains("ADDED x/skip"))
    #expect(diff.output.contains("REMOVED w/gone"))
    #expect(diff.output.contains("1 regression(s), 1 fix(es), 1 expectation change(s), 1 added, 1 removed, 1 skipped"))
    let interrupted = try reportFile([("w/a", "pass", nil)], complete: false)
    let refused = try await kit(["report", "diff", old, interrupted])
    #expect(refused.status == 2 && refused.output.contains("incomplete report"), "\(refused.output)")
    #expect(try await kit(["report", "diff", "--allow-incomplete", old, interrupted]).status == 0)
    let other = try reportFile([("w/a", "pass", nil)], digest: "bb")
    let different = try await kit(["report", "diff", old, other])
    #expect(different.status == 2 && different.output.contains("different vectors"), "\(different.output)")
  }

  @Test("the reference says why it ignores a line that is not JSON, on standard error")
  func referenceIgnoresWithAWord() async throws {
    let binary = try #require(RepositoryPaths.kitBinary)
    let lines = #"{"cmd":"run","seq":1,"seq":2,"id":"x","suite":"window","input":{}}"#
    let result = try await Subprocess.run(
      .name("sh"),
      arguments: ["-c", "printf '%s\\n' '\(lines)' | \(RepositoryPaths.quoted(binary)) reference --stdio"],
      output: .string(limit: 1 << 16), error: .string(limit: 1 << 16))
    #expect(result.standardOutput == "", "no reply to a line without a usable seq")
    #expect(result.standardError.contains("duplicate key \"seq\""), "\(result.standardError)")
  }

  @Test("nothing listening at the endpoint is exit 3 with a plain sentence", .timeLimit(.minutes(3)))
  func refused() async throws {
    let outcome = try await kit(["run", "--endpoint", "http://127.0.0.1:9/"])
    #expect(outcome.status == 3)
    #expect(
      outcome.output.contains("the connection was refused (nothing listens at that address)"), "\(outcome.output)")
    #expect(!outcome.output.contains("errno"), "\(outcome.output)")
  }

  @Test("a selection that matches cases still runs and passes", .timeLimit(.minutes(3)))
  func nonEmptySelection() async throws {
    let outcome = try await kit(["run", "--suite", "window", "--id", "window/p1-*"])
    #expect(outcome.status == 0, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("passed, 0 failed"))
  }

  @Test(
    "without ./Vectors the built-in vectors run: the committed set, same digest, nothing regenerated",
    .timeLimit(.minutes(3)))
  func builtInVectors() async throws {
    let binary = try #require(RepositoryPaths.kitBinary)
    let empty = try ScratchFiles.directory("no-vectors")
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let builtIn = try await Subprocess.run(
      .name("sh"),
      arguments: [
        "-c", "cd \(RepositoryPaths.quoted(empty)) && exec \(RepositoryPaths.quoted(binary)) run --report-json r.json",
      ],
      output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
    #expect(builtIn.terminationStatus.isSuccess, "\(builtIn.standardOutput)\(builtIn.standardError)")
    let committed = try await kit(["list", "--vectors", RepositoryPaths.vectors, "--json"])
    let listed = try await Subprocess.run(
      .name("sh"),
      arguments: ["-c", "cd \(RepositoryPaths.quoted(empty)) && exec \(RepositoryPaths.quoted(binary)) list --json"],
      output: .string(limit: 1 << 22), error: .discarded)
    #expect(listed.standardOutput == committed.output)
    let report = try String(contentsOfFile: empty + "/r.json", encoding: .utf8)
    let manifest = try String(contentsOfFile: RepositoryPaths.vectors + "/manifest.json", encoding: .utf8)
    let digest = try #require(manifest.split(separator: "\"digest\": \"").dropFirst().first?.prefix(64))
    #expect(report.contains("\"vector_digest\": \"\(digest)\""), "the report names the committed set")
  }

  /// The bound for "stopped at once" while the adapter has not answered hello. These tests
  /// give the run `--timeout 120`, so the failure they guard against (waiting for the
  /// handshake) takes two minutes; a run that stops at once takes well under a second alone,
  /// but the test suite runs many processes in parallel on two cores, where 8 s proved too
  /// tight (a debug kit under load took 9.8 s to start, load its vectors and stop) and so did
  /// 30 s measured from the kit's start (32.6 s with four builds beside the tests).
  static let beforeHandshakeTimeout: Duration = .seconds(60)
  static let handshakeTimeoutArgument = "120"

  @Test(
    "the implementation starts while the vectors load: bad vectors are exit 4 at once, and the hung adapter is killed",
    .timeLimit(.minutes(5)))
  func badVectorsWhileStarting() async throws {
    // A hanging adapter found again by its unique command line; a manifest the loader refuses.
    let nap = "sleep 59.\(Int.random(in: 100_000...999_999))"
    let vectors = try ScratchFiles.directory("bad")
    defer { try? FileManager.default.removeItem(atPath: vectors) }
    try Data("{\"schema_version\": 99}\n".utf8).write(to: URL(fileURLWithPath: vectors + "/manifest.json"))
    let started = ContinuousClock.now
    let outcome = try await kit(["run", "--cli", nap, "--vectors", vectors, "--timeout", Self.handshakeTimeoutArgument])
    #expect(outcome.status == 4, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("schema_version 99 is not supported"), "\(outcome.output)")
    #expect(
      ContinuousClock.now - started < Self.beforeHandshakeTimeout,
      "waited for the handshake timeout instead of stopping")
    let left = try await Subprocess.run(
      .name("sh"), arguments: ["-c", "pgrep -f '^\(nap)' || true"], output: .string(limit: 4096), error: .discarded)
    #expect(left.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the adapter was left running")
  }

  @Test(
    "Ctrl-C before the implementation answers hello stops at once with exit 1 and a sentence",
    .timeLimit(.minutes(5)))
  func interruptedHandshake() async throws {
    // The signal is sent once the adapter has started, so the run is certainly under way:
    // a fixed pause before the signal raced the kit's own start on a loaded machine.
    let scratch = try ScratchFiles.directory("hello")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let adapter = scratch + "/adapter.sh"
    try Data("#!/bin/sh\ntouch \"$(dirname \"$0\")/started\"\nexec sleep 60\n".utf8).write(
      to: URL(fileURLWithPath: adapter))
    let binary = try #require(RepositoryPaths.kitBinary)
    let script = """
      \(RepositoryPaths.quoted(binary)) run --timeout \(Self.handshakeTimeoutArgument) --cli "sh \(RepositoryPaths.quoted(adapter))" &
      pid=$!
      i=0
      while [ ! -e \(RepositoryPaths.quoted(scratch + "/started")) ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done
      signalled=$(date +%s%N)
      kill -INT $pid
      wait $pid
      echo "exit $?"
      echo "stopped_ms $(( ($(date +%s%N) - signalled) / 1000000 ))"
      """
    let result = try await Subprocess.run(
      .name("sh"), arguments: ["-c", script], output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
    let output = result.standardOutput
    #expect(output.contains("exit 1"), "\(output)\(result.standardError)")
    #expect(result.standardError.contains("interrupted before the implementation answered hello"))
    // Measured from the signal: how long the kit took to start and load is not the question.
    let stopped = output.split(separator: "\n").first { $0.hasPrefix("stopped_ms ") }
      .flatMap { Int($0.dropFirst("stopped_ms ".count)) }
    let milliseconds = try #require(stopped, "\(output)")
    #expect(
      .milliseconds(milliseconds) < Self.beforeHandshakeTimeout,
      "took \(milliseconds) ms after SIGINT: waited for the handshake timeout instead of stopping")
  }

}
