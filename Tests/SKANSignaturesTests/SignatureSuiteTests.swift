import Foundation
import SKANJSON
import SKANModel
import SKANSignatures
import SKANSuiteCodecs
import SKANTestSupport
import Testing

@Suite("Signature suite against apple-samples.json (SIG-1 to SIG-8, SIG-13)")
struct SignatureSuiteTests {
  /// The samples in `Tests/Fixtures/apple-samples.json` (part of the repository).
  static func samples() throws -> [JSONValue] {
    let text = try String(contentsOfFile: RepositoryPaths.appleSamples, encoding: .utf8)
    return try #require(try JSONParser.parse(text)["samples"]?.arrayValue, "apple-samples.json has no samples array")
  }

  @Test("every SKAdNetwork sample gets the samples file's verdict and signed string")
  func skanSamples() throws {
    let samples = try Self.samples()
    var checked = 0
    for sample in samples where sample["kind"]?.stringValue == "skadnetwork" {
      let id = sample["id"]?.stringValue ?? "?"
      let verifies = sample["verifies_here"]?.boolValue ?? false
      let postback = sample["postback"] ?? sample["raw_text"] ?? .null
      let result = Suite.signature.evaluate(["op": "verify-postback", "postback": postback])
      guard case .output(let output) = result else {
        Issue.record("sample \(id): expected an output, got \(result)")
        continue
      }
      let verdict = output["verdict"]?.stringValue
      // SIG-6: 1.0 and 2.0 under Apple's P-192 key, the others under its P-256 key.
      #expect(verdict == (verifies ? "verified" : "rejected"), "sample \(id): verdict")
      if let signed = sample["signed_string"]?.stringValue {
        #expect(output["signed_string"]?.stringValue == signed, "sample \(id): signed string")
      }
      checked += 1
    }
    #expect(checked == 11, "every SKAdNetwork sample was checked")
  }

  @Test("every AdAttributionKit sample verifies exactly with the keys the samples file says")
  func aakSamples() throws {
    let samples = try Self.samples()
    var checked = 0
    for sample in samples where sample["kind"]?.stringValue == "adattributionkit" {
      let id = sample["id"]?.stringValue ?? "?"
      for (kid, verifies) in sample["verifies_here_by_kid"]?.objectValue ?? [:] {
        // Offer each key under the sample's own kid, so that only the key decides.
        let ownKID = sample["jws_header"]?["kid"]?.stringValue ?? ""
        let key = AppleKeys.aakByKID[kid] ?? ""
        let result = Suite.signature.evaluate([
          "op": "verify-aak-postback", "postback": sample["postback"] ?? .null, "keys": [ownKID: .string(key)],
        ])
        guard case .output(let output) = result else {
          Issue.record("sample \(id) with \(kid): expected an output, got \(result)")
          continue
        }
        #expect(
          output["verdict"]?.stringValue == (verifies.boolValue == true ? "verified" : "rejected"),
          "sample \(id) with key \(kid)")
        #expect(output["kid"]?.stringValue == ownKID, "sample \(id): the kid after JSON decoding")
        checked += 1
      }
    }
    #expect(checked >= 2, "AdAttributionKit samples were checked with their keys")
  }

  @Test("the keys in the samples file are the kit's")
  func keys() throws {
    let file = try JSONParser.parse(String(contentsOfFile: RepositoryPaths.appleSamples, encoding: .utf8))
    #expect(
      file["keys"]?["skan_p256_v2_1_and_later"]?["spki_der_base64"]?.stringValue == AppleKeys.skanP256, "SKAN P-256 key"
    )
    #expect(file["keys"]?["skan_p192_v1_v2_0"]?["spki_der_base64"]?.stringValue == AppleKeys.skanP192, "SKAN P-192 key")
    for (kid, key) in AppleKeys.aakByKID {
      #expect(file["keys"]?["aak_kid_map"]?[kid]?.stringValue == key, "AAK key \(kid)")
    }
  }

  @Test("Apple's keys parse as P-256; the P-192 key as P-192 only")
  func keyParsing() throws {
    let crypto = SwiftCrypto()
    _ = try crypto.p256PublicKey(spkiBase64: AppleKeys.skanP256)
    for (kid, key) in AppleKeys.aakByKID {
      #expect(throws: Never.self, "AAK key \(kid)") { _ = try crypto.p256PublicKey(spkiBase64: key) }
    }
    #expect(throws: ModelError.self, "the P-192 key") { _ = try crypto.p256PublicKey(spkiBase64: AppleKeys.skanP192) }
    #expect(throws: Never.self, "the P-192 key") { _ = try crypto.postbackPublicKey(spkiBase64: AppleKeys.skanP192) }
    #expect(crypto.p192PublicKey(spkiDER: Base64Codec.decodeStandard(AppleKeys.skanP256) ?? []) == nil, "P-256 key")
    #expect(throws: ModelError.self, "not base64") { _ = try crypto.p256PublicKey(spkiBase64: "not a key") }
    #expect(throws: ModelError.self, "not base64") { _ = try crypto.postbackPublicKey(spkiBase64: "not a key") }
  }

  @Test("the 4.0 signed string drops an absent source slot and writes booleans in lower case")
  func signedStrings() {
    let postback: JSONValue = [
      "version": "4.0", "ad-network-id": "n", "source-identifier": "12", "app-id": 1, "transaction-id": "t",
      "redownload": false, "fidelity-type": 1, "did-win": true, "postback-sequence-index": 2,
      "attribution-signature": "AAAA",
    ]
    let result = Suite.signature.evaluate(["op": "verify-postback", "postback": postback])
    let expected = ["4.0", "n", "12", "1", "t", "false", "1", "true", "2"].joined(separator: "\u{2063}")
    #expect(
      result == .output(["verdict": "rejected", "reason": "malformed-signature", "signed_string": .string(expected)]),
      "4.0 without a source slot")
  }
}
