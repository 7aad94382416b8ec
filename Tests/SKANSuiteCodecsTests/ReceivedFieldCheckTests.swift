import Foundation
import SKANJSON
import SKANModel
import SKANTestSupport
import SKANVectors
import Testing

/// The audit's field checks: silent on every postback the model writes and on every postback
/// Apple published, and each finding raised by the one field that makes a genuine body
/// impossible.
@Suite("Received field checks")
struct ReceivedFieldCheckTests {
  /// The findings for one vector's written postback: a SKAdNetwork body, or an
  /// AdAttributionKit payload and its outer members.
  static func findings(_ entry: JSONValue) -> [ReceivedFieldCheck.Finding] {
    let postback = entry["postback"]?.objectValue ?? [:]
    if let outer = entry["outer"]?.objectValue {
      return ReceivedFieldCheck.adAttributionKit(payload: postback, outer: outer)
    }
    return ReceivedFieldCheck.skadnetwork(postback)
  }

  @Test("no postback a vector expects the model to write has a finding")
  func modelPostbacks() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var checked = 0
    for vector in set.cases where vector.id.hasPrefix("postback/") {
      guard case .output(let output) = vector.expected else { continue }
      for entry in output["postbacks"]?.arrayValue ?? [] {
        let found = Self.findings(entry)
        #expect(found.isEmpty, "vector \(vector.id): \(found.map { "\($0.code.rawValue) \($0.field)" })")
        checked += 1
      }
    }
    #expect(checked > 200, "postbacks checked: \(checked)")
  }

  @Test("no postback Apple published has a finding")
  func applePostbacks() throws {
    let file = try JSONParser.parse(String(contentsOfFile: RepositoryPaths.appleSamples, encoding: .utf8))
    var checked = 0
    for sample in file["samples"]?.arrayValue ?? [] {
      let id = sample["id"]?.stringValue ?? "?"
      guard let body = sample["postback"]?.objectValue else { continue }
      let found: [ReceivedFieldCheck.Finding]
      if let payload = sample["jws_payload"]?.objectValue {
        found = ReceivedFieldCheck.adAttributionKit(payload: payload, outer: body)
      } else {
        found = ReceivedFieldCheck.skadnetwork(body)
      }
      #expect(found.isEmpty, "sample \(id): \(found.map { "\($0.code.rawValue) \($0.field)" })")
      checked += 1
    }
    #expect(checked >= 10)
  }

  /// Apple's high-tier 4.0 example (a winner's first postback with a fine value and a
  /// source domain), without its signature.
  static let winner: [String: JSONValue] = [
    "version": "4.0", "ad-network-id": "com.example", "source-identifier": "5239", "app-id": 525_463_029,
    "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e30", "redownload": false, "source-domain": "example.com",
    "fidelity-type": 1, "did-win": true, "conversion-value": 63, "postback-sequence-index": 0,
  ]

  @Test(
    "one impossible field gives its finding, and only it",
    arguments: [
      (["coarse-conversion-value": "low"], ReceivedFieldCheck.Code.fineAndCoarse),
      (["conversion-value": 64], .fineOutOfRange),
      (["conversion-value": "12"], .fineOutOfRange),
      (["conversion-value": nil, "coarse-conversion-value": "Low"], .coarseUnknown),
      (
        [
          "did-win": false, "conversion-value": nil, "source-domain": nil, "source-identifier": "39",
          "country-code": "US",
        ], .loserWithWinnerField
      ),
      (
        ["postback-sequence-index": 1, "source-identifier": "39", "source-domain": nil],
        .laterWindowWithFirstWindowField
      ),
      (["postback-sequence-index": 2, "conversion-value": nil, "source-domain": nil], .sourceIdentifierDigits),
      (["source-identifier": "52390"], .sourceIdentifierDigits),
      (["source-identifier": 5239], .sourceIdentifierDigits),
      (["country-code": "us"], .countryCodeForm),
      (["campaign-id": 42], .memberOfAnotherVersion),
    ] as [([String: JSONValue?], ReceivedFieldCheck.Code)])
  func oneFinding(changes: [String: JSONValue?], code: ReceivedFieldCheck.Code) {
    var body = Self.winner
    #expect(ReceivedFieldCheck.skadnetwork(body).isEmpty)
    for (name, value) in changes { body[name] = value }
    let found = ReceivedFieldCheck.skadnetwork(body).map(\.code)
    #expect(found == [code], "\(changes.keys.sorted()): \(found)")
  }

  @Test("a 3.0 body with a coarse value, and a 2.1 body with did-win, are of another version")
  func otherVersions() {
    let v3: [String: JSONValue] = [
      "version": "3.0", "ad-network-id": "a", "campaign-id": 42, "app-id": 1, "transaction-id": "t",
      "redownload": false, "fidelity-type": 1, "did-win": true, "conversion-value": 20,
    ]
    #expect(ReceivedFieldCheck.skadnetwork(v3).isEmpty)
    var coarse = v3
    coarse["coarse-conversion-value"] = "high"
    #expect(ReceivedFieldCheck.skadnetwork(coarse).map(\.code).contains(.memberOfAnotherVersion))
    var v21 = v3
    v21["version"] = "2.1"
    v21["fidelity-type"] = nil
    #expect(ReceivedFieldCheck.skadnetwork(v21).map(\.field) == ["did-win"])
  }
}
