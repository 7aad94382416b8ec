import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVocabulary

/// Every mutant, by suite: each suite lists its own (its `MutantSuite` conformance ends `MutantCatalog+<Name>.swift`).
public enum MutantCatalog {
  /// All mutants, suite by suite in the registry's order.
  public static let all: [Mutant] = MutantSuites.all.flatMap { $0.mutants }

  /// The mutant whose ``Mutant/id`` is `id`, or nil.
  public static func named(_ id: String) -> Mutant? { all.first { $0.id == id } }

  /// How each suite answers with `mutant` in place of its suite's reference: the mutant for
  /// its suite, the reference for every other; the reference alone when `mutant` is nil.
  public static func evaluator(replacing mutant: Mutant?) -> @Sendable (Suite, JSONValue) -> SuiteResult {
    guard let mutant else { return { suite, input in suite.evaluate(input) } }
    return { suite, input in suite == mutant.suite ? mutant.evaluate(input) : suite.evaluate(input) }
  }
}
