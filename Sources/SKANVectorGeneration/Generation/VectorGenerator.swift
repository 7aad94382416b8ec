import SKANJSON
import SKANModel
import SKANSuites
import SKANVectors

/// Turns the scenarios into vector files by asking the reference model for each answer.
///
/// Expected values are never written by hand: the model computes every one.
public enum VectorGenerator {
  /// Every scenario, in suite order.
  public static func scenarios() -> [Scenario] {
    WindowScenarios.all() + ValuesScenarios.all() + LifecycleScenarios.all() + MetadataScenarios.all()
      + PostbackScenarios.all() + AttributionScenarios.all() + S2SScenarios.all() + SignatureScenarios.all()
  }

  /// Generates the vector file of every suite.
  /// - Throws: ``VectorsError`` when a scenario names an unknown requirement or repeats an
  ///   ID: a bug in the scenarios, reported before anything is written.
  public static func files() throws(VectorsError) -> [VectorFile] {
    var seen: [String: String] = [:]
    var bySuite: [Suite: [VectorCase]] = [:]
    for scenario in scenarios() {
      let file = "\(scenario.suite.rawValue).json"
      if let first = seen[scenario.id] {
        throw .duplicateID(id: scenario.id, file: file, firstFile: first)
      }
      seen[scenario.id] = file
      let expected = scenario.suite.evaluate(scenario.input)
      var requirements = scenario.requirements
      // META-9 (fail closed) is what makes one bad key an error for the whole decision, so
      // every metadata case that expects a value error tests it; the version and shape
      // errors do not depend on it.
      if scenario.suite == .metadata, case .error(let code, _) = expected,
        code != "invalid-ios-version", code != "invalid-input", !requirements.contains("META-9")
      {
        requirements.append("META-9")
      }
      // LIF-14 (every snapshot key present, null when unset) shapes every lifecycle output,
      // so every lifecycle case that expects an output tests it.
      if scenario.suite == .lifecycle, case .output = expected, !requirements.contains("LIF-14") {
        requirements.append("LIF-14")
      }
      requirements += derivedRequirements(scenario, expected: expected).filter { !requirements.contains($0) }
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
      let basis: VectorCase.Basis =
        bases.contains(.kitDefined) ? .kitDefined : bases.contains(.seed) ? .seed : .apple
      let vector = VectorCase(
        id: scenario.id, suite: scenario.suite, description: scenario.description,
        requirements: requirements, basis: basis, tags: scenario.tags.sorted(),
        input: scenario.input, expected: expected,
        diagnostic: expected.outputValue.map { output in
          scenario.suite.diagnosticMembers(for: scenario.input).filter { output[$0] != nil }
        } ?? [])
      bySuite[scenario.suite, default: []].append(vector)
    }
    return Suite.allCases.map { VectorFile(suite: $0, cases: bySuite[$0] ?? []) }
  }

  /// Kit-defined requirements a case depends on by its shape, so that every vector an
  /// implementation with the alternative reading fails lists the requirement.
  static func derivedRequirements(_ scenario: Scenario, expected: SuiteResult) -> [String] {
    guard case .output(let output) = expected else { return [] }
    var derived: [String] = []
    switch scenario.suite {
    case .postback:
      // PB-6: a winner whose later window had no update, at a tier that would send it.
      let input = scenario.input
      let modern = input["framework"] == "adattributionkit" || (input["ad_version"] ?? "4.0") == "4.0"
      let tiers = input["tiers"]?.arrayValue ?? []
      let sent = Set((output["postbacks"]?.arrayValue ?? []).compactMap { $0["sequence_index"]?.exactInteger })
      let withheld = (1..<3).contains { index in
        index < tiers.count && (tiers[index].exactInteger ?? 1) >= 1 && !sent.contains(index)
      }
      if input["did_win"] != false, modern, withheld, !sent.isEmpty {
        derived.append("PB-6")
      }
      derived += LegacyPostbackScenarios.derivedRequirements(input: input, output: output)
    case .attribution:
      // AT-17: with overlapping conversions enabled, nothing is closed.
      if scenario.input["op"] == "route", scenario.input["overlapping"] == true { derived.append("AT-17") }
    default:
      break
    }
    return derived
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
