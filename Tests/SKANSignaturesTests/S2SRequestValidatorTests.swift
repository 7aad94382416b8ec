import SKANModel
import SKANSignatures
import Testing

@Suite("Request validation (S2S-5 to S2S-9)")
struct S2SRequestValidatorTests {
  static let key = "server-key"
  static let uid = "known"
  static let timestamp = "1700000000123"
  let validator = S2SRequestValidator(devKey: Self.key, crypto: SwiftCrypto())

  func signature(_ uid: String = uid, timestamp: String = timestamp) -> String {
    S2SSignatureProfile.default.sign(
      timestamp: timestamp, devKey: Self.key, appID: "id1", uid: uid, crypto: SwiftCrypto()
    ).signature
  }

  func check(
    _ name: String, query: [String: String], headers: [String: String], busy: Bool = false,
    _ reason: S2SValidation.Reason, _ parameter: String? = nil
  ) {
    let list = headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    let answer = validator.validate(query: query, headers: list, isKnownUID: { $0 == Self.uid }, busy: busy)
    #expect(answer.reason == reason, "check \(name): reason")
    #expect(answer.parameter == parameter, "check \(name): parameter")
    #expect(answer.status == reason.status, "check \(name): status")
  }

  @Test("the reference endpoint checks the path, then the method, then the request (Spec/s2s.md)")
  func pathThenMethod() {
    let query = ["app_id": "id1", "uid": Self.uid]
    let headers = [(name: "Af-Timestamp", value: Self.timestamp), (name: "Authorization", value: signature())]
    func reason(_ method: String, _ path: String, busy: Bool = false) -> S2SValidation.Reason {
      validator.validate(
        method: method, path: path, query: query, headers: headers, isKnownUID: { $0 == Self.uid }, busy: busy
      ).reason
    }
    #expect(reason("POST", "/api/v1.0/conversion-value", busy: true) == .unknownPath)
    #expect(reason("POST", S2SRequestShape.path, busy: true) == .methodNotGet)
    #expect(reason("GET", S2SRequestShape.path, busy: true) == .serverBusy)
    #expect(reason("GET", S2SRequestShape.path) == .ok)
    #expect(S2SValidation(.unknownPath).status == 404)
    #expect(S2SValidation(.methodNotGet).status == 400)
  }

  @Test("every status and reason")
  func reasons() {
    let query = ["app_id": "id1", "uid": Self.uid]
    let headers = ["Af-Timestamp": Self.timestamp, "Authorization": signature()]
    check("ok", query: query, headers: headers, .ok)
    check(
      "lower-case header names", query: query, headers: ["af-timestamp": Self.timestamp, "AUTHORIZATION": signature()],
      .ok)
    check(
      "duplicate header", query: query,
      headers: ["Af-Timestamp": Self.timestamp, "af-timestamp": "1700000000124", "Authorization": signature()],
      .duplicateHeader, "Af-Timestamp")
    check("busy", query: query, headers: headers, busy: true, .serverBusy)
    check("missing app_id", query: ["uid": Self.uid], headers: headers, .missingParameter, "app_id")
    check("empty uid", query: ["app_id": "id1", "uid": ""], headers: headers, .missingParameter, "uid")
    check("missing timestamp", query: query, headers: ["Authorization": signature()], .missingParameter, "Af-Timestamp")
    check(
      "missing signature", query: query, headers: ["Af-Timestamp": Self.timestamp], .missingParameter, "Authorization")
    check(
      "seconds", query: query,
      headers: ["Af-Timestamp": "1700000000", "Authorization": signature(timestamp: "1700000000")], .malformedTimestamp,
      "Af-Timestamp")
    check(
      "short signature", query: query, headers: ["Af-Timestamp": Self.timestamp, "Authorization": "abc"],
      .malformedSignature, "Authorization")
    check(
      "bad signature", query: query, headers: ["Af-Timestamp": Self.timestamp, "Authorization": signature("other")],
      .badSignature)
    check(
      "unknown uid", query: ["app_id": "id1", "uid": "other"],
      headers: ["Af-Timestamp": Self.timestamp, "Authorization": signature("other")], .unknownUID)
    check("unknown uid, bad signature", query: ["app_id": "id1", "uid": "other"], headers: headers, .badSignature)
  }

  @Test("the shape helpers")
  func shapes() {
    #expect(S2SRequestShape.isMillisecondTimestamp("1700000000123"), "13 digits")
    #expect(!S2SRequestShape.isMillisecondTimestamp("170000000012"), "12 digits")
    #expect(!S2SRequestShape.isMillisecondTimestamp("１７００００００００１２３"), "full-width digits")
    #expect(S2SRequestShape.isHexSignature(String(repeating: "aB", count: 32)), "64 hex digits")
    #expect(!S2SRequestShape.isHexSignature(String(repeating: "a", count: 63)), "63 hex digits")
  }
}
