import Foundation
import SKANInit
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import SKANVocabulary
import Subprocess
import Testing

/// The skeletons as written, run: each passes `doctor`, and the Python one answers every
/// case of its suites `skipped` under `Runner.run`. A runtime that is not installed skips its
/// language's test, with the reason; Python and Swift are always there.
@Suite("Adapter skeletons pass doctor as written", .serialized)
struct SkeletonAdapterTests {
  /// `name` on `PATH`, if it is there.
  static func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Writes the skeleton of `language` for `suites` into a fresh directory, builds it when the
  /// language needs it, and returns the `--cli` command that starts it.
  static func prepare(_ language: AdapterLanguage, suites: [Suite]) async throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("skan-init-\(UUID().uuidString)").path
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
    let command = try await Self.prepare(language, suites: [.window, .values])
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
    "the Python skeleton's run: every case of its suites skipped, not implemented yet; nothing executed fails the run",
    .timeLimit(.minutes(3)))
  func pythonRun() async throws {
    let suites: [Suite] = [.window, .values, .metadata]
    let command = try await Self.prepare(.python, suites: suites)
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
