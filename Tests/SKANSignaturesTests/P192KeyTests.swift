import Foundation
import SKANJSON
import SKANModel
import SKANSignatures
import SKANTestSupport
import Testing

@Suite("P-192 ECDSA verification against outside known answers (SIG-6)")
struct P192KeyTests {
  /// The cases of `Tests/Fixtures/p192-kat.json`, made by Python `cryptography`
  /// (`Tests/Fixtures/make_p192_kat.py`).
  static func cases() throws -> [JSONValue] {
    let text = try String(contentsOfFile: RepositoryPaths.fixture("p192-kat.json"), encoding: .utf8)
    return try #require(try JSONParser.parse(text)["cases"]?.arrayValue, "p192-kat.json has no cases array")
  }

  static func bytes(_ value: JSONValue?, _ id: String, _ field: String) throws -> [UInt8] {
    try #require(Hex.decode(value?.stringValue ?? "x"), "p192-kat.json case \(id): \(field) is not hex")
  }

  @Test("every known answer: valid, invalid, malformed signature, or a key refused")
  func knownAnswers() throws {
    let cases = try Self.cases()
    #expect(cases.count >= 45, "p192-kat.json has its cases")
    var seen: [String: Int] = [:]
    for item in cases {
      let id = item["id"]?.stringValue ?? "?"
      let expected = item["expected"]?.stringValue ?? "?"
      seen[expected, default: 0] += 1
      let key = P192Key(spkiDER: try Self.bytes(item["public_key_spki_der_hex"], id, "public_key_spki_der_hex"))
      if expected == "invalid-key" {
        #expect(key == nil, "p192-kat.json case \(id): the key must be refused")
        continue
      }
      guard let key else {
        Issue.record("p192-kat.json case \(id): the key was refused")
        continue
      }
      let answer = key.isValidSignature(
        der: try Self.bytes(item["signature_der_hex"], id, "signature_der_hex"),
        message: try Self.bytes(item["message_hex"], id, "message_hex"))
      let got = answer.map { $0 ? "valid" : "invalid" } ?? "malformed"
      #expect(got == expected, "p192-kat.json case \(id): expected \(expected), got \(got)")
    }
    #expect(seen.keys.sorted() == ["invalid", "invalid-key", "malformed", "valid"], "every kind of answer is tested")
  }

  @Test("Apple's real 1.0 and 2.0 postbacks verify under its P-192 key; one changed byte does not")
  func appleSamples() throws {
    let der = try #require(Base64Codec.decodeStandard(AppleKeys.skanP192), "Apple's P-192 key is base64")
    let key = try #require(P192Key(spkiDER: der), "Apple's P-192 key")
    let text = try String(contentsOfFile: RepositoryPaths.appleSamples, encoding: .utf8)
    let samples = try #require(try JSONParser.parse(text)["samples"]?.arrayValue)
    for id in ["field_v1_0_ironsource", "field_v2_0_meta"] {
      let sample = try #require(samples.first { $0["id"]?.stringValue == id }, "sample \(id)")
      let message = Array(try #require(sample["signed_string"]?.stringValue).utf8)
      let signature = try #require(
        Base64Codec.decodeStandard(sample["postback"]?["attribution-signature"]?.stringValue ?? ""), "sample \(id)")
      #expect(key.isValidSignature(der: signature, message: message) == true, "sample \(id) verifies")
      var message2 = message
      message2[message2.count - 1] ^= 1
      #expect(key.isValidSignature(der: signature, message: message2) == false, "sample \(id), message changed")
      for position in [signature.count / 2, signature.count - 1] {
        var signature2 = signature
        signature2[position] ^= 1
        #expect(key.isValidSignature(der: signature2, message: message) == false, "sample \(id), byte \(position)")
      }
    }
  }
}
