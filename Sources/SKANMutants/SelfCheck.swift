public import SKANVectors

/// Runs every vector of a mutant's suite against it and reports which vectors kill it.
public enum SelfCheck {
  /// One mutant's result.
  public struct MutantResult: Sendable {
    /// The mutant.
    public var mutant: Mutant
    /// The vectors it fails.
    public var killedBy: [String]
    /// Whether at least one vector kills it.
    public var killed: Bool { !killedBy.isEmpty }
  }

  /// The kill matrix.
  public struct Report: Sendable {
    /// One entry per mutant.
    public var mutants: [MutantResult]
    /// Vectors that kill no mutant.
    public var idleVectors: [String]
    /// The mutants no vector kills.
    public var survivors: [MutantResult] { mutants.filter { !$0.killed } }
  }

  /// Runs the check.
  public static func run(vectors: [VectorCase], mutants: [Mutant] = MutantCatalog.all) -> Report {
    var results: [MutantResult] = []
    var killers: Set<String> = []
    for mutant in mutants {
      var killedBy: [String] = []
      for vector in vectors where vector.suite == mutant.suite && vector.mismatch(mutant.evaluate(vector.input)) != nil
      {
        killedBy.append(vector.id)
      }
      killers.formUnion(killedBy)
      results.append(MutantResult(mutant: mutant, killedBy: killedBy))
    }
    let suites = Set(mutants.map(\.suite))
    let idle = vectors.filter { suites.contains($0.suite) && !killers.contains($0.id) }.map(\.id)
    return Report(mutants: results, idleVectors: idle)
  }
}
