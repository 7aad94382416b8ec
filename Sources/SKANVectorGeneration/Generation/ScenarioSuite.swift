import SKANSuites
import SKANVocabulary

/// A registered suite with its scenarios (`<Name>Suite+Scenarios.swift`): every suite must
/// have one, so that every registered suite has a vector file.
protocol ScenarioSuite: ReferenceSuite {
  /// The suite's scenarios and the requirements and tags they derive from their shape.
  static var scenarios: any SuiteScenarios.Type { get }
}

/// The registered suites' scenarios, in the registry's order.
enum ScenarioSuites {
  /// Each suite's scenarios; a registered suite without a `ScenarioSuite` conformance stops
  /// the process with its name (VectorGeneratorTests reach this before anything is written).
  static let all: [any SuiteScenarios.Type] = ReferenceSuites.all.map { suite in
    guard let scenarios = suite as? any ScenarioSuite.Type else {
      preconditionFailure("suite \(suite.id.rawValue) has no ScenarioSuite conformance in SKANVectorGeneration")
    }
    return scenarios.scenarios
  }
}
