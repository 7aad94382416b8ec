import Foundation
import SKANInit
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import SKANVocabulary
import Subprocess
import Testing

/// The skeletons as written, run: each passes `doctor`, the Python one answers every case of
/// its suites `skipped` under `Runner.run`, and the PHP and Java ones read strict JSON. A
/// runtime that is not installed skips its language's test, with the reason; Python and Swift
/// are always there.
@Suite("Adapter skeletons pass doctor as written", .serialized)
struct SkeletonAdapterTests {
  /// `name` on `PATH`, if it is there.
  static func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A new directory's path in the temporary folder (not created): the caller removes it, with
  /// what a build left in it (a compiled adapter, a Go cache).
  static func freshDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("skan-init-\(UUID().uuidString)").path
  }

  /// Writes the skeleton of `language` for `suites` into `directory`, builds it when the
  /// language needs it, and returns the `--cli` command that starts it.
  static func prepare(_ language: AdapterLanguage, suites: [Suite], in directory: String) async throws -> String {
    let request = try SkeletonRequest(language: language, suites: suites)
    let written = try SkeletonWriter.write(AdapterSkeleton.files(for: request), into: directory)
    let source = try #require(written.first)
    if let build = language.buildCommand(source: source) {
      // A scratch HOME and caches inside the scratch directory: nothing outside it is touched.
      let result = try await Subprocess.run(
        .name("sh"), arguments: ["-c", build],
        environment: .inherit.updating([
          "HOME": directory, "GOCACHE": directory + "/.gocache", "GOPATH": directory + "/.gopath",
        ]),
        output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
      #expect(result.terminationStatus.isSuccess, "\(build): \(result.standardError)")
    }
    return language.runCommand(source: source)
  }

  func expectHealthy(_ language: AdapterLanguage) async throws {
    let directory = Self.freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let command = try await Self.prepare(language, suites: [.window, .values], in: directory)
    let findings = await Doctor.examine(command: command, vectors: try VectorSet.embedded(), timeout: 30)
    let lines = findings.map { "\($0.severity.rawValue) \($0.check): \($0.detail)" }
    #expect(findings.count == 9, "\(language): \(lines)")
    #expect(findings.allSatisfy { $0.severity == .ok }, "\(language): \(lines)")
    #expect(findings.first { $0.check == "malformed input" }?.severity == .ok, "\(language): \(lines)")
    #expect(findings.first { $0.check == "stop" }?.severity == .ok, "\(language): \(lines)")
  }

  @Test("the Python skeleton passes doctor", .timeLimit(.minutes(3)))
  func python() async throws { try await expectHealthy(.python) }

  @Test(
    "the Node.js skeleton passes doctor", .enabled(if: tool("node") != nil, "node is not installed"),
    .timeLimit(.minutes(3)))
  func node() async throws { try await expectHealthy(.node) }

  @Test(
    "the Go skeleton builds and passes doctor", .enabled(if: tool("go") != nil, "go is not installed"),
    .timeLimit(.minutes(5)))
  func go() async throws { try await expectHealthy(.go) }

  @Test(
    "the Swift skeleton builds and passes doctor", .enabled(if: tool("swiftc") != nil, "swiftc is not on PATH"),
    .timeLimit(.minutes(5)))
  func swift() async throws { try await expectHealthy(.swift) }

  @Test(
    "the PHP skeleton passes doctor", .enabled(if: tool("php") != nil, "php is not installed"),
    .timeLimit(.minutes(3)))
  func php() async throws { try await expectHealthy(.php) }

  @Test(
    "the Java skeleton builds and passes doctor",
    .enabled(if: tool("javac") != nil && tool("java") != nil, "the JDK is not installed"), .timeLimit(.minutes(5)))
  func java() async throws { try await expectHealthy(.java) }

  /// Feeds `language`'s skeleton lines that test its JSON reading, and checks the replies: a
  /// seq beyond 2^53 comes back exact, every JSON feature in an input is read, a line that is
  /// not strict JSON or not an object is ignored, nothing is answered after `stop`.
  func expectStrictJSON(_ language: AdapterLanguage) async throws {
    let directory = Self.freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let command = try await Self.prepare(language, suites: [.window], in: directory)
    let lines = [
      #"{"cmd":"hello","protocol":1}"#,
      #"{"cmd":"run","seq":9007199254740993,"id":"window/x","suite":"window","input":{"s":"q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é","n":[-0,1.5e3,12345678901234567890,-1,0.1],"b":[true,false,null],"o":{},"a":[[[]]]}}"#,
      #"{"cmd":"run","seq":2,"id":"window/x","suite":"window","input":[]}"#,
      #"{"cmd":"run","seq":3,"id":"window/x","suite":"window","input":{"s":"\ud800"}}"#,
      #"{"cmd":"run","seq":4,"id":"window/x","suite":"window","input":{"n":012}}"#,
      #"{"cmd":"run","seq":5,"id":"window/x","suite":"window","input":{"n":1,}}"#,
      "[1,2]", "  ",
      #"{"cmd":"frob","seq":6}"#,
      #"{"cmd":"stop"}"#,
      #"{"cmd":"run","seq":7,"id":"window/x","suite":"window","input":{}}"#,
    ]
    let result = try await Subprocess.run(
      .name("sh"), arguments: ["-c", command], input: .string(lines.joined(separator: "\n") + "\n"),
      output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
    #expect(result.terminationStatus.isSuccess, "\(language): \(result.standardError)")
    let hello =
      #"{"protocol":1,"implementation":{"name":"my-implementation","version":"0.0.0","language":""#
      + language.rawValue + #""},"suites":["window"]}"#
    #expect(
      result.standardOutput.split(separator: "\n").map(String.init) == [
        hello,
        #"{"seq":9007199254740993,"skipped":{"reason":"not implemented yet"}}"#,
        #"{"seq":2,"error":{"code":"invalid-input","message":"the input is not an object"}}"#,
        #"{"seq":6,"error":{"code":"invalid-input","message":"unknown cmd"}}"#,
      ], "\(language): \(result.standardOutput)\n\(result.standardError)")
  }

  @Test(
    "the PHP skeleton reads strict JSON, keeps integers exact and ignores what is not an object",
    .enabled(if: tool("php") != nil, "php is not installed"), .timeLimit(.minutes(3)))
  func phpJSON() async throws { try await expectStrictJSON(.php) }

  @Test(
    "the Java skeleton's JSON reader: escapes, surrogate pairs, big integers, nesting; strict about the rest",
    .enabled(if: tool("javac") != nil && tool("java") != nil, "the JDK is not installed"), .timeLimit(.minutes(5)))
  func javaJSON() async throws { try await expectStrictJSON(.java) }

  @Test(
    "the Python skeleton's run: every case of its suites skipped, not implemented yet; nothing executed fails the run",
    .timeLimit(.minutes(3)))
  func pythonRun() async throws {
    let suites: [Suite] = [.window, .values, .metadata]
    let directory = Self.freshDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let command = try await Self.prepare(.python, suites: suites, in: directory)
    let vectors = try VectorSet.embedded()
    let cases = vectors.cases.filter { suites.contains($0.suite) }
    let report = try await Runner.run(
      cases: cases, vectors: vectors, options: RunOptions(command: command, timeout: 30, handshakeTimeout: 60))
    #expect(report.implementation.suites == suites.map(\.rawValue))
    #expect(report.complete)
    #expect(report.results.count == cases.count)
    for result in report.results
    where result.status != .skipped || result.message != AdapterSkeleton.notImplementedReason {
      Issue.record("\(result.id): \(result.status.rawValue) \(result.message ?? "")")
    }
    #expect(report.executed == 0)
    #expect(report.gateProblems.first?.contains("no case was executed") == true, "\(report.gateProblems)")
    #expect(!report.succeeded(), "a run that executes nothing is not a pass (exit 1)")
  }
}
