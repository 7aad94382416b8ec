import SKANJSON
import SKANSuites
import SKANVectors
import Testing

/// Apple's published example postbacks (from `shared/reference/apple-samples.json`, the
/// signatures left out), each rebuilt by a vector from a scenario (issue: postbacks).
@Suite("Apple's example postbacks")
struct AppleExampleTests {
  static let examples: [(vector: String, sample: String, postback: JSONValue, knownDifferences: Set<String>)] = [
    (
      "postback/apple-example-4-0-high-tier", "apple_doc_v4_0_web_tier_high_fine",
      [
        "version": "4.0", "ad-network-id": "com.example", "source-identifier": "5239", "app-id": 525_463_029,
        "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e30", "redownload": false, "source-domain": "example.com",
        "fidelity-type": 1, "did-win": true, "conversion-value": 63, "postback-sequence-index": 0,
      ], []
    ),
    (
      "postback/apple-example-4-0-low-tier", "apple_doc_v4_0_web_tier_low_coarse",
      [
        "version": "4.0", "ad-network-id": "com.example", "source-identifier": "39", "app-id": 525_463_029,
        "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e31", "redownload": false, "source-domain": "example.com",
        "fidelity-type": 1, "did-win": true, "coarse-conversion-value": "high", "postback-sequence-index": 0,
      ],
      // Apple's example shows source-domain at a low tier; Apple's tier table omits it there (PB-3).
      ["source-domain"]
    ),
    (
      "postback/apple-example-3-0-winning", "apple_doc_v3_0_winning",
      [
        "version": "3.0", "ad-network-id": "example123.skadnetwork", "campaign-id": 42,
        "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "app-id": 525_463_029, "redownload": true,
        "source-app-id": 1_234_567_891, "fidelity-type": 1, "conversion-value": 20, "did-win": true,
      ], []
    ),
    (
      "postback/apple-example-3-0-nonwinning", "apple_doc_v3_0_nonwinning",
      [
        "version": "3.0", "ad-network-id": "example123.skadnetwork", "campaign-id": 42,
        "transaction-id": "f9ac267a-a889-44ce-b5f7-0166d11461f0", "app-id": 525_463_029, "redownload": true,
        "fidelity-type": 1, "did-win": false,
      ], []
    ),
    (
      "postback/apple-example-2-2", "apple_doc_v2_2",
      [
        "version": "2.2", "ad-network-id": "com.example", "campaign-id": 42,
        "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "app-id": 525_463_029, "redownload": true,
        "source-app-id": 1_234_567_891, "fidelity-type": 1, "conversion-value": 20,
      ], []
    ),
    (
      "postback/apple-example-2-1", "apple_doc_v2_1_legacy_page",
      [
        "version": "2.1", "ad-network-id": "com.example", "campaign-id": 42,
        "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "app-id": 525_463_029, "redownload": true,
        "source-app-id": 1_234_567_891, "conversion-value": 20,
      ], []
    ),
  ]

  @Test("Apple's signed AdAttributionKit development example is rebuilt, payload and outer members")
  func adAttributionKit() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let vector = try #require(set.cases.first { $0.id == "postback/apple-example-aak-reengagement" })
    guard case .output(let output) = vector.expected else {
      Issue.record("vector \(vector.id): expected an output")
      return
    }
    let postback = try #require(output["postbacks"]?.arrayValue?.first)
    let payload: JSONValue = [
      "postback-identifier": "85546EB7-FD39-44BC-8990-C98A4AC36A49", "publisher-item-identifier": 0,
      "marketplace-identifier": "com.apple.AppStore", "impression-type": "app-impression",
      "ad-network-identifier": "development.adattributionkit", "did-win": true, "postback-sequence-index": 0,
      "conversion-type": "re-engagement", "source-identifier": "1234", "advertised-item-identifier": 10_738_027_756,
    ]
    let outer: JSONValue = ["conversion-value": 24, "ad-interaction-type": "click", "country-code": "US"]
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
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let vector = try #require(set.cases.first { $0.id == example.vector }, "vector \(example.vector) is missing")
    guard case .output(let output) = vector.expected else {
      Issue.record("vector \(example.vector): expected an output")
      return
    }
    let postback = try #require(
      output["postbacks"]?.arrayValue?.first?["postback"], "vector \(example.vector): no postback")
    let differences = JSONDiff.differences(expected: example.postback, actual: postback)
      .filter { difference in !example.knownDifferences.contains { difference.path == "$[\"\($0)\"]" } }
    #expect(
      differences.isEmpty,
      "vector \(example.vector) vs Apple's \(example.sample): \(differences.map { (difference: JSONDiff.Difference) in difference.description })"
    )
  }
}
