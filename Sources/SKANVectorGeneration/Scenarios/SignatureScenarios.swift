import Crypto
import Foundation
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `signature` suite: SKAdNetwork postback verification, SKAdNetwork 4
/// impression signing, AdAttributionKit JWS.
enum SignatureScenarios: SuiteScenarios {
  static let suite = Suite.signature

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.signature)
    appleSamples(&b)
    tampering(&b)
    testKeyPostbacks(&b)
    libraryBugPostbacks(&b)
    impressions(&b)
    jws(&b)
    libraryBugJWS(&b)
    b.add(
      "unknown-op",
      "An unknown op carrying a valid Apple postback is `invalid-input`; catches a dispatcher that falls back to verifying postbacks.",
      ["IN-1"], tags: ["bad-input"],
      // an unknown op: a value under test
      verify(sample("apple_doc_v4_0_web_tier_high_fine")).setting(SignatureSuite.Input.op, "verify"))
    return b.scenarios
  }

  /// The `keys` of a JWS the test key signed under Apple's production kid: that kid, and the
  /// test public key (Spec/signature.md, "Test kids, and libraries with Apple's keys built in").
  static let productionTestKeys: JSONValue = ["apple-cas-identifier/0": .string(SignatureTestKey.publicKey)]

  /// The tag `own-key` (``OwnKeyTag``): a `verify-postback` whose `public_key` is not the key
  /// Apple signs that postback's version with, or a `verify-aak-postback` whose `keys` is not Apple's three keys by
  /// their kids. Impressions always carry the ad network's key, which no library has built in,
  /// so a library that verifies them takes the key: not tagged.
  static func derivedTags(input: JSONValue, expected: SuiteResult) -> [String] {
    guard expected.outputValue != nil else { return [] }
    switch input[SignatureSuite.Input.op]?.stringValue.flatMap(SignatureSuite.Operation.init(rawValue:)) {
    case .verifyPostback?:
      let key = input[SignatureSuite.Input.publicKey]
      return OwnKeyTag.isOwn(skadnetworkKey: key, postback: input[SignatureSuite.Input.postback])
        ? [OwnKeyTag.name] : []
    case .verifyAAKPostback?:
      return OwnKeyTag.isOwn(aakKeys: input[SignatureSuite.Input.keys]) ? [OwnKeyTag.name] : []
    default: return []
    }
  }

  /// The `op` member naming `operation`.
  static func operation(_ operation: SignatureSuite.Operation) -> JSONValue { .string(operation.rawValue) }

  static func verify(_ postback: JSONValue, key: String? = nil) -> JSONValue {
    let input = SignatureSuite.Input.object([.op: operation(.verifyPostback), .postback: postback])
    guard let key else { return input }
    return input.setting(SignatureSuite.Input.publicKey, .string(key))
  }

  static func sample(_ id: String) -> JSONValue { ScenarioData.required(AppleSamples.postbacks, id, "Apple sample") }

  static func source(_ id: String) -> String { ScenarioData.required(AppleSamples.sources, id, "Apple sample source") }

  /// A copy of `postback` with `key` set to `value`, or removed when `value` is `nil`.
  static func with(_ postback: JSONValue, _ key: String, _ value: JSONValue?) -> JSONValue {
    var members = ScenarioData.members(postback, "the postback to edit")
    members[key] = value
    return .object(members)
  }

  private static func appleSamples(_ b: inout ScenarioBuilder) {
    let cases: [(String, String, String, [String])] = [
      (
        "apple-v4-0-web-tier-high", "apple_doc_v4_0_web_tier_high_fine",
        "Apple's 4.0 web-ad example (high tier, source-domain, fine value) verifies with Apple's key; catches a wrong field order or separator.",
        ["SIG-1", "SIG-2", "SIG-5"]
      ),
      (
        "apple-v4-0-web-tier-low", "apple_doc_v4_0_web_tier_low_coarse",
        "Apple's 4.0 low-tier example (2-digit source-identifier, coarse value) verifies; the coarse value is not signed.",
        ["SIG-1", "SIG-5", "SIG-19"]
      ),
      (
        "apple-v3-0-winning", "apple_doc_v3_0_winning",
        "Apple's 3.0 winning example verifies with the 3.0 layout (campaign-id, did-win).", ["SIG-3", "SIG-5"]
      ),
      (
        "apple-v3-0-nonwinning", "apple_doc_v3_0_nonwinning",
        "Apple's 3.0 non-winning example, without source-app-id, verifies with the slot dropped; catches an empty field left in its place.",
        ["SIG-3", "SIG-2", "SIG-5"]
      ),
      (
        "apple-v2-2", "apple_doc_v2_2",
        "Apple's 2.2 example verifies with the 2.2 layout (no did-win, fidelity-type signed); catches verifiers that sign 2.2 with the 2.1 layout and leave fidelity-type out (seen in vap 1.1.0).",
        ["SIG-3", "SIG-5"]
      ),
      (
        "apple-v2-1-legacy-page", "apple_doc_v2_1_legacy_page",
        "Apple's 2.1 example from an earlier page revision verifies with the 2.1 layout (no fidelity-type).",
        ["SIG-3", "SIG-5"]
      ),
      (
        "field-v2-1-ironsource-forwarded", "field_v2_1_ironsource_forwarded",
        "A real 2.1 postback forwarded with an extra unsigned `timestamp` verifies; catches verifiers that reject unknown fields.",
        ["SIG-3", "SIG-5", "SIG-19"]
      ),
      (
        "field-v2-1-tiktok-via-adjust", "field_v2_1_tiktok_via_adjust",
        "A real 2.1 postback forwarded through an MMP with adjust-* fields and no source-app-id verifies; catches verifiers that require source-app-id below 3.0 or fail without it (vap 1.1.0 raises a TypeError).",
        ["SIG-2", "SIG-3", "SIG-19"]
      ),
      (
        "field-v1-0-ironsource", "field_v1_0_ironsource",
        "A real 1.0 postback verifies under Apple's P-192 key with its 1.0 signed string (no version, no redownload); catches a verifier without P-192 (unverifiable or rejected) or one that checks it with the P-256 key.",
        ["SIG-6"]
      ),
      (
        "field-v2-0-meta", "field_v2_0_meta",
        "A real 2.0 postback verifies under Apple's P-192 key with its 2.0 signed string (the 2.1 layout); catches a verifier without P-192 or one that checks it with the P-256 key.",
        ["SIG-6"]
      ),
    ]
    for (slug, id, text, requirements) in cases {
      b.add(slug, "\(text) Source: \(source(id)) (apple-samples.json `\(id)`).", requirements, verify(sample(id)))
    }
    legacyPostbacks(&b)
    b.add(
      "apple-v2-0-broken-example",
      "Apple's original 2.0 example is not valid JSON: `rejected`, `malformed-json`, as the samples file says it does not verify. Source: \(source("apple_doc_v2_0_broken_example")) (apple-samples.json `apple_doc_v2_0_broken_example`).",
      ["SIG-8"], verify(.string(AppleSamples.brokenV20Text)))
    b.add(
      "apple-v4-0-as-text",
      "Apple's 4.0 example given as body text verifies like the object; catches a harness that cannot take text.",
      ["SIG-8", "SIG-1"], verify(.string(CanonicalJSON.compact(sample("apple_doc_v4_0_web_tier_high_fine")))))
    b.add(
      "apple-v2-1-explicit-key",
      "The 2.1 example with Apple's key given as `public_key` verifies as with the default key.", ["SIG-5"],
      verify(sample("apple_doc_v2_1_legacy_page"), key: AppleKeys.skanP256))
    b.add(
      "apple-v4-0-test-key",
      "Apple's 4.0 example checked with the kit's test key: `bad-signature`; catches a verifier that ignores the key it is given.",
      ["SIG-5"], verify(sample("apple_doc_v4_0_web_tier_high_fine"), key: SignatureTestKey.publicKey))
    b.add(
      "apple-v2-1-all-strings",
      "The 2.1 example with every value a JSON string (a gist variant whose text the signature covers): `wrong-type`; catches a verifier that signs any type's text.",
      ["SIG-4"],
      verify(
        .object(
          ScenarioData.members(sample("apple_doc_v2_1_legacy_page"), "apple_doc_v2_1_legacy_page").mapValues { value in
            value.exactInteger.map { .string(String($0)) } ?? value.boolValue.map { .string($0 ? "true" : "false") }
              ?? value
          })))
    b.add(
      "invalid-public-key", "A public key that is not base64 SPKI DER is `invalid-input`.", ["IN-1"],
      tags: ["bad-input"], verify(sample("apple_doc_v2_2"), key: "not a key"))
    b.add(
      "missing-postback", "An input without `postback` is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      SignatureSuite.Input.object([.op: operation(.verifyPostback)]))
  }

  /// The real 1.0 and 2.0 postbacks (Apple's P-192 key, SIG-6) changed by one byte, and the
  /// 1.0 one without its version (SIG-23).
  private static func legacyPostbacks(_ b: inout ScenarioBuilder) {
    for (slug, id) in [("field-v1-0", "field_v1_0_ironsource"), ("field-v2-0", "field_v2_0_meta")] {
      let postback = sample(id)
      let note = " Source: \(source(id)) (apple-samples.json `\(id)`), one byte changed."
      let transaction = ScenarioData.members(postback, id)["transaction-id"]?.stringValue ?? ""
      b.add(
        "\(slug)-tampered-transaction-id",
        "The real \(slug.dropFirst(7).replacingOccurrences(of: "-", with: ".")) postback with the last character of transaction-id changed: `bad-signature` under the P-192 key; catches a verifier that answers verified for any well-formed P-192 postback without checking the signature.\(note)",
        ["SIG-6", "SIG-5"], verify(with(postback, "transaction-id", .string(String(transaction.dropLast()) + "b"))))
      let signature = ScenarioData.members(postback, id)["attribution-signature"]?.stringValue ?? ""
      var bytes = Base64Codec.decodeStandard(signature) ?? []
      if !bytes.isEmpty { bytes[bytes.count / 2] ^= 0x01 }
      b.add(
        "\(slug)-tampered-signature",
        "The real \(slug.dropFirst(7).replacingOccurrences(of: "-", with: ".")) postback with one bit of its signature's middle byte flipped: still DER, `bad-signature`; catches a P-192 verifier that checks the signature's form but not its value.\(note)",
        ["SIG-6", "SIG-5"],
        verify(with(postback, "attribution-signature", .string(Base64Codec.encodeStandard(bytes)))))
    }
    b.add(
      "field-v1-0-no-version",
      "The real 1.0 postback without `version`: SKAdNetwork 1's install-validation postback has no version number, so it is a 1.0 postback, signed over its 1.0 fields (version is not among them), and verifies; catches a verifier that rejects a postback without version (missing-field) or calls it unknown. Source: \(source("field_v1_0_ironsource")) (apple-samples.json `field_v1_0_ironsource`), version removed.",
      ["SIG-23", "SIG-6"], verify(with(sample("field_v1_0_ironsource"), "version", nil)))
    b.add(
      "field-v2-0-explicit-key",
      "The real 2.0 postback with Apple's P-192 key given as `public_key` verifies as with the default key; catches a harness that takes only P-256 keys.",
      ["SIG-6"], verify(sample("field_v2_0_meta"), key: AppleKeys.skanP192))
  }

  private static func tampering(_ b: inout ScenarioBuilder) {
    let base = sample("apple_doc_v4_0_web_tier_high_fine")
    let tampers: [(String, JSONValue, String)] = [
      ("ad-network-id", "com.exampl3", "the ad network"),
      ("source-identifier", "5238", "the source identifier"),
      ("app-id", 525_463_028, "the app"),
      ("transaction-id", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e31", "the transaction"),
      ("redownload", true, "redownload"),
      ("source-domain", "example.net", "the source domain"),
      ("fidelity-type", 0, "the fidelity type"),
      ("did-win", false, "did-win"),
      ("postback-sequence-index", 1, "the sequence index"),
    ]
    for (key, value, what) in tampers {
      b.add(
        "tampered-\(key)",
        "Apple's 4.0 example with \(what) changed: `bad-signature`; catches a verifier that leaves `\(key)` out of the signed string.",
        ["SIG-1", "SIG-5"], verify(with(base, key, value)))
    }
    b.add(
      "tampered-version", "Apple's 4.0 example relabelled 3.0: the 3.0 layout needs campaign-id, `missing-field`.",
      ["SIG-3", "SIG-4"], verify(with(base, "version", "3.0")))
    b.add(
      "unsigned-conversion-value-changed",
      "Apple's 4.0 example with conversion-value 0: still verified; the value is not signed (so it can be forged).",
      ["SIG-19"], verify(with(base, "conversion-value", 0)))
    b.add(
      "unsigned-fields-added",
      "Apple's 4.0 example with country-code and coarse-conversion-value added beside its fine value: still verified; catches a verifier that signs fields outside the signature. Apple never sends a fine and a coarse value together: MAY (SIG-25).",
      ["SIG-25"],
      verify(with(with(base, "country-code", "US"), "coarse-conversion-value", "high")))
    b.add(
      "source-domain-removed",
      "Apple's 4.0 example without source-domain: the slot is dropped, the string differs, `bad-signature`.",
      ["SIG-2", "SIG-5"], verify(with(base, "source-domain", nil)))
    b.add(
      "source-app-id-and-domain",
      "Apple's 4.0 example with source-app-id added next to source-domain: `ambiguous-source`.", ["SIG-20"],
      verify(with(base, "source-app-id", 1_234_567_891)))
    b.add(
      "source-domain-in-3-0",
      "Apple's 3.0 example with source-domain added: 3.0 has no source-domain slot, so it is an unsigned field and the postback verifies; catches a 4.0 slot read in a 3.0 postback. Apple never sends a 3.0 source-domain: MAY (SIG-25).",
      ["SIG-25"], verify(with(sample("apple_doc_v3_0_winning"), "source-domain", "example.com")))
    let types: [(String, JSONValue, String)] = [
      ("app-id", "525463029", "app-id as a string"),
      ("redownload", "false", "redownload as the string \"false\""),
      ("did-win", 1, "did-win as 1"),
      ("fidelity-type-fraction", 1.5, "fidelity-type as 1.5"),
      ("postback-sequence-index", "0", "postback-sequence-index as a string"),
      ("source-identifier", 5239, "source-identifier as a number"),
      ("source-domain", nil, "source-domain as null"),
    ]
    for (name, value, what) in types {
      let key = name == "fidelity-type-fraction" ? "fidelity-type" : name
      let kept =
        name == "source-domain"
        ? " No plausible bug changes its verdict: a verifier that reads null as absent drops the source slot and one that signs the text null signs another string, so both answer rejected; the vector pins the reason, wrong-type, a diagnostic (SIG-21)."
        : ""
      b.add(
        "wrong-type-\(name)",
        "Apple's 4.0 example with \(what): `wrong-type`; catches a verifier that signs the text of any JSON type.\(kept)",
        ["SIG-4"], verify(with(base, key, value)))
    }
    b.add(
      "integral-double-fidelity-type",
      "Apple's 4.0 example with fidelity-type written 1.0: the number 1, signed as `1`, so the postback verifies (numbers by value, SIG-4); catches verifiers that sign the text `1.0` (vap 1.1.0 does, with Python's str) and verifiers that reject an integral number written with a fraction, which JavaScript decoders cannot even see. Apple never writes an integer with a fraction: MAY (SIG-25).",
      ["SIG-25"], verify(with(base, "fidelity-type", 1.0)))
    b.add(
      "wrong-type-version", "`version` as the number 4.0: `wrong-type`.", ["SIG-4", "SIG-7"],
      verify(with(base, "version", 4.0)))
    b.add(
      "wrong-type-signature", "`attribution-signature` as a number: `wrong-type`.", ["SIG-4", "SIG-5"],
      verify(with(base, "attribution-signature", 1)))
    b.add(
      "removed-transaction-id",
      "Apple's 4.0 example without transaction-id: rejected, `missing-field`; catches a typed decoder that refuses the whole input (invalid-input). A verifier that signs an empty field in its place answers rejected too, for another reason: a diagnostic difference (SIG-21).",
      ["SIG-4"], verify(with(base, "transaction-id", nil)))
    b.add(
      "removed-version",
      "Apple's 4.0 example without version: a 1.0 postback (SIG-23), whose layout needs campaign-id, so `rejected`, `missing-field`; catches a verifier that guesses the layout from the fields present.",
      ["SIG-7", "SIG-23"], verify(with(base, "version", nil)))
    b.add(
      "removed-signature",
      "Apple's 4.0 example without attribution-signature: `missing-field`, with the signed string.",
      ["SIG-5", "SIG-4"], verify(with(base, "attribution-signature", nil)))
    b.add(
      "unknown-version-5-0",
      "Version 5.0: `unverifiable`, `unknown-version`; catches a verifier that tries the 4.0 layout.", ["SIG-7"],
      verify(with(base, "version", "5.0")))
    b.add(
      "unknown-version-4", "Version \"4\" (not \"4.0\"): `unknown-version`; catches numeric version parsing.",
      ["SIG-7"], verify(with(base, "version", "4")))
    b.add(
      "signature-not-base64", "A signature with characters outside base64: `malformed-signature`.", ["SIG-5"],
      verify(with(base, "attribution-signature", "not*base64")))
    b.add(
      "signature-not-der", "A signature that is base64 but not DER (\"AAAA\"): `malformed-signature`.", ["SIG-5"],
      verify(with(base, "attribution-signature", "AAAA")))
    let appleSignature = ScenarioData.string(base, "attribution-signature", "the 4.0 base postback")
    b.add(
      "signature-junk-inside-base64",
      "Apple's valid 4.0 signature with `*!`, a space and a line feed inserted after its 8th character (the length stays a multiple of 4): `malformed-signature`, base64 is canonical or nothing (SIG-22, kit-defined: Apple says only to decode it from Base64); catches verifiers whose decoder skips characters outside the alphabet and then verify it (vap 1.1.0 decodes with Python's base64.b64decode without validate=True).",
      ["SIG-22"],
      verify(
        with(
          base, "attribution-signature",
          .string(String(appleSignature.prefix(8)) + "*! \n" + appleSignature.dropFirst(8)))))
    b.add(
      "signature-of-other-postback", "Apple's 4.0 example carrying the low-tier example's signature: `bad-signature`.",
      ["SIG-5"],
      verify(
        with(
          base, "attribution-signature",
          .string(
            ScenarioData.string(
              sample("apple_doc_v4_0_web_tier_low_coarse"), "attribution-signature",
              "apple_doc_v4_0_web_tier_low_coarse"))
        )
      ))
    b.add("postback-array", "A postback that is an array: `malformed-json`.", ["SIG-8"], verify([1, 2]))
  }

  private static func testKeyPostbacks(_ b: inout ScenarioBuilder) {
    // The bug class a vector catches beyond a wrong field order, where it has one.
    let noSource =
      "; catches verifiers that require source-app-id or source-domain in 4.0 (seen in a real TypeScript verifier, which rejects every such postback)"
    let cases: [(String, String, [String], String)] = [
      (
        "t0-p0", "Tier 0, first postback: 2-digit source-identifier, no source slot, no value", ["SIG-1", "SIG-2"],
        noSource
      ),
      (
        "t1-p0", "Tier 1, first postback: 2-digit source-identifier and a coarse value, no source slot",
        ["SIG-1", "SIG-2"], noSource
      ),
      (
        "t2-p0", "Tier 2, first postback: 4-digit source-identifier and a fine value, no source slot",
        ["SIG-1", "SIG-2"], noSource
      ),
      ("t3-p0", "Tier 3, first postback: source-app-id in the slot", ["SIG-1", "SIG-2"], ""),
      (
        "t2-p1",
        "Tier 2, second postback (sequence index 1), a 4-digit source-identifier, coarse value, no source slot",
        ["SIG-25"], noSource
      ),
      ("t3-p1", "Tier 3, second postback with source-app-id", ["SIG-25"], ""),
      ("t3-p2", "Tier 3, third postback (sequence index 2) with source-app-id", ["SIG-25"], ""),
      ("t1-p2", "Tier 1, third postback, no source slot", ["SIG-1"], noSource),
      ("nonwinning", "A non-winning postback (did-win false, no slot)", ["SIG-1", "SIG-2"], noSource),
      ("view-through-redownload", "A view-through (fidelity-type 0) redownload", ["SIG-1"], ""),
      ("web-t3-p2", "A web ad's third postback with source-domain in the slot", ["SIG-25"], ""),
      (
        "dev-source-app-0", "A development-signed source app (source-app-id 0)", ["SIG-1"],
        "; catches verifiers that take source-app-id 0 for absent and drop it from the slot (seen in vap 1.1.0)"
      ),
    ]
    for (name, text, requirements, catches) in cases {
      let postback = ScenarioData.required(SignatureTestKey.postbacks, name, "test-key postback")
      // A later postback with a source slot or four digits is a shape Apple never sends
      // (PB-3, PB-4): MAY, SIG-25, never MUST.
      let appleShape = !requirements.contains("SIG-25")
      b.add(
        "test-key-\(name)",
        "\(text), signed with the kit's test key, which the vector carries: verified\(catches). Apple published no such example\(appleShape ? "" : "; Apple sends a later postback with two digits and no source: MAY (SIG-25)").",
        appleShape ? requirements + ["SIG-5"] : requirements, verify(postback, key: SignatureTestKey.publicKey))
    }
    let p2 = ScenarioData.required(SignatureTestKey.postbacks, "t3-p2", "test-key postback")
    b.add(
      "test-key-t3-p2-as-p1",
      "The tier 3 third postback relabelled as sequence index 1: `bad-signature`; catches a verifier that drops the index.",
      ["SIG-1", "SIG-5"], verify(with(p2, "postback-sequence-index", 1), key: SignatureTestKey.publicKey))
    b.add(
      "test-key-t3-p2-apple-key",
      "A test-key postback checked with Apple's key (the default): `bad-signature`; catches a verifier that trusts any key.",
      ["SIG-5"], verify(p2))
  }

  private static func impressions(_ b: inout ScenarioBuilder) {
    func signedString(_ kind: String, _ fields: JSONValue) -> JSONValue {
      SignatureSuite.Input.object([.op: operation(.impressionSignedString), .kind: .string(kind), .impression: fields])
    }
    func verifyImpression(
      _ kind: String, _ fields: JSONValue, _ signature: String, key: String = SignatureTestKey.publicKey
    ) -> JSONValue {
      SignatureSuite.Input.object([
        .op: operation(.verifyImpression), .kind: .string(kind), .impression: fields, .signature: .string(signature),
        .publicKey: .string(key),
      ])
    }
    let storeKit = ScenarioData.required(SignatureTestKey.impressions, "storekit-rendered", "test-key impression")
    let viewThrough = ScenarioData.required(SignatureTestKey.impressions, "view-through", "test-key impression")
    let web = ScenarioData.required(SignatureTestKey.impressions, "web", "test-key impression")
    b.add(
      "impression-storekit-rendered",
      "The StoreKit-rendered signed string: eight fields, fidelity-type 1, millisecond timestamp; catches a wrong order or seconds.",
      ["SIG-9"], signedString("storekit-rendered", storeKit.fields))
    b.add(
      "impression-view-through", "The view-through signed string: fidelity-type 0; catches a fixed fidelity of 1.",
      ["SIG-9"], signedString("view-through", viewThrough.fields))
    b.add(
      "impression-web", "The web signed string: source-domain in the source-app-id slot.", ["SIG-10"],
      signedString("web", web.fields))
    b.add(
      "impression-upper-case-nonce",
      "An upper-case nonce (as `UUID().uuidString` gives) is signed lower-case; catches signing it as given.",
      ["SIG-11", "SIG-9"], tags: ["case"],
      signedString(
        "storekit-rendered",
        with(
          storeKit.fields, "nonce",
          .string(ScenarioData.string(storeKit.fields, "nonce", "the StoreKit impression").uppercased()))))
    b.add(
      "impression-nonce-not-uuid", "A nonce that is not a UUID: `invalid-nonce`.", ["SIG-11"],
      signedString("storekit-rendered", with(storeKit.fields, "nonce", "68483ef6067841b29b2e3ed4e1f6a2c0")))
    b.add(
      "impression-source-identifier-10000", "source-identifier 10000 (five digits): `invalid-source-identifier`.",
      ["SIG-11"], tags: ["edge-exact"],
      signedString("storekit-rendered", with(storeKit.fields, "source-identifier", 10000)))
    b.add(
      "impression-source-identifier-9999", "source-identifier 9999 is the largest accepted.", ["SIG-11", "SIG-9"],
      tags: ["edge-exact"], signedString("storekit-rendered", with(storeKit.fields, "source-identifier", 9999)))
    b.add(
      "impression-source-identifier-string",
      "source-identifier as a string: `invalid-input` (Apple's type is a number).", ["IN-1", "SIG-9"],
      tags: ["bad-input"], signedString("storekit-rendered", with(storeKit.fields, "source-identifier", "5239")))
    b.add(
      "impression-development-source-app", "source-app-id 0, for a development-signed source app, is signed as 0.",
      ["SIG-9"], signedString("view-through", with(viewThrough.fields, "source-app-id", 0)))
    b.add(
      "impression-web-without-domain", "A web impression without source-domain is `invalid-input`.",
      ["IN-1", "SIG-10"], tags: ["bad-input"], signedString("web", storeKit.fields))
    b.add(
      "impression-unknown-kind", "An unknown kind is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      signedString("banner", storeKit.fields))
    b.add(
      "verify-impression-storekit-rendered",
      "A StoreKit-rendered impression signed with the test key verifies; signatures are checked by verification, not bytes.",
      ["SIG-12", "SIG-9"], verifyImpression("storekit-rendered", storeKit.fields, storeKit.signature))
    b.add(
      "verify-impression-view-through", "A view-through impression signed with the test key verifies.",
      ["SIG-12", "SIG-9"], verifyImpression("view-through", viewThrough.fields, viewThrough.signature))
    b.add(
      "verify-impression-web", "A web impression signed with the test key verifies.", ["SIG-12", "SIG-10"],
      verifyImpression("web", web.fields, web.signature))
    b.add(
      "verify-impression-upper-case-nonce",
      "The StoreKit-rendered impression with its nonce in upper case still verifies: the nonce is signed lower-case.",
      ["SIG-11", "SIG-12"], tags: ["case"],
      verifyImpression(
        "storekit-rendered",
        with(
          storeKit.fields, "nonce",
          .string(ScenarioData.string(storeKit.fields, "nonce", "the StoreKit impression").uppercased())),
        storeKit.signature))
    b.add(
      "verify-impression-seconds",
      "The StoreKit-rendered impression with its timestamp changed to seconds: `bad-signature`, since the signature covers the milliseconds; catches a verifier that does not act on the result of the check.",
      ["SIG-9", "SIG-12"],
      verifyImpression("storekit-rendered", with(storeKit.fields, "timestamp", 1_700_000_000), storeKit.signature))
    b.add(
      "verify-impression-wrong-kind",
      "The StoreKit-rendered signature checked as view-through (fidelity-type 0): `bad-signature`.",
      ["SIG-9", "SIG-12"], verifyImpression("view-through", storeKit.fields, storeKit.signature))
    b.add(
      "verify-impression-apple-key", "A test-key impression checked with another key (Apple's): `bad-signature`.",
      ["SIG-12"], verifyImpression("web", web.fields, web.signature, key: AppleKeys.skanP256))
    b.add(
      "verify-impression-malformed", "A signature that is not base64 DER: `malformed-signature`.", ["SIG-12"],
      verifyImpression("web", web.fields, "AAAA"))
  }

  static func verifyImpressionDouble() -> JSONValue {
    let storeKit = ScenarioData.required(SignatureTestKey.impressions, "storekit-rendered", "test-key impression")
    return SignatureSuite.Input.object([
      .op: operation(.verifyImpression), .kind: "storekit-rendered",
      .impression: with(storeKit.fields, "itunes-item-id", .double(1_234_567_890)),
      .signature: .string(storeKit.signature), .publicKey: .string(SignatureTestKey.publicKey),
    ])
  }

  private static func jws(_ b: inout ScenarioBuilder) {
    let testKeys = productionTestKeys
    func aak(_ postback: JSONValue, keys: JSONValue? = nil) -> JSONValue {
      let input = SignatureSuite.Input.object([.op: operation(.verifyAAKPostback), .postback: postback])
      guard let keys else { return input }
      return input.setting(SignatureSuite.Input.keys, keys)
    }
    func testJWS(_ name: String) -> String { ScenarioData.required(SignatureTestKey.jws, name, "test-key JWS") }
    func outer(_ jws: String) -> JSONValue {
      ["jws-string": .string(jws), "conversion-value": 12, "ad-interaction-type": "view", "country-code": "DE"]
    }
    let dev1 = sample("apple_doc_aak_reengagement_dev1")
    let prod = sample("apple_doc_aak_prod_illustrative")
    b.add(
      "aak-apple-development-1",
      "Apple's genuine AdAttributionKit example (kid `apple-development-identifier\\/1`, escaped slash) verifies with the development 1 key; conversion-type re-engagement. Source: \(source("apple_doc_aak_reengagement_dev1")) (apple-samples.json `apple_doc_aak_reengagement_dev1`).",
      ["SIG-13", "SIG-16", "SIG-17"], aak(dev1))
    b.add(
      "aak-apple-production-illustrative",
      "Apple's illustrative production example (kid `apple-cas-identifier/0`) does not verify with any published key: `bad-signature`, as the samples file says. Source: \(source("apple_doc_aak_prod_illustrative")) (apple-samples.json `apple_doc_aak_prod_illustrative`).",
      ["SIG-13"], aak(prod))
    b.add(
      "aak-apple-development-1-outer-changed",
      "Apple's development example with conversion-value, ad-interaction-type and country-code changed: still verified; the outer fields are not signed. Apple never sends a view-through re-engagement: MAY (SIG-25).",
      ["SIG-25"],
      aak(with(with(with(dev1, "conversion-value", 63), "ad-interaction-type", "view"), "country-code", "FR")))
    b.add(
      "aak-apple-development-1-wrong-key",
      "Apple's development example with only the development 0 key under its kid: `bad-signature`; catches a verifier that checks against the wrong key.",
      ["SIG-13"],
      aak(
        dev1,
        keys: [
          "apple-development-identifier/1": .string(
            ScenarioData.required(AppleKeys.aakByKID, "apple-development-identifier/0", "AdAttributionKit key"))
        ]))
    b.add(
      "aak-apple-development-1-production-only",
      "Apple's development example when only the production key is known: `unverifiable`, `unknown-kid`; catches trying every key.",
      ["SIG-15"], aak(dev1, keys: ["apple-cas-identifier/0": .string(AppleKeys.skanP256)]))
    b.add(
      "aak-test-key-p1-download",
      "A second postback (sequence index 1), download, signed with the kit's test key under Apple's production kid `apple-cas-identifier/0`, which the vector's `keys` maps to the test key: verified; catches a verifier that keeps Apple's own key for an Apple kid when it is given another. Its payload carries a publisher in a later postback, which Apple never sends: MAY (SIG-25).",
      ["SIG-25"], aak(outer(testJWS("postback-p1-download")), keys: testKeys))
    b.add(
      "aak-test-key-escaped-kid",
      "A development postback (Settings › Developer) signed with the test key, whose header writes the kid `apple-development-identifier\\/1` as Apple's example does; `keys` maps `apple-development-identifier/1` to the test key: verified; catches comparing the kid before JSON decoding (Apple's own development example covers the escaped kid at MUST). Its payload is a loser's third postback, which Apple never sends: MAY (SIG-25).",
      ["SIG-25"],
      aak(
        outer(testJWS("postback-p2-redownload-escaped")),
        keys: ["apple-development-identifier/1": .string(SignatureTestKey.publicKey)]))
    b.add(
      "aak-test-key-reengagement",
      "conversion-type `reengagement`, the spelling of one sentence of Apple's (no postback Apple shows carries it): verified and reported as `re-engagement` (MAY: a verifier that accepts only what Apple sends rejects it and states the difference).",
      ["SIG-24"],
      aak(outer(testJWS("postback-reengagement-unhyphenated")), keys: testKeys))
    b.add(
      "aak-test-key-conversion-type-install",
      "conversion-type `install`, correctly signed: `rejected`, `invalid-value`; catches verifiers that accept any conversion-type (seen in a real verifier).",
      ["SIG-17"], aak(outer(testJWS("postback-conversion-type-install")), keys: testKeys))
    b.add(
      "aak-test-key-psi-3",
      "postback-sequence-index 3, correctly signed: `rejected`, `invalid-value`; catches verifiers that do not check the index is 0 to 2 (seen in a real verifier).",
      ["SIG-17"],
      tags: ["edge-exact"], aak(outer(testJWS("postback-psi-3")), keys: testKeys))
    b.add(
      "aak-test-key-source-identifier-number",
      "source-identifier as a number in a postback, correctly signed: `wrong-type` (postbacks carry a string).",
      ["SIG-16"], aak(outer(testJWS("postback-source-id-number")), keys: testKeys))
    b.add(
      "aak-test-key-missing-did-win",
      "A payload without did-win, correctly signed: `rejected`, `missing-field`; catches verifiers that check the signature but not the payload's fields (seen in a real verifier).",
      ["SIG-16"],
      aak(outer(testJWS("postback-missing-did-win")), keys: testKeys))
    b.add(
      "aak-test-key-alg-none", "A header with alg `none`: `unsupported-alg`; catches the classic JWS downgrade.",
      ["SIG-14"], aak(outer(testJWS("postback-alg-none")), keys: testKeys))
    b.add(
      "aak-test-key-default-keys",
      "A test-key JWS under the kid `kit-test-key/0` checked against Apple's keys: the kid is unknown, `unverifiable`.",
      ["SIG-15"],
      aak(outer(testJWS("postback-p1-download-kit-kid"))))
    let good = testJWS("postback-p1-download")
    let parts = good.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let other = testJWS("postback-p2-redownload-escaped").split(separator: ".", omittingEmptySubsequences: false).map(
      String.init)
    if parts.count == 3, other.count == 3 {
      b.add(
        "aak-tampered-payload", "The first postback's header and signature with another payload: `bad-signature`.",
        ["SIG-13"], aak(outer("\(parts[0]).\(other[1]).\(parts[2])"), keys: testKeys))
      b.add(
        "aak-padded-part", "A signature part with `=` padding: `malformed-jws` (base64url in JWS has no padding).",
        ["SIG-14"], aak(outer("\(parts[0]).\(parts[1]).\(parts[2])=="), keys: testKeys))
      // The same signature in the standard alphabet: a lenient decoder reads the same bytes,
      // and the signature verifies, so only a strict reader answers rejected.
      let standard = String(parts[2].map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
      b.add(
        "aak-standard-alphabet",
        "The valid signature part written in the standard alphabet (`+` and `/` for `-` and `_`): `malformed-jws`; catches a lenient base64 decoder, which reads the same bytes and verifies it.",
        ["SIG-14"], aak(outer("\(parts[0]).\(parts[1]).\(standard)"), keys: testKeys))
      b.add(
        "aak-two-parts", "A JWS with two parts: `malformed-jws`.", ["SIG-14"],
        aak(outer("\(parts[0]).\(parts[1])"), keys: testKeys))
      // The JWS's own valid signature, DER-encoded: a verifier that accepts DER verifies it.
      let der = Base64Codec.decodeURL(parts[2]).flatMap { try? P256.Signing.ECDSASignature(rawRepresentation: $0) }
      b.add(
        "aak-der-signature",
        "The JWS's own valid signature DER-encoded in place of the raw R‖S: `malformed-signature`; catches verifiers that accept DER in JWS, which verify it.",
        ["SIG-14"],
        aak(
          outer("\(parts[0]).\(parts[1]).\(Base64Codec.encodeURL(Array(der?.derRepresentation ?? Data())))"),
          keys: testKeys))
    }
    b.add(
      "aak-invalid-unused-key",
      "A `keys` object with a malformed key under a kid the JWS does not use: `invalid-input`; the input's shape decides, not which key is looked up.",
      ["IN-1"], tags: ["bad-input"],
      aak(
        outer(testJWS("postback-p1-download")),
        keys: ["apple-cas-identifier/0": .string(SignatureTestKey.publicKey), "other": "AAAA"]))
    b.add(
      "verify-impression-integral-double",
      "`itunes-item-id` written `1234567890.0` is the same integer (README.md, conventions) and the impression verifies. An ad network's server never writes it so: MAY (SIG-25).",
      ["SIG-25"], verifyImpressionDouble())
    b.add(
      "aak-missing-jws-string", "A postback without jws-string: `missing-field`.", ["SIG-16"],
      aak(["conversion-value": 1]))
    b.add("aak-jws-string-number", "jws-string as a number: `wrong-type`.", ["SIG-16"], aak(["jws-string": 1]))
    func impression(_ jws: String, key: String = SignatureTestKey.publicKey) -> JSONValue {
      SignatureSuite.Input.object([.op: operation(.verifyAAKImpression), .jws: .string(jws), .publicKey: .string(key)])
    }
    func signingInput(_ header: String, _ payload: String) -> JSONValue {
      SignatureSuite.Input.object([
        .op: operation(.aakImpressionSigningInput), .header: .string(header), .payload: .string(payload),
      ])
    }
    let appleHeader = #"{"kid":"example.adattributionkit","alg":"ES256"}"#
    let applePayload =
      #"{"advertised-item-identifier":1108187390,"ad-network-identifier":"example.adattributionkit","impression-type":"app-impression","eligible-for-re-engagement":true,"timestamp":1719599957239,"publisher-item-identifier":5838492,"impression-identifier":"544B8FAD-0AD5-4434-98B2-327113AF84DB","source-identifier":5239}"#
    b.add(
      "aak-impression-apple-example",
      "The signing input of Apple's example impression (header and payload as Apple's example decodes; Apple: adattributionkit/generating-jws-impressions): base64url of each JSON text, joined by a dot; catches padding or the standard alphabet.",
      ["SIG-18"], signingInput(appleHeader, applePayload))
    b.add(
      "aak-impression-member-order",
      "The same payload with its members in another order: another signing input, as the signature covers the bytes; catches re-serializing the JSON before signing.",
      ["SIG-18"],
      signingInput(
        appleHeader,
        #"{"ad-network-identifier":"example.adattributionkit","advertised-item-identifier":1108187390,"eligible-for-re-engagement":true,"impression-identifier":"544B8FAD-0AD5-4434-98B2-327113AF84DB","impression-type":"app-impression","publisher-item-identifier":5838492,"source-identifier":5239,"timestamp":1719599957239}"#
      ))
    b.add(
      "aak-impression-source-identifier-text",
      "A payload whose source-identifier is the string \"5239\": `wrong-type` (an impression carries a number).",
      ["SIG-18"],
      signingInput(
        appleHeader,
        #"{"advertised-item-identifier":1108187390,"ad-network-identifier":"example.adattributionkit","impression-type":"app-impression","eligible-for-re-engagement":true,"timestamp":1719599957239,"publisher-item-identifier":5838492,"impression-identifier":"544B8FAD-0AD5-4434-98B2-327113AF84DB","source-identifier":"5239"}"#
      ))
    b.add(
      "aak-impression-no-timestamp", "A payload without timestamp: `missing-field`.", ["SIG-18"],
      signingInput(
        appleHeader,
        #"{"advertised-item-identifier":1108187390,"ad-network-identifier":"example.adattributionkit","impression-type":"app-impression","eligible-for-re-engagement":true,"publisher-item-identifier":5838492,"impression-identifier":"544B8FAD-0AD5-4434-98B2-327113AF84DB","source-identifier":5239}"#
      ))
    b.add(
      "aak-impression-alg-rs256", "A header with alg RS256: `unsupported-alg`.", ["SIG-18", "SIG-14"],
      signingInput(#"{"kid":"example.adattributionkit","alg":"RS256"}"#, applePayload))
    b.add(
      "aak-impression-header-not-json",
      "A header that is not JSON: `malformed-jws`, with the signing input of the text as given.", ["SIG-14"],
      signingInput("{kid:example}", applePayload))
    b.add(
      "aak-impression-test-key",
      "An AdAttributionKit impression JWS signed with the test key verifies, with its signing input; its payload types as Apple lists them (source-identifier a number).",
      ["SIG-18"], impression(testJWS("impression")))
    b.add(
      "aak-impression-source-identifier-string",
      "An impression whose source-identifier is a string (as in postbacks), correctly signed: `wrong-type`.",
      ["SIG-18"], impression(testJWS("impression-source-id-string")))
    b.add(
      "aak-impression-other-key", "An impression checked with Apple's key: `bad-signature`.", ["SIG-18"],
      impression(testJWS("impression"), key: AppleKeys.skanP256))
    b.add(
      "aak-impression-invalid-key", "An impression check with a public key that is not base64 SPKI: `invalid-input`.",
      ["IN-1"], tags: ["bad-input"], impression(testJWS("impression"), key: "AAAA"))
  }
}

/// The signature suite's scenarios (its part in vector generation).
extension SignatureSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { SignatureScenarios.self }
}
