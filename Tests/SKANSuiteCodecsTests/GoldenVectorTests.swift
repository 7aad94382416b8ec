import Foundation
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANTestSupport
import SKANVectors
import Testing

/// A vector as a test argument, shown by its ID.
struct NamedVector: CustomTestStringConvertible, Sendable {
  /// The vector, or `nil` when the committed vectors could not be loaded.
  let vector: VectorCase?
  /// Why they could not be loaded.
  var loadError: String = ""
  var testDescription: String { vector?.id ?? "the committed vectors (not loaded)" }
}

/// The committed vectors, loaded once. When they cannot be loaded the list holds one
/// argument without a vector, so that the test fails with the loader's error instead of
/// running on zero cases.
let committedVectors: [NamedVector] = {
  do {
    return try VectorLoader.load(directory: RepositoryPaths.vectors).cases.map { NamedVector(vector: $0) }
  } catch {
    return [NamedVector(vector: nil, loadError: "\(error)")]
  }
}()

@Suite("Golden vectors")
struct GoldenVectorTests {
  @Test("the committed vectors load and check")
  func load() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    #expect(set.cases.count == RepositoryPaths.manifestCaseCount, "every case the manifest lists is loaded")
    #expect(committedVectors.count == set.cases.count, "every vector is a test argument")
    #expect(Set(set.files.map(\.suite)) == Set(Suite.allCases))
  }

  @Test("the reference model answers every committed vector", arguments: committedVectors)
  func reference(named: NamedVector) throws {
    let vector = try #require(named.vector, "the committed vectors did not load: \(named.loadError)")
    let actual = vector.suite.evaluate(vector.input)
    switch (vector.expected, actual) {
    case (.output(let expected), .output(let output)):
      let differences = JSONDiff.differences(expected: expected, actual: output)
      #expect(differences.isEmpty, "vector \(vector.id): \(differences.map(\.description).joined(separator: "; "))")
    case (.error(let expected, _), .error(let code, let message)):
      #expect(code == expected, "vector \(vector.id): expected error \(expected), got \(code) (\(message))")
    default:
      Issue.record("vector \(vector.id): expected \(vector.expected), got \(actual)")
    }
  }

  @Test("every requirement is tested by a vector, and every vector names real requirements")
  func coverage() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var tested: Set<String> = []
    for vector in set.cases {
      #expect(!vector.requirements.isEmpty, "vector \(vector.id) names no requirement")
      for id in vector.requirements {
        #expect(RequirementCatalog.requirement(id) != nil, "vector \(vector.id) names unknown requirement \(id)")
        tested.insert(id)
      }
    }
    for requirement in RequirementCatalog.all {
      #expect(tested.contains(requirement.id), "requirement \(requirement.id) is tested by no vector")
    }
  }

  @Test("every error code of the model is reachable from some vector, and every expected code exists")
  func errorCodes() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var seen: Set<String> = []
    for vector in set.cases {
      if case .error(let code, _) = vector.expected { seen.insert(code) }
      if case .output(let output) = vector.expected { collectErrors(output, into: &seen) }
    }
    let known = Set(ModelError.Code.allCases.map(\.rawValue))
    #expect(seen.isSubset(of: known), "unknown codes: \(seen.subtracting(known).sorted())")
    #expect(known.subtracting(seen).isEmpty, "codes no vector exercises: \(known.subtracting(seen).sorted())")
  }

  private func collectErrors(_ value: JSONValue, into seen: inout Set<String>) {
    switch value {
    case .object(let members):
      if case .string(let code)? = members["error"] { seen.insert(code) }
      for member in members.values { collectErrors(member, into: &seen) }
    case .array(let elements):
      for element in elements { collectErrors(element, into: &seen) }
    default:
      break
    }
  }

  @Test("the Spec documents show every requirement ID of their area")
  func specMentionsRequirements() throws {
    for requirement in RequirementCatalog.all {
      let file = requirement.area.document
      let text = try String(contentsOfFile: RepositoryPaths.root + "/Spec/\(file)", encoding: .utf8)
      #expect(text.contains("| \(requirement.id) |"), "Spec/\(file) lacks \(requirement.id)")
    }
  }
}

/// What the Spec's prose says about the vectors holds for the committed vectors.
@Suite("Spec prose against the vectors")
struct SpecProseTests {
  @Test("every 'N of the M vectors that list X' and 'each of the M vectors that list X' counts right")
  func vectorCounts() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var listing: [String: Int] = [:]
    for vector in set.cases { for requirement in vector.requirements { listing[requirement, default: 0] += 1 } }
    let documents = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.root + "/Spec")
      .filter { $0.hasSuffix(".md") }
    let pattern = try Regex(#"(?:of the|[Ee]ach of the) (\d+) vectors that list ([A-Z]+-\d+)"#)
    var checked = 0
    for document in documents {
      let text = try String(contentsOfFile: RepositoryPaths.root + "/Spec/" + document, encoding: .utf8)
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
      for match in text.matches(of: pattern) {
        guard let count = match.output[1].substring.flatMap({ Int($0) }),
          let requirement = match.output[2].substring.map(String.init)
        else { continue }
        #expect(
          count == listing[requirement, default: 0],
          "Spec/\(document) says \(count) vectors list \(requirement); \(listing[requirement, default: 0]) do")
        checked += 1
      }
    }
    #expect(checked >= 10, "the Spec's vector counts were found")
  }

  @Test("integers in the vectors stay within ±(2^53 - 1), but for the cases that test that bound")
  func safeIntegers() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let bound: Int64 = (1 << 53) - 1
    let rangeCases: Set<String> = ["window/at-beyond-safe-integer", "values/fine-very-large", "values/fine-min-int"]
    func check(_ value: JSONValue, _ id: String) {
      switch value {
      case .integer(let number):
        #expect(
          rangeCases.contains(id) || (-bound...bound).contains(Int64(number)), "\(id): \(number) is beyond 2^53 - 1")
      case .array(let elements): for element in elements { check(element, id) }
      case .object(let members): for member in members.values { check(member, id) }
      default: break
      }
    }
    for vector in set.cases {
      check(vector.input, vector.id)
      if case .output(let output) = vector.expected { check(output, vector.id) }
    }
  }
}
