public import SKANJSON
public import SKANModel
import SKANSuiteCodecs

/// A deliberately broken copy of the reference for one suite: one plausible bug, made by
/// running the model under a ``RuleVariant`` (the model's own code for another reading of one
/// rule), or by changing only the input's keys before the reference sees it or the answer's
/// spelling after.
///
/// Mutants exist to prove the vectors: every mutant must be killed (fail) by at least one
/// vector. They live in this module, never in the shipped model.
public struct Mutant: Sendable, Identifiable {
  /// A stable name, `<suite>/<bug>`.
  public let id: String
  /// The suite it breaks.
  public let suite: Suite
  /// The bug, in words.
  public let summary: String
  private let answer: @Sendable (JSONValue) -> SuiteResult

  /// A mutant from an input transform, an output transform, or both: each edits keys or
  /// spelling only, computing nothing the model computes.
  init(
    _ id: String, _ suite: Suite, _ summary: String, input: @escaping @Sendable (JSONValue) -> JSONValue = { $0 },
    output: @escaping @Sendable (JSONValue, JSONValue) -> JSONValue = { output, _ in output }
  ) {
    self.id = "\(suite.rawValue)/\(id)"
    self.suite = suite
    self.summary = summary
    answer = { original in
      let mutated = input(original)
      switch suite.evaluate(mutated) {
      case .output(let value): return .output(output(value, original))
      case let error: return error
      }
    }
  }

  /// A mutant that runs the reference with one of the model's rules replaced by `variant`
  /// (the model's own code for the other reading, not a copy of it), and any others by the
  /// variants that follow it, on the input as `input` changes it, its answer spelled as
  /// `output` writes it.
  init(
    _ id: String, _ suite: Suite, _ summary: String, variant: RuleVariant, _ others: RuleVariant...,
    input: @escaping @Sendable (JSONValue) -> JSONValue = { $0 },
    output: @escaping @Sendable (JSONValue) -> JSONValue = { $0 }
  ) {
    self.id = "\(suite.rawValue)/\(id)"
    self.suite = suite
    self.summary = summary
    let variants = Set(others).union([variant])
    answer = { original in
      switch RuleVariant.$active.withValue(variants, operation: { suite.evaluate(input(original)) }) {
      case .output(let value): return .output(output(value))
      case let error: return error
      }
    }
  }

  /// The mutant's answer to one input.
  public func evaluate(_ input: JSONValue) -> SuiteResult { answer(input) }
}
