import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `receiving` suite (Spec/receiving.md; docs/design/receiving-suite.md §4):
/// batches of requests a postback receiver got, made of Apple's published postbacks (which
/// verify with Apple's keys) and the kit's test-key postbacks (tag `own-key`).
///
/// Names in the descriptions, as in the design: **A** is Apple's 4.0 web-ad example at the high
/// tier (`transaction-id` `…1e30`), **B** the low-tier one (`…1e31`), **L** Apple's 3.0
/// non-winning example, **W3** the 3.0 winning one, **V22** the 2.2 one, **E** Apple's
/// AdAttributionKit development re-engagement (kid `apple-development-identifier/1`); "the
/// network path" is `/postbacks`, "the SKAdNetwork copy path" and "the AdAttributionKit copy
/// path" the two well-known paths.
enum ReceivingScenarios: SuiteScenarios {
  static let suite = Suite.receiving

  /// The receiver's network path in every scenario but the invalid ones.
  static let networkPath = "/postbacks"
  static let skadnetworkCopy = PostbackReceiver.skadnetworkCopyPath
  static let aakCopy = PostbackReceiver.adAttributionKitCopyPath
  /// The first arrival of most batches: three days after the scenarios' T0, not aligned.
  static let start = ScenarioTime.at(hours: 72)
  static let minute = ScenarioTime.minute
  static let hour = ScenarioTime.hour
  static let day = 24 * ScenarioTime.hour

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.receiving)
    appleBatches(&b)
    deduplication(&b)
    verification(&b)
    routing(&b)
    copyPaths(&b)
    environments(&b)
    totals(&b)
    testKeyBodies(&b)
    invalidInputs(&b)
    return b.scenarios
  }

  /// `own-key` (``OwnKeyTag``): a batch whose `skadnetwork_public_key` is not Apple's, or whose
  /// `aak_keys` is not Apple's three keys by their kids (RCV-1: the signature suite's keys under
  /// the receiving suite's names).
  static func derivedTags(input: JSONValue, expected: SuiteResult) -> [String] {
    guard expected.outputValue != nil else { return [] }
    let own =
      OwnKeyTag.isOwn(skadnetworkKey: input[ReceivingSuite.Input.skadnetworkPublicKey])
      || OwnKeyTag.isOwn(aakKeys: input[ReceivingSuite.Input.aakKeys])
    return own ? [OwnKeyTag.name] : []
  }

  // MARK: - Building batches

  /// One request the receiver got.
  static func arrival(_ at: Int, _ path: String, _ body: JSONValue) -> JSONValue {
    ReceivingSuite.Arrival.object([.at: .integer(at), .path: .string(path), .body: body])
  }

  /// Requests one minute apart from ``start``, each `(path, body)`.
  static func spaced(_ requests: [(String, JSONValue)], from first: Int = start, every gap: Int = minute)
    -> [JSONValue]
  {
    requests.enumerated().map { index, request in arrival(first + index * gap, request.0, request.1) }
  }

  /// A `receive` input: the receiver (`/postbacks` unless told otherwise), its keys (absent:
  /// Apple's) and the arrivals.
  static func batch(
    _ arrivals: [JSONValue], networkPaths: [String] = [networkPath], reengagementCopies: Bool? = nil,
    skadnetworkKey: JSONValue? = nil, aakKeys: JSONValue? = nil
  ) -> JSONValue {
    var receiver = ReceivingSuite.Receiver.object([.networkPaths: .array(networkPaths.map { .string($0) })])
    if let reengagementCopies {
      receiver = receiver.setting(ReceivingSuite.Receiver.reengagementCopies, .bool(reengagementCopies))
    }
    var input = ReceivingSuite.Input.object([
      .op: .string(ReceivingSuite.Operation.receive.rawValue), .receiver: receiver, .arrivals: .array(arrivals),
    ])
    if let skadnetworkKey { input = input.setting(ReceivingSuite.Input.skadnetworkPublicKey, skadnetworkKey) }
    if let aakKeys { input = input.setting(ReceivingSuite.Input.aakKeys, aakKeys) }
    return input
  }

  /// The kit's test key as the only SKAdNetwork key of a batch.
  static let testSKANKey: JSONValue = .string(SignatureTestKey.publicKey)

  /// Apple's three AdAttributionKit kids, the production one mapped to the kit's test key and
  /// the two development ones to Apple's keys: the test-key JWS (signed under
  /// `apple-cas-identifier/0`) verify beside Apple's development example **E**.
  static let testProductionKeys: JSONValue = .object(
    AppleKeys.aakByKID.mapValues { .string($0) }.merging(
      [PostbackReceiver.productionKID: .string(SignatureTestKey.publicKey)]) { $1 })

  static func sample(_ id: String) -> JSONValue { SignatureScenarios.sample(id) }
  static func with(_ postback: JSONValue, _ key: String, _ value: JSONValue?) -> JSONValue {
    SignatureScenarios.with(postback, key, value)
  }
  static func testPostback(_ name: String) -> JSONValue {
    ScenarioData.required(SignatureTestKey.postbacks, name, "test-key postback")
  }
  /// A test-key JWS in a postback body, with the unsigned members a device adds.
  static func testJWS(_ name: String) -> JSONValue {
    [
      SignatureSuite.AAKPostback.jwsString.rawValue: .string(
        ScenarioData.required(SignatureTestKey.jws, name, "test-key JWS")),
      "conversion-value": 12, "ad-interaction-type": "view", "country-code": "DE",
    ]
  }

  static var a: JSONValue { sample("apple_doc_v4_0_web_tier_high_fine") }
  static var b: JSONValue { sample("apple_doc_v4_0_web_tier_low_coarse") }
  static var loser: JSONValue { sample("apple_doc_v3_0_nonwinning") }
  static var w3: JSONValue { sample("apple_doc_v3_0_winning") }
  static var v22: JSONValue { sample("apple_doc_v2_2") }
  static var e: JSONValue { sample("apple_doc_aak_reengagement_dev1") }
  /// **A** with a signed field changed: a forgery carrying A's `transaction-id`.
  static var forged: JSONValue { with(a, "source-identifier", "5238") }

  /// **E** with one part of its JWS altered (``JWSForgery``), the outer members kept: a
  /// forgery carrying E's `postback-identifier` (RCV-2, RCV-3).
  static func forgedE(_ part: JWSForgery.Part) -> JSONValue {
    let member = SignatureSuite.AAKPostback.jwsString.rawValue
    let jws = e[member]?.stringValue ?? ""
    return e.setting(member, .string(JWSForgery.altered(jws, part)))
  }

  // MARK: - Scenarios

  private static func appleBatches(_ b: inout ScenarioBuilder) {
    b.add(
      "apple-samples-batch",
      "The worked example of Spec/receiving.md, Apple's own postbacks only: A on the network path, its developer copy 1 s later, B a minute later, A an hour later with its unsigned conversion-value rewritten to 0, A with a signed field changed (a forgery), E on the AdAttributionKit copy path of an app that opted into re-engagement copies, and L replayed on the SKAdNetwork copy path: two production installs for com.example, the copy and the rewritten replay duplicates of arrival 0 (the rewritten one flagged), the forgery answered 200 and counted nowhere, E in a development row of its own, the replayed loser excluded; catches a pipeline wrong anywhere (double counting a copy or a rewritten replay, counting a forgery, development in production, a loser on a copy path).",
      ["RCV-1", "RCV-2", "RCV-4", "RCV-6", "RCV-7", "RCV-9", "RCV-11", "RCV-13", "RCV-16", "RCV-18", "RCV-19"],
      batch(
        [
          arrival(start, networkPath, a),
          arrival(start + ScenarioTime.second, skadnetworkCopy, a),
          arrival(start + minute, networkPath, Self.b),
          arrival(start + hour, networkPath, with(a, "conversion-value", 0)),
          arrival(start + hour + minute, networkPath, forged),
          arrival(start + hour + 2 * minute, aakCopy, e),
          arrival(start + hour + 3 * minute, skadnetworkCopy, loser),
        ], reengagementCopies: true, skadnetworkKey: .null, aakKeys: .null))
    b.add(
      "single-winner",
      "A alone on the network path: verified, counted, production, window 0, one row; catches a receiver that counts nothing or routes a 4.0 postback to no window.",
      ["RCV-1", "RCV-2", "RCV-17", "RCV-19"], batch([arrival(start, networkPath, a)]))
    b.add(
      "apple-v2-2-counted",
      "V22, A and B on the network path: three installs, V22 a winner of window 0 with conversion type redownload (W3 is not in the batch: it shares V22's transaction-id …1e28); catches a verifier that rejects Apple's 2.2 example (vap 1.1.0 signs it with the 2.1 layout, signature/apple-v2-2), which undercounts installs by one.",
      ["RCV-1", "RCV-16"],
      batch(spaced([(networkPath, v22), (networkPath, a), (networkPath, Self.b)])))
  }

  private static func deduplication(_ b: inout ScenarioBuilder) {
    b.add(
      "device-retry",
      "A, and A again an hour later (the device resent it): the second is a duplicate of arrival 0 with an identical body, and both are answered 200; catches double counting a device retry.",
      ["RCV-4", "RCV-7"], batch([arrival(start, networkPath, a), arrival(start + hour, networkPath, a)]))
    let nine =
      (0..<9).map { arrival(start + $0 * day, networkPath, a) } + [
        arrival(start + 9 * day - 1, networkPath, a)
      ]
    b.add(
      "device-retry-nine-times",
      "A ten times over 9 days (the first attempt and Apple's nine retries: one a day, the last 1 ms before 9 days): one counted, nine duplicates of arrival 0; catches counting a late retry, or a deduplication set with a size cap that forgets the first.",
      ["RCV-4", "RCV-20"], batch(nine))
    b.add(
      "retry-day-nine",
      "A, and A again 9 days less 1 ms later: still a duplicate (the device may resend for 9 days); catches a deduplication store that forgets identifiers after 24 hours or 7 days.",
      ["RCV-20"], batch([arrival(start, networkPath, a), arrival(start + 9 * day - 1, networkPath, a)]))
    b.add(
      "retry-after-ten-days",
      "A, and A again 10 days later: a duplicate, since the model keeps every key for the whole batch (kit-defined; Apple bounds the retries, not the memory); catches a store with a 9-day time to live. Apple's devices never retry after 9 days: MAY (RCV-22).",
      ["RCV-22"], batch([arrival(start, networkPath, a), arrival(start + 10 * day, networkPath, a)]))
    b.add(
      "network-then-copy",
      "A on the network path, then its developer copy on the SKAdNetwork copy path: one install, the copy a duplicate of arrival 0; catches a key that includes the path (a developer copy counted as a second install).",
      ["RCV-4", "RCV-5", "RCV-9"], batch(spaced([(networkPath, a), (skadnetworkCopy, a)], every: ScenarioTime.second)))
    b.add(
      "copy-then-network",
      "A's developer copy first, then A on the network path: the copy is counted and the network postback is its duplicate; catches a receiver that deduplicates copies against network postbacks only, and counts the network postback when the copy came first.",
      ["RCV-4", "RCV-5", "RCV-9"], batch(spaced([(skadnetworkCopy, a), (networkPath, a)], every: ScenarioTime.second)))
    b.add(
      "duplicate-value-rewritten",
      "A, then A with its unsigned conversion-value rewritten to 0 (still verified, SIG-19): a duplicate of arrival 0 with `body_differs` true, and the first arrival's values stay counted; catches last-wins (the rewritten value replaces the counted one), a differing body counted as a new postback, and `body_differs` never set.",
      ["RCV-6"], batch(spaced([(networkPath, a), (networkPath, with(a, "conversion-value", 0))])))
    b.add(
      "duplicate-forwarder-fields",
      "A, then A with `timestamp` and `adjust-signature` added by a forwarder: a duplicate with `body_differs` false, as members Apple does not define are ignored; catches comparing raw bodies, which flags every forwarded copy.",
      ["RCV-6", "SIG-19"],
      batch(
        spaced([
          (networkPath, a),
          (networkPath, with(with(a, "timestamp", 1_700_259_260), "adjust-signature", "c2lnbmF0dXJl")),
        ])))
    b.add(
      "duplicate-as-text",
      "A as an object, then A as body text with other white space (pretty-printed): the same postback, a duplicate with `body_differs` false; catches deduplicating or comparing by the body's bytes or hash.",
      ["RCV-6", "RCV-21"], batch(spaced([(networkPath, a), (networkPath, .string(CanonicalJSON.pretty(a)))])))
    b.add(
      "aak-duplicate-outer-changed",
      "E on the network path, then E with `coarse-conversion-value` added outside the JWS: a duplicate with `body_differs` true (the stanza's members are compared, not only the JWS); catches comparing only `jws-string`.",
      ["RCV-6"], batch(spaced([(networkPath, e), (networkPath, with(e, "coarse-conversion-value", "high"))])))
    b.add(
      "third-copy-points-to-first",
      "A, A with conversion-value 0, and A as first sent: both later ones are duplicates of arrival 0, the third with `body_differs` false (it equals the counted body, not the previous arrival); catches `duplicate_of` naming the previous duplicate and `body_differs` compared with the previous arrival.",
      ["RCV-6"], batch(spaced([(networkPath, a), (networkPath, with(a, "conversion-value", 0)), (networkPath, a)])))
    b.add(
      "same-millisecond",
      "Two pairs at the same millisecond each: A's copy listed before A on the network path, then B on the network path listed before B's copy; in each pair the one listed first is counted (input order decides ties); catches sorting arrivals by path, role or framework before deduplicating, which reverses one of the pairs.",
      ["RCV-6", "RCV-20"],
      batch([
        arrival(start, skadnetworkCopy, a), arrival(start, networkPath, a),
        arrival(start + minute, networkPath, Self.b), arrival(start + minute, skadnetworkCopy, Self.b),
      ]))
    b.add(
      "distinct-ids-both-count",
      "A and B, two postbacks of one ad network, app and source domain with different transaction-ids: both counted; catches deduplicating on the wrong field (ad network, source identifier and app; source-domain).",
      ["RCV-4", "RCV-5"], batch(spaced([(networkPath, a), (networkPath, Self.b)])))
  }

  private static func verification(_ b: inout ScenarioBuilder) {
    b.add(
      "forged-then-genuine",
      "A forgery of A (source-identifier changed, bad-signature) first, then A: the forgery is rejected and A is counted; catches deduplicating before verifying, where the forgery claims A's transaction-id and the genuine postback is dropped.",
      ["RCV-3"], batch(spaced([(networkPath, forged), (networkPath, a)])))
    b.add(
      "genuine-then-forged",
      "A, then a forgery of A: the forgery is `rejected` (never a duplicate, never counted); catches reporting a failed postback whose identifier was counted as a `duplicate`.",
      ["RCV-2", "RCV-3"], batch(spaced([(networkPath, a), (networkPath, forged)])))
    b.add(
      "unverifiable-then-genuine",
      "A relabelled version 4.1 (unverifiable, unknown-version) first, then A: the first is `unverifiable` and claims nothing, A is counted; catches an unverifiable postback claiming its identifier.",
      ["RCV-2", "RCV-3"], batch(spaced([(networkPath, with(a, "version", "4.1")), (networkPath, a)])))
    b.add(
      "unknown-kid-not-counted",
      "A test-key JWS under the kid `kit-test-key/0`, received with Apple's keys: `unverifiable`, `unknown-kid`, not counted; catches counting a postback whose key is unknown.",
      ["RCV-2", "RCV-13"], batch([arrival(start, networkPath, testJWS("postback-p1-download-kit-kid"))]))
    b.add(
      "aak-forged-then-genuine",
      "E with its signed source identifier changed (signature kept) first, then E: the forgery is `rejected`, `bad-signature`, and E is counted; catches a receiver that never verifies an AdAttributionKit JWS, and deduplicating before verifying.",
      ["RCV-2", "RCV-3"], batch(spaced([(networkPath, forgedE(.payload)), (networkPath, e)])))
    b.add(
      "aak-genuine-then-forged",
      "E, then E with one byte of its signature changed: the forgery is `rejected` (never a duplicate, never counted); catches an AdAttributionKit JWS taken on its payload, and a failed postback reported as a duplicate.",
      ["RCV-2", "RCV-3"], batch(spaced([(networkPath, e), (networkPath, forgedE(.sealBytes))])))
    b.add(
      "aak-forged-production-kid",
      "E's payload and development signature under a header naming the production kid: `rejected`, `bad-signature` (the header is signed), counted nowhere, answered 200; catches a receiver that reads the kid without verifying, which counts a development postback as production.",
      ["RCV-2", "RCV-7", "RCV-13"], batch([arrival(start, networkPath, forgedE(.header))]))
    b.add(
      "aak-forged-among-genuine",
      "A test-key download, a forgery of E (payload changed), E, a forgery of E (signature changed) and a test-key re-engagement: three counted, the two forgeries `rejected` and in no total; catches AdAttributionKit verification skipped mid-batch.",
      ["RCV-2", "RCV-3", "RCV-19"],
      batch(
        spaced([
          (networkPath, testJWS("postback-p1-download")), (networkPath, forgedE(.payload)), (networkPath, e),
          (networkPath, forgedE(.sealBytes)), (networkPath, testJWS("postback-reengagement")),
        ]),
        aakKeys: [
          PostbackReceiver.productionKID: .string(SignatureTestKey.publicKey),
          "apple-development-identifier/0": .string(
            ScenarioData.required(AppleKeys.aakByKID, "apple-development-identifier/0", "AdAttributionKit key")),
          "apple-development-identifier/1": .string(
            ScenarioData.required(AppleKeys.aakByKID, "apple-development-identifier/1", "AdAttributionKit key")),
        ]))
    b.add(
      "bad-signature-answered-200",
      "A forgery of A alone: `rejected`, `bad-signature`, and still answered 200 (Apple: respond on receipt, before verifying); catches answering 400 or 401 to a failed verification, which makes a StoreKit device resend it nine times.",
      ["RCV-7"], batch([arrival(start, networkPath, forged)]))
    b.add(
      "not-json-answered-200",
      "A body that is not JSON (the text `not json`): no framework, `rejected`, `malformed-json`, answered 200; catches answering 400 (RCV-8 is a SHOULD) and a receiver that fails on a body that is not an object.",
      ["RCV-8", "RCV-21"], batch([arrival(start, networkPath, "not json")]))
  }

  private static func routing(_ b: inout ScenarioBuilder) {
    b.add(
      "loser-counted-as-loser",
      "L (did-win false) on the network path: counted in a row with `did_win` false; catches counting losers as installs (did-win ignored).",
      ["RCV-16", "RCV-19"], batch([arrival(start, networkPath, loser)]))
    b.add(
      "pre-3-0-is-winner",
      "V22 (version 2.2, no did-win) on the network path: a winner; catches reading a missing did-win as false.",
      ["RCV-16"], batch([arrival(start, networkPath, v22)]))
    b.add(
      "legacy-window-zero",
      "W3 (version 3.0, no postback-sequence-index, redownload true) on the network path: window 0, conversion type redownload; catches `window` null for a postback before 4.0, and `redownload` ignored.",
      ["RCV-17", "RCV-18"], batch([arrival(start, networkPath, w3)]))
    b.add(
      "aak-conversion-types",
      "Three test-key JWS: a download (window 1), a redownload (development, window 2, a loser) and a re-engagement: reported as `download`, `redownload` and `re-engagement`; catches one conversion type for all.",
      ["RCV-18", "SIG-17"],
      batch(
        spaced([
          (networkPath, testJWS("postback-p1-download")), (networkPath, testJWS("postback-p2-redownload-escaped")),
          (networkPath, testJWS("postback-reengagement")),
        ]),
        aakKeys: [
          PostbackReceiver.productionKID: .string(SignatureTestKey.publicKey),
          "apple-development-identifier/1": .string(SignatureTestKey.publicKey),
        ]))
    b.add(
      "aak-reengagement-unhyphenated",
      "A test-key re-engagement spelled `reengagement`, the spelling of one sentence of Apple's that no postback Apple shows carries: counted, reported as `re-engagement` (MAY: a receiver that accepts only Apple's enumerated strings rejects it and states the difference).",
      ["SIG-24"],
      batch([arrival(start, networkPath, testJWS("postback-reengagement-unhyphenated"))], aakKeys: testProductionKeys))
  }

  private static func copyPaths(_ b: inout ScenarioBuilder) {
    b.add(
      "copy-later-window",
      "A test-key winner of window 2 (postback-sequence-index 2, tier 1) on the SKAdNetwork copy path: accepted and counted (kit-defined: Apple copies the winning postback, of any window); catches accepting only window 0 on copy paths.",
      ["RCV-11"], batch([arrival(start, skadnetworkCopy, testPostback("t1-p2"))], skadnetworkKey: testSKANKey))
    b.add(
      "loser-on-copy-path",
      "L replayed on the SKAdNetwork copy path: `excluded`, `loser-on-copy-path`, counted neither as winner nor loser; catches counting a loser from a copy path.",
      ["RCV-11"], batch([arrival(start, skadnetworkCopy, loser)]))
    b.add(
      "loser-on-copy-path-then-network",
      "L on the SKAdNetwork copy path, then L on the network path: the first is excluded and claims nothing, the second is counted as a loser; catches an excluded arrival claiming the identifier (the network's loser then lost as a duplicate).",
      ["RCV-3", "RCV-11"], batch(spaced([(skadnetworkCopy, loser), (networkPath, loser)])))
    b.add(
      "reengagement-copy-without-opt-in",
      "E (a re-engagement) on the AdAttributionKit copy path of an app that did not opt into re-engagement copies (`reengagement_copies` false): `excluded`, `reengagement-copy-without-opt-in`; catches ignoring the opt-in.",
      ["RCV-12"], batch([arrival(start, aakCopy, e)], reengagementCopies: false))
    b.add(
      "reengagement-copy-with-opt-in",
      "E on the AdAttributionKit copy path of an app that opted in (`reengagement_copies` true): counted, development; catches excluding every re-engagement copy.",
      ["RCV-12", "RCV-13"], batch([arrival(start, aakCopy, e)], reengagementCopies: true))
    b.add(
      "reengagement-network-no-opt-in",
      "E on the network path, `reengagement_copies` false: counted, since the opt-in is about copies only; catches applying the copy opt-in to a network path.",
      ["RCV-12"], batch([arrival(start, networkPath, e)], reengagementCopies: false))
    b.add(
      "skan-on-aak-copy-path",
      "A on the AdAttributionKit copy path: `excluded`, `wrong-copy-path`; catches accepting a postback on the other framework's copy path.",
      ["RCV-10"], batch([arrival(start, aakCopy, a)]))
    b.add(
      "aak-on-skan-copy-path",
      "E on the SKAdNetwork copy path of an app that opted into re-engagement copies: `excluded`, `wrong-copy-path` (the path rule comes first); catches accepting an AdAttributionKit postback on the SKAdNetwork copy path.",
      ["RCV-10"], batch([arrival(start, skadnetworkCopy, e)], reengagementCopies: true))
  }

  private static func environments(_ b: inout ScenarioBuilder) {
    b.add(
      "production-keys-only",
      "E at an endpoint that gives only Apple's production key (`aak_keys` with `apple-cas-identifier/0` alone): `unverifiable`, `unknown-kid`, not counted; catches trying every key (SIG-15) at a production-only endpoint, which counts a development postback there.",
      ["RCV-1", "RCV-2", "RCV-13"],
      batch(
        [arrival(start, networkPath, e)],
        aakKeys: [PostbackReceiver.productionKID: .string(AppleKeys.skanP256)]))
    b.add(
      "skan-source-app-0-development",
      "A test-key postback with source-app-id 0 (a development-signed source app, value 7): `development`, in a development row; catches counting a SKAdNetwork test postback in production.",
      ["RCV-14", "RCV-15"],
      batch([arrival(start, networkPath, testPostback("dev-source-app-0"))], skadnetworkKey: testSKANKey))
    b.add(
      "skan-conversion-value-0-production",
      "A test-key tier-3 postback (source-app-id 987654321) with its unsigned conversion-value set to 0: `production`; catches taking conversion-value 0 for a development marker (the StoreKit test rule, which no signed field supports).",
      ["RCV-14"],
      batch(
        [arrival(start, networkPath, with(testPostback("t3-p0"), "conversion-value", 0))], skadnetworkKey: testSKANKey))
    b.add(
      "skan-web-ad-production",
      "B, a web ad's postback (source-domain, no source-app-id): `production`; catches a `null` environment for a postback without a source app.",
      ["RCV-14"], batch([arrival(start, networkPath, Self.b)]))
    b.add(
      "development-rows-apart",
      "Two test-key postbacks of one ad network and window: a production one (source-app-id 987654321) and a development one (source-app-id 0): two rows, one per environment; catches one row for both environments.",
      ["RCV-15", "RCV-19"],
      batch(
        spaced([(networkPath, testPostback("t3-p0")), (networkPath, testPostback("dev-source-app-0"))]),
        skadnetworkKey: testSKANKey))
  }

  private static func totals(_ b: inout ScenarioBuilder) {
    b.add(
      "totals-order",
      "Four ad networks, both frameworks, both environments, winners and a loser, arriving in an order unlike the rows' (a test-key download of window 1, W3, E, A, L, a test-key re-engagement, B): six rows sorted by environment, framework, ad network ID, conversion type, window and did-win; catches rows in first-seen order, and merged rows.",
      ["RCV-19"],
      batch(
        spaced([
          (networkPath, testJWS("postback-p1-download")), (networkPath, w3), (networkPath, e), (networkPath, a),
          (networkPath, loser), (networkPath, testJWS("postback-reengagement")), (networkPath, Self.b),
        ]), aakKeys: testProductionKeys))
    b.add(
      "empty-batch",
      "No arrivals: every total 0 and no rows; catches a receiver that leaves out `totals` or `rows` when nothing was received.",
      ["RCV-19"], batch([]))
  }

  private static func invalidInputs(_ b: inout ScenarioBuilder) {
    b.add(
      "invalid-out-of-order",
      "B 1 ms before the A listed ahead of it: `out-of-order`; catches sorting arrivals by time, which changes which copy is first.",
      ["RCV-20"], batch([arrival(start, networkPath, a), arrival(start - 1, networkPath, Self.b)]))
    b.add(
      "invalid-unknown-path",
      "A on `/other`, a path the receiver did not register: `invalid-input`; catches guessing a role for an unknown path.",
      ["RCV-9", "IN-1"], tags: ["bad-input"], batch([arrival(start, "/other", a)]))
    b.add(
      "invalid-unknown-path-after-out-of-order",
      "B 1 ms before the A listed ahead of it, then A on `/other`: `invalid-input`, because every path is checked before any time (Spec/receiving.md, \"Order of checks\"); catches checking each arrival's path and time in one pass. Found by fuzzing the complete Python implementation against the reference, which did that.",
      ["RCV-9", "RCV-20", "IN-1"], tags: ["bad-input"],
      batch([arrival(start, networkPath, a), arrival(start - 1, networkPath, Self.b), arrival(start, "/other", a)]))
    b.add(
      "invalid-network-path-well-known",
      "A network path equal to the SKAdNetwork copy path: `invalid-input`; catches letting one path be both a network path and a copy path.",
      ["RCV-9", "IN-1"], tags: ["bad-input"],
      batch([arrival(start, skadnetworkCopy, a)], networkPaths: [skadnetworkCopy]))
    b.add(
      "invalid-aak-kid-not-apple",
      "`aak_keys` with the kid `kit-test-key/0`, which is none of Apple's three: `invalid-input`; catches accepting a kid that gives a postback no environment.",
      ["RCV-13", "IN-1"], tags: ["bad-input"],
      batch(
        [arrival(start, networkPath, testJWS("postback-p1-download-kit-kid"))],
        aakKeys: ["kit-test-key/0": .string(SignatureTestKey.publicKey)]))
    b.add(
      "invalid-missing-body",
      "An arrival without `body`: `invalid-input`; catches a receiver that supplies a default body.", ["IN-1"],
      tags: ["bad-input"],
      batch([ReceivingSuite.Arrival.object([.at: .integer(start), .path: .string(networkPath)])]))
    b.add(
      "invalid-key",
      "A `skadnetwork_public_key` that is not base64 SPKI DER: `invalid-input`; catches answering verdicts instead of refusing the input.",
      ["IN-1"], tags: ["bad-input"], batch([arrival(start, networkPath, a)], skadnetworkKey: "not a key"))
  }
}

/// The receiving suite's scenarios (its part in vector generation).
extension ReceivingSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { ReceivingScenarios.self }
}
