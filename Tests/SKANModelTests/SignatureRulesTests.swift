import Foundation
import SKANJSON
import SKANModel
import Testing

/// The model's signature rules with stand-in cryptography: a "signature" is valid when its
/// bytes are `ok:` followed by the message. This proves the rules (which bytes are signed,
/// the order of the checks) live in the model and need no cryptography library.
struct StandInKey: P256PublicKey {
  func isValidSignature(der: [UInt8], message: [UInt8]) -> Bool? {
    guard der.starts(with: Array("ok:".utf8)) || der.starts(with: Array("no:".utf8)) else { return nil }
    return der == Array("ok:".utf8) + message
  }

  func isValidSignature(raw: [UInt8], message: [UInt8]) -> Bool? { raw.first == 1 }
}

/// A key under which nothing verifies.
struct RejectingKey: ECDSAPublicKey {
  func isValidSignature(der: [UInt8], message: [UInt8]) -> Bool? { false }
}

struct StandInCrypto: SignatureCrypto {
  func p256PublicKey(spkiDER: [UInt8]) -> (any P256PublicKey)? { spkiDER == [1, 2, 3] ? StandInKey() : nil }
  func p192PublicKey(spkiDER: [UInt8]) -> (any ECDSAPublicKey)? { spkiDER == [4, 5, 6] ? StandInKey() : nil }
  func hmacSHA256(message: [UInt8], key: [UInt8]) -> [UInt8] {
    Array((key + message + Array(repeating: 0, count: 32)).prefix(32))
  }
  func isValidHMACSHA256(_ code: [UInt8], message: [UInt8], key: [UInt8]) -> Bool {
    code == hmacSHA256(message: message, key: key)
  }
}

@Suite("Signature rules in the model, with stand-in cryptography (SIG-1 to SIG-8, SIG-14, S2S-8)")
struct SignatureRulesTests {
  static let separator = "\u{2063}"
  static let postback: [String: JSONValue] = [
    "version": "4.0", "ad-network-id": "n", "source-identifier": "12", "app-id": 1, "transaction-id": "t",
    "redownload": false, "source-app-id": 7, "fidelity-type": 1, "did-win": true, "postback-sequence-index": 2,
  ]
  static let signed = ["4.0", "n", "12", "1", "t", "false", "7", "1", "true", "2"].joined(separator: separator)

  func check(_ members: [String: JSONValue], signature: String?) -> PostbackSignature.Check {
    var postback = members
    if let signature { postback["attribution-signature"] = .string(signature) }
    return PostbackSignature(key: StandInKey()).check(.object(postback))
  }

  static func base64(_ text: String) -> String { Base64Codec.encodeStandard(Array(text.utf8)) }

  @Test("a 4.0 postback: the signed string in Apple's order, then the signature decides")
  func verifies() {
    let good = check(Self.postback, signature: Self.base64("ok:" + Self.signed))
    #expect(good == PostbackSignature.Check(verdict: PostbackVerdict(.verified, .ok), signedString: Self.signed))
    let bad = check(Self.postback, signature: Self.base64("no:x"))
    #expect(bad.verdict == PostbackVerdict(.rejected, .badSignature), "a signature over other bytes")
    let notBase64 = check(Self.postback, signature: Self.base64("ok:" + Self.signed) + " ")
    #expect(notBase64.verdict == PostbackVerdict(.rejected, .malformedSignature), "not canonical base64")
    #expect(notBase64.signedString == Self.signed, "the signed string is reported with a malformed signature")
  }

