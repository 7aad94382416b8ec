import Foundation
public import SKANVectors
import SKANVerdicts

/// Runs every vector of a mutant's suite against it and reports which vectors kill it.
public enum SelfCheck {
  /// One mutant's result.
  public struct MutantResult: Sendable {
    /// The mutant.
    public var mutant: Mutant
    /// The vectors it fails, on any member of the answer, diagnostics included (as
    /// `run --strict-diagnostics` judges).
    public var killedBy: [String]
    /// The vectors it fails at the verdict level, diagnostics aside (as `run` judges by
    /// default, SIG-21).
    public var killedByVerdict: [String]
    /// Whether at least one vector kills it.
    public var killed: Bool { !killedBy.isEmpty }
    /// Whether only diagnostic members (a reason, a signed string) tell it from the
    /// reference: `run` passes it, `run --strict-diagnostics` fails it.
    public var diagnosticOnly: Bool { killed && killedByVerdict.isEmpty }
  }

  /// The sentence a vector's description starts its reason with when the vector is kept
  /// though no mutant fails it (Apple's own example, say): `Kept without a mutant: …`.
  public static let keptMarker = "Kept without a mutant: "

  /// A vector that kills no mutant.
  public struct IdleVector: Sendable, Hashable {
    /// The vector's ID.
    public var id: String
    /// Why it is kept anyway: the text after ``SelfCheck/keptMarker`` in its description, or
    /// `nil` when it states none.
    public var reason: String?
  }

  /// The kill matrix.
  public struct Report: Sendable {
    /// One entry per mutant.
    public var mutants: [MutantResult]
    /// Vectors that kill no mutant, in vector order.
    public var idle: [IdleVector]
    /// The mutants no vector kills.
    public var survivors: [MutantResult] { mutants.filter { !$0.killed } }
    /// The mutants killed only through diagnostic members.
    public var diagnosticOnly: [MutantResult] { mutants.filter(\.diagnosticOnly) }
    /// The IDs of the vectors that kill no mutant.
    public var idleVectors: [String] { idle.map(\.id) }
    /// Idle vectors whose description states no reason to keep them.
    public var unexplained: [IdleVector] { idle.filter { $0.reason == nil } }
  }

  /// The reason a description states for keeping its vector without a mutant, if any.
  public static func keptReason(_ description: String) -> String? {
    guard let range = description.range(of: keptMarker) else { return nil }
    let reason = description[range.upperBound...].trimmingCharacters(in: .whitespaces)
    return reason.isEmpty ? nil : reason
  }

  /// Runs the check.
  public static func run(vectors: [VectorCase], mutants: [Mutant] = MutantCatalog.all) -> Report {
    var results: [MutantResult] = []
    var killers: Set<String> = []
    for mutant in mutants {
      var killedBy: [String] = []
      var killedByVerdict: [String] = []
      for vector in vectors where vector.suite == mutant.suite {
        let answer = mutant.evaluate(vector.input)
        guard vector.mismatch(answer) != nil else { continue }
        killedBy.append(vector.id)
        if vector.judgement(answer).mismatch != nil { killedByVerdict.append(vector.id) }
      }
      killers.formUnion(killedBy)
      results.append(MutantResult(mutant: mutant, killedBy: killedBy, killedByVerdict: killedByVerdict))
    }
    let suites = Set(mutants.map(\.suite))
    let idle = vectors.filter { suites.contains($0.suite) && !killers.contains($0.id) }
      .map { IdleVector(id: $0.id, reason: keptReason($0.description)) }
    return Report(mutants: results, idle: idle)
  }
}
