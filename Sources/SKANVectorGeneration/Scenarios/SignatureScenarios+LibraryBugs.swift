import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Vectors for bugs found in real verifiers, each signed with the kit's
/// test key so that the bug shows in the verdict: a verifier with the bug answers `verified`
/// (or another verdict) where the kit does not.
extension SignatureScenarios {
  /// SIG-7, SIG-20: unknown minor versions signed over their own label, and 4.0 signed over
  /// both source fields.
  static func libraryBugPostbacks(_ b: inout ScenarioBuilder) {
    let versions: [(String, String, String, String)] = [
      (
        "4-1", "4.1", "4.0",
        "three of five real verifiers tried answer verified, among them a Go verifier that signs whatever fields it finds and vap 1.1.0, which reads the version with float()"
      ),
      ("3-1", "3.1", "3.0", "vap 1.1.0, which reads the version with float(), answers verified"),
      (
        "2-3", "2.3", "2.2",
        "vap 1.1.0 reads it as a 2.x version and rejects it only because it signs every 2.x postback with the 2.1 layout"
      ),
    ]
    for (name, label, layout, seen) in versions {
      b.add(
        "test-key-unknown-version-\(name)",
        "A postback labelled version \"\(label)\", laid out like \(layout) and validly signed over its own label with the kit's test key (which the vector carries): `unverifiable`, `unknown-version`, never verified; catches verifiers that sign an unknown minor version with the nearest known layout, or choose the layout by the major version or by the version read as a number (\(seen)).",
        ["SIG-7"],
        verify(
          ScenarioData.required(SignatureTestKey.postbacks, "v\(name)", "test-key postback"),
          key: SignatureTestKey.publicKey))
    }
    let orders: [(String, String, String)] = [
      ("both-sources", "", "source-app-id then source-domain"),
      ("both-sources-domain-first", "-domain-first", "source-domain then source-app-id"),
    ]
    for (name, suffix, order) in orders {
      b.add(
        "test-key-source-app-id-and-domain-signed\(suffix)",
        "A 4.0 postback with both source-app-id and source-domain, validly signed with the kit's test key over both (\(order), in the source slot's place): `rejected`, `ambiguous-source`; catches verifiers that sign every source field present instead of refusing the postback, which answer verified here (two of five real verifiers tried do; vap 1.1.0 signs only source-app-id and rejects it as bad-signature, a right verdict with a differing diagnostic: SIG-21).",
        ["SIG-20", "SIG-2", "SIG-21"],
        verify(
          ScenarioData.required(SignatureTestKey.postbacks, name, "test-key postback"), key: SignatureTestKey.publicKey)
      )
    }
  }

  /// SIG-15 to SIG-17: every payload check of an AdAttributionKit postback, each a `rejected`
  /// (or `unverifiable`) verdict for a correctly signed JWS, and the order of the checks.
  static func libraryBugJWS(_ b: inout ScenarioBuilder) {
    let testKeys = productionTestKeys
    func aak(_ name: String, keys: JSONValue? = testKeys) -> JSONValue {
      aakInput(ScenarioData.required(SignatureTestKey.jws, name, "test-key JWS"), keys: keys)
    }
    let required = [
      "impression-type", "ad-network-identifier", "source-identifier", "advertised-item-identifier",
      "conversion-type", "postback-identifier", "postback-sequence-index",
    ]
    for field in required {
      b.add(
        "aak-test-key-missing-\(field)",
        "A payload without \(field), correctly signed with the test key under Apple's production kid `apple-cas-identifier/0`, which the vector's `keys` maps to the test key: `rejected`, `missing-field`; catches verifiers that check the signature but never require \(field) (SIG-16).",
        ["SIG-16"], aak("postback-missing-\(field)"))
    }
    let types: [(String, String)] = [
      ("impression-type", "the number 1"),
      ("ad-network-identifier", "the number 1"),
      ("advertised-item-identifier", "the string \"1234567890\""),
      ("conversion-type", "the number 1"),
      ("postback-identifier", "the number 1"),
      ("did-win", "the string \"true\""),
      ("postback-sequence-index", "the string \"1\""),
      ("marketplace-identifier", "null (an optional field, present with the wrong type)"),
      ("publisher-item-identifier", "the string \"5838492\" (an optional field)"),
    ]
    for (field, what) in types {
      b.add(
        "aak-test-key-wrong-type-\(field)",
        "A payload with \(field) as \(what), correctly signed with the test key: `rejected`, `wrong-type`; catches verifiers that read \(field) without checking its JSON type (SIG-16).",
        ["SIG-16"], aak("postback-wrong-type-\(field)"))
    }
    b.add(
      "aak-test-key-psi-minus-1",
      "postback-sequence-index -1, correctly signed: `rejected`, `invalid-value`; catches verifiers that check only the upper bound of 0 to 2.",
      ["SIG-17"], tags: ["edge-exact"], aak("postback-psi-minus-1"))
    let missing = ScenarioData.required(SignatureTestKey.jws, "postback-missing-did-win", "test-key JWS")
    let missingUnknownKid = ScenarioData.required(
      SignatureTestKey.jws, "postback-missing-did-win-kit-kid", "test-key JWS")
    let install = ScenarioData.required(SignatureTestKey.jws, "postback-conversion-type-install", "test-key JWS")
    let other = ScenarioData.required(SignatureTestKey.jws, "postback-p1-download", "test-key JWS")
    b.add(
      "aak-bad-signature-missing-did-win",
      "A payload without did-win carrying another payload's test-key signature: `rejected`, `bad-signature`, not `missing-field`: the signature is checked before the payload's fields (steps 5 and 6); catches verifiers that read the payload before they verify it.",
      ["SIG-16", "SIG-13"], aakInput(withSignature(of: other, on: missing), keys: testKeys))
    b.add(
      "aak-bad-signature-conversion-type-install",
      "A payload with conversion-type `install` carrying another payload's test-key signature: `rejected`, `bad-signature`, not `invalid-value`: the signature is checked before the payload's values (steps 5 and 7). The order shows in the reason only, a diagnostic (SIG-21): both orders give the verdict `rejected`.",
      ["SIG-17", "SIG-13", "SIG-21"], aakInput(withSignature(of: other, on: install), keys: testKeys))
    b.add(
      "aak-unknown-kid-missing-did-win",
      "A correctly signed test-key payload without did-win, under the kid `kit-test-key/0`, checked against Apple's keys only: `unverifiable`, `unknown-kid`, not `rejected`: the key is looked up before the payload is read (steps 4 and 6); catches verifiers that judge the payload of a JWS they cannot verify.",
      ["SIG-15", "SIG-16"], aakInput(missingUnknownKid, keys: nil))
  }

  /// A `verify-aak-postback` input for one JWS, with the outer fields Apple sends.
  static func aakInput(_ jws: String, keys: JSONValue?) -> JSONValue {
    let input = SignatureSuite.Input.object([
      .op: operation(.verifyAAKPostback),
      .postback: [
        "jws-string": .string(jws), "conversion-value": 12, "ad-interaction-type": "view", "country-code": "DE",
      ],
    ])
    guard let keys else { return input }
    return input.setting(SignatureSuite.Input.keys, keys)
  }

  /// `jws` with the signature part of `donor`: a well-formed signature that does not verify.
  static func withSignature(of donor: String, on jws: String) -> String {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
    let donorParts = donor.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, donorParts.count == 3 else { return jws }
    return "\(parts[0]).\(parts[1]).\(donorParts[2])"
  }
}
