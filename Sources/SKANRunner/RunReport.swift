import Foundation

/// Everything one run produced.
public struct RunReport: Sendable {
  /// The kit's version.
  public var kitVersion: String
  /// The digest of the vector set (the manifest's).
  public var vectorDigest: String
  /// Who answered.
  public var implementation: ImplementationIdentity
  /// `stdio`, `per-case` or `http`.
  public var transport: TransportKind
  /// The command or URL.
  public var target: String
  /// When the run started (ISO 8601, UTC).
  public var startedAt: String
  /// One result per selected case, in vector order.
  public var results: [CaseResult]
  /// Whether every selected case got a verdict.
  public var complete: Bool

  /// Creates a report.
  public init(
    kitVersion: String, vectorDigest: String, implementation: ImplementationIdentity, transport: TransportKind,
    target: String, startedAt: String, results: [CaseResult], complete: Bool
  ) {
    self.kitVersion = kitVersion
    self.vectorDigest = vectorDigest
    self.implementation = implementation
    self.transport = transport
    self.target = target
    self.startedAt = startedAt
    self.results = results
    self.complete = complete
  }

  /// How many results have each status.
  public var counts: [CaseStatus: Int] {
    Dictionary(grouping: results, by: \.status).mapValues(\.count)
  }

  /// Faults of the implementation that the transport absorbed without charging a case, in
  /// plain words (for example a crash with several requests outstanding, after which they
  /// were replayed one at a time and each got its own verdict).
  public var incidents: [String] = []

  /// For a run of one shard (`--shard I/N`), the shard, the selection and its size; `nil`
  /// for a run of the whole selection (and for a merged report).
  public var shard: Shard?

  /// Entries of the expectations file that matched no case of the vector set.
  public var staleExpectations: [String] = []

  /// The results that were not as expected.
  public var unexpected: [CaseResult] { results.filter(\.isUnexpected) }

  /// The results that passed against an expectation of failure.
  public var unexpectedPasses: [CaseResult] { results.filter(\.isUnexpectedPass) }

  /// Whether the run is a success: complete, and every result as expected; with `strict`,
  /// an unexpected pass or a stale expectation (one that matches no case) fails the run too.
  public func succeeded(strict: Bool = false) -> Bool {
    complete && unexpected.isEmpty && (!strict || (unexpectedPasses.isEmpty && staleExpectations.isEmpty))
  }
}
