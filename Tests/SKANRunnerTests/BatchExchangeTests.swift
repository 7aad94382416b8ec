import Foundation
import SKANJSON
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import SKANVocabulary
import Testing

@Suite("Batched exchanges")
struct BatchExchangeTests {
  /// Answers every request as its vector expects, three at a time, and records the batches.
  struct Batcher: ImplementationTransport {
    let vectors: [String: VectorCase]
    let declared: [String]
    let batches = Batches()
    var kind: TransportKind { .inProcess }
    var target: String { "batcher" }
    var concurrency: Int { 6 }
    var batchSize: Int { 3 }

    func handshake() async throws(RunnerError) -> ImplementationIdentity {
      ImplementationIdentity(name: "batcher", version: "1", language: "swift", suites: declared)
    }

    func exchange(_ request: RunRequest) async -> Verdict.Reply {
      Issue.record("a transport with batches of 3 was sent a request alone: \(request.id)")
      return answer(request)
    }

    func exchange(_ requests: [RunRequest]) async -> [(reply: Verdict.Reply, at: ContinuousClock.Instant)] {
      batches.record(requests.map(\.seq), withoutText: requests.filter { $0.inputText == nil }.map(\.id))
      // The replies come back in the order of the requests, whatever order they were made in.
      return requests.reversed().map { (answer($0), ContinuousClock.now) }.reversed()
    }

    func answer(_ request: RunRequest) -> Verdict.Reply {
      guard let vector = vectors[request.id], case .output(let output) = vector.expected else {
        return .message(["seq": .integer(request.seq), "error": ["code": "invalid-input", "message": ""]])
      }
      return .message(["seq": .integer(request.seq), "output": output])
    }

    func close() async {}
  }

  /// The `seq`s of each batch, in the order the batches came.
  /// And the IDs of the cases sent without their input's text.
  final class Batches: @unchecked Sendable {  // @unchecked: both are read and written under `lock`.
    private let lock = NSLock()
    private var batches: [[Int]] = []
    private var textless: [String] = []
    func record(_ seqs: [Int], withoutText ids: [String]) {
      lock.withLock {
        batches.append(seqs)
        textless += ids
      }
    }
    var all: [[Int]] { lock.withLock { batches } }
    var withoutText: [String] { lock.withLock { textless } }
  }

  @Test("every case read from a file is sent with its input as the file spells it, a case built whole included")
  func inputText() async throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let cases = set.cases.filter { $0.suite == .signature }
    // A description with a quote or a character outside ASCII is spelled with an escape or
    // that character, so the loader builds the case whole.
    #expect(
      cases.contains { $0.description.contains("\"") || !$0.description.utf8.allSatisfy { $0 < 0x80 } },
      "some signature cases are built whole")
    let transport = Batcher(
      vectors: Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0) }), declared: ["signature"])
    _ = try await Runner.run(cases: cases, vectors: set, transport: transport)
    #expect(transport.batches.withoutText.isEmpty, "sent without text: \(transport.batches.withoutText.prefix(5))")
  }

  @Test("cases go over in batches of the transport's size, and each reply settles its own case")
  func batches() async throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    // Eleven window cases with two of another suite among them (not declared: skipped, never
    // sent), so that batches are short where they fall and the last one is partial.
    let window = set.cases.filter { $0.suite == .window && $0.expectsOutput }.prefix(11)
    let other = set.cases.filter { $0.suite != .window }.prefix(2)
    var cases = Array(window)
    cases.insert(other[other.startIndex], at: 4)
    cases.insert(other[other.startIndex + 1], at: 8)
    let transport = Batcher(
      vectors: Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0) }), declared: ["window"])
    let report = try await Runner.run(cases: cases, vectors: set, transport: transport)

    #expect(report.results.map(\.id) == cases.map(\.id))
    for (result, vector) in zip(report.results, cases) {
      let status: CaseStatus = vector.suite == .window ? .pass : .skipped
      #expect(result.status == status, "\(result.id): \(result.status) \(result.message ?? "")")
    }
    let sent = transport.batches.all
    #expect(sent.allSatisfy { !$0.isEmpty && $0.count <= 3 }, "\(sent)")
    let notSent: Set<Int> = [5, 9]
    let expectedSeqs = (1...cases.count).filter { !notSent.contains($0) }
    #expect(sent.flatMap { $0 }.sorted() == expectedSeqs, "\(sent)")
    // A batch is the next three cases, less those not sent.
    for batch in sent {
      let width = (batch.last ?? 0) - (batch.first ?? 0)
      #expect(batch == batch.sorted(), "\(batch)")
      #expect(width < 3, "\(batch)")
    }
  }
}