  @Test("the checks before the signature answer first")
  func order() {
    var both = Self.postback
    both["source-domain"] = "example.com"
    #expect(check(both, signature: Self.base64("ok:x")).verdict == PostbackVerdict(.rejected, .ambiguousSource))
    var unknown = Self.postback
    unknown["version"] = "4.1"
    let unknownSigned = Self.signed.replacingOccurrences(of: "4.0", with: "4.1")
    #expect(
      check(unknown, signature: Self.base64("ok:" + unknownSigned)).verdict
        == PostbackVerdict(.unverifiable, .unknownVersion), "an unknown version is never verified")
    var old = Self.postback
    old["version"] = "2.0"
    old["campaign-id"] = 3
    let oldSigned = ["2.0", "n", "3", "1", "t", "false", "7"].joined(separator: Self.separator)
    #expect(
      check(old, signature: Self.base64("ok:" + oldSigned)).verdict == PostbackVerdict(.verified, .ok),
      "2.0 verifies (SIG-6)")
    #expect(check(Self.postback, signature: nil).verdict == PostbackVerdict(.rejected, .missingField))
    var typed = Self.postback
    typed["did-win"] = 1
    #expect(check(typed, signature: Self.base64("ok:x")).verdict == PostbackVerdict(.rejected, .wrongType))
    #expect(
      PostbackSignature(key: StandInKey()).check("{not json").verdict == PostbackVerdict(.rejected, .malformedJSON))
  }

  @Test("1.0 and 2.0 verify under the legacy key, later versions under the other (SIG-6)")
  func legacyKey() {
    let legacy: [String: JSONValue] = [
      "version": "2.0", "ad-network-id": "n", "campaign-id": 3, "app-id": 1, "transaction-id": "t", "redownload": true,
    ]
    let signed = ["2.0", "n", "3", "1", "t", "true"].joined(separator: Self.separator)
    var postback = legacy
    postback["attribution-signature"] = .string(Self.base64("ok:" + signed))
    let both = PostbackSignature(key: RejectingKey(), legacyKey: StandInKey())
    #expect(both.check(.object(postback)).verdict == PostbackVerdict(.verified, .ok), "2.0 under the legacy key")
    let swapped = PostbackSignature(key: StandInKey(), legacyKey: RejectingKey())
    #expect(swapped.check(.object(postback)).verdict == PostbackVerdict(.rejected, .badSignature), "not the P-256 key")
    var modern = Self.postback
    modern["attribution-signature"] = .string(Self.base64("ok:" + Self.signed))
    #expect(both.check(.object(modern)).verdict == PostbackVerdict(.rejected, .badSignature), "4.0 not the legacy key")
  }

  @Test("a postback without version is a 1.0 postback, signed over the 1.0 fields (SIG-23)")
  func noVersion() {
    let members: [String: JSONValue] = [
      "ad-network-id": "n", "campaign-id": 3, "app-id": 1, "transaction-id": "t", "redownload": true,
    ]
    let signed = ["n", "3", "1", "t"].joined(separator: Self.separator)
    let good = check(members, signature: Self.base64("ok:" + signed))
    #expect(good == PostbackSignature.Check(verdict: PostbackVerdict(.verified, .ok), signedString: signed))
    var noCampaign = members
    noCampaign["campaign-id"] = nil
    #expect(check(noCampaign, signature: Self.base64("ok:x")).verdict == PostbackVerdict(.rejected, .missingField))
  }

  @Test("keys are read from canonical base64 SPKI; anything else is invalid-input")
  func keys() throws {
    let crypto = StandInCrypto()
    _ = try crypto.p256PublicKey(spkiBase64: Base64Codec.encodeStandard([1, 2, 3]))
    #expect(throws: ModelError(.invalidInput, "invalid key: the key is not a P-256 SubjectPublicKeyInfo")) {
      _ = try crypto.p256PublicKey(spkiBase64: Base64Codec.encodeStandard([9]))
    }
    #expect(throws: ModelError(.invalidInput, "invalid key: the key is not canonical base64")) {
      _ = try crypto.p256PublicKey(spkiBase64: "AQID ")
    }
  }

  @Test("an AdAttributionKit postback: split, kid, signature, fields, values, in that order")
  func adAttributionKit() {
    func jws(_ payload: JSONValue, kid: String = "k", signature: [UInt8] = Array(repeating: 1, count: 64)) -> JSONValue
    {
      let header = Base64Codec.encodeURL(Array(CanonicalJSON.compact(["alg": "ES256", "kid": .string(kid)]).utf8))
      let body = Base64Codec.encodeURL(Array(CanonicalJSON.compact(payload).utf8))
      return .string(header + "." + body + "." + Base64Codec.encodeURL(signature))
    }
    let payload: JSONValue = [
      "impression-type": "app-impression", "ad-network-identifier": "n", "source-identifier": "1234",
      "advertised-item-identifier": 1, "conversion-type": "reengagement", "postback-identifier": "p",
      "did-win": true, "postback-sequence-index": 0,
    ]
    let keys: [String: any P256PublicKey] = ["k": StandInKey()]
    let good = AdAttributionKitSignature.checkPostback(jws: jws(payload), keys: keys)
    #expect(good.verdict == PostbackVerdict(.verified, .ok))
    #expect(good.conversionType == "re-engagement", "Apple's unhyphenated spelling is normalized")
    #expect(
      AdAttributionKitSignature.checkPostback(jws: jws(payload, kid: "other"), keys: keys).verdict
        == PostbackVerdict(.unverifiable, .unknownKID))
    let index3 = payload.setting("postback-sequence-index", 3)
    let noDidWin = payload.setting("did-win", nil)
    #expect(
      AdAttributionKitSignature.checkPostback(jws: jws(noDidWin, signature: Array(repeating: 0, count: 64)), keys: keys)
        .verdict == PostbackVerdict(.rejected, .badSignature), "the signature before the payload's fields")
    #expect(
      AdAttributionKitSignature.checkPostback(jws: jws(noDidWin), keys: keys).verdict
        == PostbackVerdict(.rejected, .missingField), "a signed payload without did-win")
    #expect(
      AdAttributionKitSignature.checkPostback(jws: jws(index3), keys: keys).verdict
        == PostbackVerdict(.rejected, .invalidValue))
    #expect(
      AdAttributionKitSignature.checkPostback(jws: jws(payload, signature: [1]), keys: keys).verdict
        == PostbackVerdict(.rejected, .malformedSignature), "an ES256 signature is 64 bytes (SIG-14)")
    #expect(
      AdAttributionKitSignature.checkPostback(jws: "a.b", keys: keys).verdict
        == PostbackVerdict(.rejected, .malformedJWS))
    #expect(
      AdAttributionKitSignature.checkPostback(jws: nil, keys: keys).verdict
        == PostbackVerdict(.rejected, .missingField))
  }

  @Test("S2S validation answers in the contract's order, the signature through the injected HMAC")
  func s2sValidation() {
    let crypto = StandInCrypto()
    let validator = S2SRequestValidator(devKey: "key", crypto: crypto)
    let signature = S2SSignatureProfile.default.sign(
      timestamp: "1700000000123", devKey: "key", appID: "a", uid: "u", crypto: crypto
    ).signature
    func answer(_ headers: [(name: String, value: String)], uid: String = "u") -> S2SValidation {
      validator.validate(query: ["app_id": "a", "uid": uid], headers: headers, isKnownUID: { $0 == "u" })
    }
    #expect(answer([("Af-Timestamp", "1700000000123"), ("Authorization", signature)]) == S2SValidation(.ok))
    #expect(
      answer([("Af-Timestamp", "1700000000123"), ("Authorization", signature)], uid: "v")
        == S2SValidation(.badSignature), "another uid is another message")
    #expect(
      answer([("Af-Timestamp", "1700000000"), ("Authorization", signature)])
        == S2SValidation(.malformedTimestamp, parameter: "Af-Timestamp"), "seconds, not milliseconds")
  }
}
