import SKANJSON
import SKANModel
import SKANVectors

/// One suite's part of the generator: its scenarios, the requirements its cases test by their
/// shape (a kit-defined choice every case of that shape depends on), so that a case an
/// implementation with the alternative reading fails lists the requirement, and the tags its
/// cases carry by their shape.
///
/// A new rule in a suite touches the model, this suite's scenarios file (scenarios and
/// derived requirements), its mutants file and the Spec; nothing in the generator.
protocol SuiteScenarios: Sendable {
  /// The suite.
  static var suite: Suite { get }
  /// Every scenario, in the order of the vector file.
  static func all() -> [Scenario]
  /// The requirements a case of `input` whose reference answer is `expected` tests by its
  /// shape; none by default.
  static func derivedRequirements(input: JSONValue, expected: SuiteResult) -> [String]
  /// The tags a case of `input` whose reference answer is `expected` carries by its shape
  /// (Spec/README.md, "Tags"); none by default.
  static func derivedTags(input: JSONValue, expected: SuiteResult) -> [String]
}

extension SuiteScenarios {
  static func derivedRequirements(input: JSONValue, expected: SuiteResult) -> [String] { [] }
  static func derivedTags(input: JSONValue, expected: SuiteResult) -> [String] { [] }
}
