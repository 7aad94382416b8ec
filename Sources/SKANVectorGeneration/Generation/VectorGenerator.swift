import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVerdicts

/// Turns the scenarios into vector files by asking the reference model for each answer.
///
/// Expected values are never written by hand: the model computes every one.
public enum VectorGenerator {
  /// Each suite's scenarios, in suite order (``ScenarioSuites``).
  static var suites: [any SuiteScenarios.Type] { ScenarioSuites.scenarios }

  /// Every scenario, in suite order.
  public static func scenarios() -> [Scenario] { suites.flatMap { $0.all() } }

  /// Generates the vector file of every suite.
  /// - Throws: ``VectorsError`` when a scenario names an unknown requirement or repeats an
  ///   ID: a bug in the scenarios, reported before anything is written.
  public static func files() throws(VectorsError) -> [VectorFile] {
    var seen: [String: String] = [:]
    var bySuite: [Suite: [VectorCase]] = [:]
    for definition in suites {
      for scenario in definition.all() {
        try add(
          scenario, derived: definition.derivedRequirements, derivedTags: definition.derivedTags, seen: &seen,
          bySuite: &bySuite)
      }
    }
    return Suite.allCases.map { VectorFile(suite: $0, cases: bySuite[$0] ?? []) }
  }

  /// The vector of one scenario, its answer asked of the model.
  private static func add(
    _ scenario: Scenario, derived: (JSONValue, SuiteResult) -> [String],
    derivedTags: (JSONValue, SuiteResult) -> [String], seen: inout [String: String],
    bySuite: inout [Suite: [VectorCase]]
  ) throws(VectorsError) {
    let file = "\(scenario.suite.rawValue).json"
    if let first = seen[scenario.id] {
      throw .duplicateID(id: scenario.id, file: file, firstFile: first)
    }
    seen[scenario.id] = file
    let expected = scenario.suite.evaluate(scenario.input)
    var requirements = scenario.requirements
    requirements += derived(scenario.input, expected).filter { !requirements.contains($0) }
    var bases: Set<Requirement.Basis> = []
    for id in requirements {
      guard let requirement = RequirementCatalog.requirement(id) else {
        throw .unknownRequirement(file: file, caseID: scenario.id, requirement: id)
      }
      bases.insert(requirement.basis)
    }
    if requirements.isEmpty {
      throw .invalidField(file: file, caseID: scenario.id, field: "requirements", reason: "names no requirement")
    }
    let tags = Set(scenario.tags + derivedTags(scenario.input, expected)).sorted()
    let basis: VectorCase.Basis =
      bases.contains(.kitDefined) ? .kitDefined : bases.contains(.seed) ? .seed : .apple
    let vector = VectorCase(
      id: scenario.id, suite: scenario.suite, description: scenario.description,
      requirements: requirements, basis: basis, tags: tags,
      input: scenario.input, expected: expected,
      diagnostic: expected.outputValue.map { output in
        scenario.suite.diagnosticMembers(for: scenario.input).filter { text in
          DiagnosticPath(text)?.isGiven(in: output) ?? false
        }
      } ?? [])
    bySuite[scenario.suite, default: []].append(vector)
  }

  /// Every file the generator owns, as paths relative to the repository root and their
  /// bytes: the vector files, the manifest, and the generated blocks of `Spec/`.
  /// - Parameter root: the repository root, used to read the hand-written parts of the
  ///   Spec documents whose tables are regenerated.
  public static func outputs(root: String) throws(VectorsError) -> [(path: String, text: String)] {
    let vectorFiles = try files()
    var outputs: [(path: String, text: String)] = vectorFiles.map { ("Vectors/\($0.fileName)", $0.text) }
    outputs.append(("Vectors/manifest.json", CanonicalJSON.pretty(Manifest(files: vectorFiles).json)))
    outputs += try SpecTables.render(root: root, files: vectorFiles)
    return outputs
  }
}
