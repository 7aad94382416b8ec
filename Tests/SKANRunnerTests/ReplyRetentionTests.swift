import SKANJSON
import SKANRunner
import SKANVectors
import SKANVerdicts
import SKANVocabulary
import Testing

/// A run keeps the implementation's replies in its report only up to a budget, so that a
/// hostile implementation answering every case with a huge wrong reply cannot exhaust the
/// runner's memory and lose the report (`ReplyRetention`).
@Suite("Reply retention")
struct ReplyRetentionTests {
  /// Answers every case with a wrong output holding a 100,000-character string.
  struct Bloated: ImplementationTransport {
    let kind = TransportKind.inProcess
    let target = "bloated"
    let concurrency = 8
    func handshake() async throws(RunnerError) -> ImplementationIdentity {
      ImplementationIdentity(name: "bloated", version: "1", language: "swift", suites: ["window"])
    }
    func exchange(_ request: RunRequest) async -> Verdict.Reply {
      .message(["seq": .integer(request.seq), "output": ["padding": .string(String(repeating: "a", count: 100_000))]])
    }
    func close() async {}
  }

  func run(limit: Int) async throws -> RunReport {
    let vectors = try VectorSet.embedded()
    let cases = vectors.cases.filter { $0.suite == .window }
    return try await Runner.run(
      cases: cases, vectors: vectors, transport: Bloated(), retention: ReplyRetention(limit: limit))
  }

  @Test("past the budget a failing case keeps its verdict and says what was dropped; the kept replies fit the budget")
  func budget() async throws {
    let limit = 1_000_000
    let report = try await run(limit: limit)
    #expect(report.results.count > 20 && report.results.allSatisfy { $0.status == .fail })
    let kept = report.results.filter { $0.actual != nil }
    #expect(!kept.isEmpty, "no reply was kept at all")
    #expect(kept.count < report.results.count, "every reply was kept")
    let keptBytes = report.results.reduce(0) { total, result in
      total
        + ([result.actual] + result.differences.map(\.actual)).reduce(0) {
          $0 + ($1.map { CanonicalJSON.compactBytes($0).count } ?? 0)
        }
    }
    #expect(keptBytes <= limit, "\(keptBytes) bytes kept, over the budget of \(limit)")
    // A case in the middle of the run, long past the budget.
    let middle = report.results[report.results.count / 2]
    #expect(middle.actual == nil && middle.differences.isEmpty, "\(middle.id)")
    #expect(middle.message?.contains("are not kept: the run keeps at most 1000000 bytes") == true, "\(middle.id)")
    #expect(middle.expected != nil && middle.input != nil, "\(middle.id): the vector's side is always kept")
  }

  @Test("under the default budget every reply is kept whole")
  func defaultBudget() async throws {
    let report = try await run(limit: ReplyRetention.defaultLimit)
    #expect(report.results.allSatisfy { $0.actual != nil && !$0.differences.isEmpty })
  }
}
