import Foundation
public import SKANJSON
import SKANModel
public import SKANRunner
import SKANSuiteCodecs
public import SKANVectors
public import SKANVerdicts

/// Differential fuzzing: random scenarios, the reference's answer, the implementation's
/// answer, and on a difference a shrunk case written as a vector file.
public enum Fuzzer {
  /// What a fuzzing run found.
  public struct Finding: Sendable {
    /// The suite.
    public var suite: Suite
    /// The scenario as generated.
    public var original: JSONValue
    /// The shrunk scenario.
    public var shrunk: JSONValue
    /// The verdict on the shrunk scenario.
    public var result: CaseResult
    /// The shrunk case, as a vector.
    public var vector: VectorCase
  }

  /// The outcome of a run.
  public struct Outcome: Sendable {
    /// How many scenarios were tried.
    public var scenarios: Int
    /// The differences found (at most `maximumFindings`), shrunk.
    public var findings: [Finding]
  }

  /// Fuzzes an implementation.
  /// - Parameters:
  ///   - suites: the suites to fuzz; only those the implementation declares are used.
  ///   - seed: the seed; the same seed gives the same scenarios.
  ///   - count: stop after this many scenarios.
  ///   - deadline: or stop at this time.
  ///   - maximumFindings: stop after this many differences.
  public static func run(
    transport: any ImplementationTransport, suites: [Suite], seed: UInt64, count: Int?, deadline: Date?,
    maximumFindings: Int = 1
  ) async throws(RunnerError) -> Outcome {
    let identity = try await transport.handshake()
    let declared = suites.filter { identity.suites.contains($0.rawValue) && ScenarioGenerator.suites.contains($0) }
    guard !declared.isEmpty else {
      await transport.close()
      return Outcome(scenarios: 0, findings: [])
    }
    var random = SeededRandom(seed: seed)
    var tried = 0
    var findings: [Finding] = []
    var seq = 0
    let batch = max(1, transport.concurrency)
    while findings.count < maximumFindings, count.map({ tried < $0 }) ?? true, deadline.map({ Date() < $0 }) ?? true {
      let size = min(batch, (count ?? Int.max) - tried)
      let scenarios: [(Suite, JSONValue)] = (0..<size).map { index in
        let suite = declared[(tried + index) % declared.count]
        return (suite, ScenarioGenerator.input(for: suite, random: &random))
      }
      let base = seq
      seq += size
      var results = await withTaskGroup(of: (Int, CaseResult).self) { group in
        for (offset, (suite, input)) in scenarios.enumerated() {
          group.addTask {
            (
              offset,
              await judge(
                suite: suite, input: input, id: "\(suite.rawValue)/fuzz", seq: base + offset + 1, transport: transport)
            )
          }
        }
        var collected: [(Int, CaseResult)] = []
        for await item in group { collected.append(item) }
        return collected.sorted { $0.0 < $1.0 }.map(\.1)
      }
      tried += size
      // A second reply for a scenario already judged is that scenario's protocol error; it
      // shows only after the fact, so such a finding is kept as found, not shrunk.
      let late = await transport.lateProtocolErrors()
      var lateOffsets: Set<Int> = []
      for offset in results.indices {
        guard let reason = late[base + offset + 1], results[offset].status != .protocolError else { continue }
        results[offset].status = .protocolError
        results[offset].message = reason
        lateOffsets.insert(offset)
      }
      for (offset, result) in results.enumerated() where result.isDifference {
        guard findings.count < maximumFindings else { break }
        let (suite, input) = scenarios[offset]
        if lateOffsets.contains(offset) {
          let id = "\(suite.rawValue)/fuzz-\(seed)-\(tried - size + offset)"
          findings.append(
            Finding(
              suite: suite, original: input, shrunk: input, result: result,
              vector: vector(id: id, suite: suite, input: input, seed: seed, result: result)))
          continue
        }
        let expectedKind = isOutput(suite.evaluate(input))
        var shrinkSeq = seq + 1_000_000
        let (shrunk, _) = await Shrinker.shrink(input) { candidate in
          // Stay on the same kind of answer, so shrinking does not wander into other bugs.
          guard isOutput(suite.evaluate(candidate)) == expectedKind else { return false }
          shrinkSeq += 1
          let verdict = await judge(
            suite: suite, input: candidate, id: "\(suite.rawValue)/fuzz", seq: shrinkSeq, transport: transport)
          return verdict.status == result.status
        }
        seq = shrinkSeq
        let id = "\(suite.rawValue)/fuzz-\(seed)-\(tried - size + offset)"
        let final = await judge(suite: suite, input: shrunk, id: id, seq: seq + 1, transport: transport)
        seq += 1
        findings.append(
          Finding(
            suite: suite, original: input, shrunk: shrunk, result: final,
            vector: vector(id: id, suite: suite, input: shrunk, seed: seed, result: final)))
      }
    }
    await transport.close()
    return Outcome(scenarios: tried, findings: findings)
  }

  /// A finding as a vector: the reference's answer is its expectation.
  private static func vector(id: String, suite: Suite, input: JSONValue, seed: UInt64, result: CaseResult)
    -> VectorCase
  {
    VectorCase(
      id: id, suite: suite,
      description:
        "Found by `skan-conform fuzz --seed \(seed)`: the implementation answered \(result.status.rawValue) (\(result.message ?? "")). Name the requirement it tests before keeping it.",
      requirements: [defaultRequirement(suite)], basis: basis(of: defaultRequirement(suite)), tags: ["fuzz"],
      input: input, expected: suite.evaluate(input))
  }

  private static func isOutput(_ result: SuiteResult) -> Bool {
    if case .output = result { return true }
    return false
  }

  private static func judge(
    suite: Suite, input: JSONValue, id: String, seq: Int, transport: any ImplementationTransport
  ) async
    -> CaseResult
  {
    let vector = VectorCase(
      id: id, suite: suite, description: "fuzz", requirements: [], basis: .kitDefined, tags: [], input: input,
      expected: suite.evaluate(input))
    let reply = await transport.exchange(RunRequest(seq: seq, id: id, suite: suite.rawValue, input: input))
    return Verdict.judge(vector, seq: seq, reply: reply, duration: 0)
  }

  private static func basis(of requirement: String) -> VectorCase.Basis {
    switch RequirementCatalog.requirement(requirement)?.basis {
    case .apple?: return .apple
    case .seed?: return .seed
    default: return .kitDefined
    }
  }

  private static func defaultRequirement(_ suite: Suite) -> String {
    FuzzSuites.generator(suite)?.defaultRequirement ?? "IN-1"
  }
}
