import Foundation
import SKANFuzz
import SKANJSON
import SKANModel
import SKANMutants
import SKANReference
import SKANRunner
import SKANSuiteCodecs
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import Testing

@Suite("Differential fuzzing")
struct FuzzerTests {
  func reference() -> InProcessTransport {
    InProcessTransport(name: "reference", evaluate: MutantCatalog.evaluator(replacing: nil))
  }

  func mutant(_ id: String) throws -> InProcessTransport {
    let broken = try #require(MutantCatalog.named(id), "no mutant \(id)")
    return InProcessTransport(name: id, evaluate: MutantCatalog.evaluator(replacing: broken))
  }

  @Test("the reference never differs from itself")
  func referenceClean() async throws {
    let outcome = try await Fuzzer.run(
      transport: reference(), suites: ScenarioGenerator.suites, seed: 42, count: 3000, deadline: nil)
    #expect(outcome.scenarios == 3000)
    #expect(outcome.findings.isEmpty, "\(outcome.findings.map(\.vector.id))")
  }

  @Test(
    "a mutant's bug is found and shrunk",
    arguments: [
      "postback/loser-carries-value", "window/inclusive-edges", "values/lock-ignored",
      "attribution/recency-before-fidelity", "attribution/reengagement-limit-exclusive", "postback/close-ignored",
      "receiving/no-dedup",
    ])
  func mutantFound(id: String) async throws {
    let suite = try #require(Suite(rawValue: String(id.split(separator: "/")[0])))
    let outcome = try await Fuzzer.run(
      transport: try mutant(id), suites: [suite], seed: 7, count: 20_000, deadline: nil)
    let finding = try #require(outcome.findings.first, "mutant \(id) not found in 20,000 scenarios")
    #expect(Shrinker.size(finding.shrunk) <= Shrinker.size(finding.original))
    #expect(finding.result.status != .pass)
    // The shrunk case still catches the bug, and is written as a vector of that input.
    let broken = try #require(MutantCatalog.named(id), "no mutant \(id)")
    #expect(
      broken.evaluate(finding.shrunk) != suite.evaluate(finding.shrunk), "the shrunk input no longer shows the bug")
    #expect(finding.vector.input == finding.shrunk)
  }

  @Test("the same seed gives the same scenarios")
  func reproducible() {
    var first = SeededRandom(seed: 99)
    var second = SeededRandom(seed: 99)
    for suite in ScenarioGenerator.suites {
      for _ in 0..<50 {
        #expect(
          ScenarioGenerator.input(for: suite, random: &first) == ScenarioGenerator.input(for: suite, random: &second))
      }
    }
    var other = SeededRandom(seed: 100)
    var again = SeededRandom(seed: 99)
    #expect(
      ScenarioGenerator.input(for: .postback, random: &other) != ScenarioGenerator.input(for: .postback, random: &again)
    )
  }

  @Test("the same seed finds the same shrunk case")
  func reproducibleFinding() async throws {
    let first = try await Fuzzer.run(
      transport: try mutant("window/inclusive-edges"), suites: [.window], seed: 5, count: 5000, deadline: nil)
    let second = try await Fuzzer.run(
      transport: try mutant("window/inclusive-edges"), suites: [.window], seed: 5, count: 5000, deadline: nil)
    #expect(first.findings.map(\.shrunk) == second.findings.map(\.shrunk))
    #expect(!first.findings.isEmpty)
  }

  @Test("the shrinker keeps only candidates that still fail")
  func shrinker() async {
    let input: JSONValue = ["keep": 40, "drop": [1, 2, 3], "text": "hello"]
    let (shrunk, steps) = await Shrinker.shrink(input) { candidate in (candidate["keep"]?.exactInteger ?? 0) >= 10 }
    // 40 → 20 → 10; 5 and 0 no longer fail, and every other member could go.
    #expect(shrunk == ["keep": 10])
    #expect(steps > 0)
  }
}

/// A fault during fuzzing is charged to the scenario that caused it, not to whichever
/// scenario was outstanding first (Spec/adapter-protocol.md, section 6).
@Suite("Fuzzing a misbehaving implementation")
struct FuzzerFaultTests {
  @Test("a crash on some inputs is reported against one of those inputs", .timeLimit(.minutes(3)))
  func crashOnContent() async throws {
    let vectors = try VectorSet.embedded()
    let binary = try #require(RepositoryPaths.kitBinary, "skan-conform was not found beside the test bundle")
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let command = [
      "python3", RepositoryPaths.quoted(RepositoryPaths.fixture("faulty_relay.py")), "crash", "sample:40",
      RepositoryPaths.quoted(state), "--", RepositoryPaths.quoted(binary), "reference", "--stdio",
    ].joined(separator: " ")
    let outcome = try await Fuzzer.run(
      transport: StdioTransport(
        options: RunOptions(command: command, timeout: 30, handshakeTimeout: 60), kitVersion: vectors.kitVersion),
      suites: [.window, .values], seed: 11, count: 2000, deadline: nil)
    let finding = try #require(outcome.findings.first, "no finding in \(outcome.scenarios) scenarios")
    #expect(finding.result.status == .crash)
    let faulted = try String(contentsOfFile: state, encoding: .utf8).split(separator: "\n")
      .filter { $0.hasPrefix("fault ") }
      .map { try JSONParser.parse(String($0.dropFirst("fault ".count))) }
    #expect(faulted.contains(finding.original), "the scenario charged is not one the relay crashed on")
    #expect(faulted.contains(finding.shrunk), "the shrunk scenario does not crash the relay")
  }
}
