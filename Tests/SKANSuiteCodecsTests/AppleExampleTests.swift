import Foundation
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANTestSupport
import SKANVectors
import Testing

/// Apple's published example postbacks (from `Tests/Fixtures/apple-samples.json`, the
/// signatures left out), each rebuilt by a vector from a scenario (issue: postbacks).
@Suite("Apple's example postbacks")
struct AppleExampleTests {
  /// Each vector that rebuilds one of Apple's documented SKAdNetwork postbacks, the sample
  /// it rebuilds (by its ID in `Tests/Fixtures/apple-samples.json`), and the fields where the
  /// kit knowingly differs from the example.
  static let examples: [(vector: String, sample: String, knownDifferences: Set<String>)] = [
    ("postback/apple-example-4-0-high-tier", "apple_doc_v4_0_web_tier_high_fine", []),
    // Apple's example shows source-domain at a low tier; Apple's tier table omits it there (PB-3).
    ("postback/apple-example-4-0-low-tier", "apple_doc_v4_0_web_tier_low_coarse", ["source-domain"]),
    ("postback/apple-example-3-0-winning", "apple_doc_v3_0_winning", []),
    ("postback/apple-example-3-0-nonwinning", "apple_doc_v3_0_nonwinning", []),
    ("postback/apple-example-2-2", "apple_doc_v2_2", []),
    ("postback/apple-example-2-1", "apple_doc_v2_1_legacy_page", []),
  ]

  /// A sample of `apple-samples.json` by its ID.
  static func sample(_ id: String) throws -> JSONValue {
    let file = try JSONParser.parse(String(contentsOfFile: RepositoryPaths.appleSamples, encoding: .utf8))
    return try #require(
      file["samples"]?.arrayValue?.first { $0["id"]?.stringValue == id }, "apple-samples.json has no sample \(id)")
  }

  @Test("Apple's signed AdAttributionKit development example is rebuilt, payload and outer members")
  func adAttributionKit() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let vector = try #require(set.cases.first { $0.id == "postback/apple-example-aak-reengagement" })
    guard case .output(let output) = vector.expected else {
      Issue.record("vector \(vector.id): expected an output")
      return
    }
    let postback = try #require(output["postbacks"]?.arrayValue?.first)
    let sample = try Self.sample("apple_doc_aak_reengagement_dev1")
    let payload = try #require(sample["jws_payload"], "the sample's JWS payload")
    let outer = try #require(sample["postback"]?.setting("jws-string", nil), "the sample's outer members")
    #expect(
      JSONDiff.differences(expected: payload, actual: postback["postback"] ?? .null).isEmpty,
      "vector \(vector.id): payload")
    #expect(
      JSONDiff.differences(expected: outer, actual: postback["outer"] ?? .null).isEmpty,
      "vector \(vector.id): outer members")
  }

  @Test("each example's fields are rebuilt by its vector", arguments: 0..<6)
  func rebuilt(index: Int) throws {
    let example = Self.examples[index]
    let sample = try Self.sample(example.sample)
    let expected = try #require(
      sample["postback"]?.setting("attribution-signature", nil), "sample \(example.sample): no postback")
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let vector = try #require(set.cases.first { $0.id == example.vector }, "vector \(example.vector) is missing")
    guard case .output(let output) = vector.expected else {
      Issue.record("vector \(example.vector): expected an output")
      return
    }
    let postback = try #require(
      output["postbacks"]?.arrayValue?.first?["postback"], "vector \(example.vector): no postback")
    let differences = JSONDiff.differences(expected: expected, actual: postback)
      .filter { difference in !example.knownDifferences.contains { difference.path == "$[\"\($0)\"]" } }
    #expect(
      differences.isEmpty,
      "vector \(example.vector) vs Apple's \(example.sample): \(differences.map { (difference: JSONDiff.Difference) in difference.description })"
    )
  }
}
