import SKANJSON
import SKANModel
import SKANVocabulary

/// The `receiving` scenarios whose bodies were made for them (docs/design/receiving-suite.md
/// §5.3 item 4): SKAdNetwork postbacks with chosen transaction-ids
/// (`SignatureTestKey+Receiving.swift`, Tests/Fixtures/make_receiving_test_postbacks.py) and
/// AdAttributionKit JWS with chosen postback identifiers and kids (`SignatureTestKey+JWS.swift`,
/// Tests/Fixtures/make_aak_test_jws.py). All carry the kit's test key: tag `own-key`.
extension ReceivingScenarios {
  /// A SKAdNetwork test postback made for these scenarios, by name.
  static func receivingPostback(_ name: String) -> JSONValue {
    let text = ScenarioData.required(SignatureTestKey.receivingPostbacks, name, "receiving test-key postback")
    guard let value = try? JSONParser.parse(text) else {
      preconditionFailure("scenario data: the receiving test-key postback \"\(name)\" is not JSON")
    }
    return value
  }

  /// Apple's three AdAttributionKit kids with Apple's keys, except `kids`, mapped to the kit's
  /// test key.
  static func aakTestKeys(_ kids: [String]) -> JSONValue {
    var keys = AppleKeys.aakByKID.mapValues { JSONValue.string($0) }
    for kid in kids { keys[kid] = .string(SignatureTestKey.publicKey) }
    return .object(keys)
  }

  static func testKeyBodies(_ b: inout ScenarioBuilder) {
    let production = PostbackReceiver.productionKID
    let development0 = PostbackReceiver.developmentKIDs[0]
    b.add(
      "aak-network-then-copy",
      "A test-key AdAttributionKit download (window 0) on the network path, then its developer copy on the AdAttributionKit copy path: one install, the copy a duplicate of arrival 0; catches a key that includes the path, for AdAttributionKit.",
      ["RCV-4", "RCV-9"],
      batch(
        spaced([(networkPath, testJWS("postback-p0-download")), (aakCopy, testJWS("postback-p0-download"))]),
        aakKeys: aakTestKeys([production])))
    b.add(
      "duplicate-resigned",
      "A test-key postback, then a postback with the same members and another valid signature of them (ECDSA signs one message many ways): a duplicate with `body_differs` true, since `attribution-signature` is compared; catches deduplicating on `attribution-signature`, which counts the postback twice.",
      ["RCV-5", "RCV-6"],
      batch(
        spaced([(networkPath, testPostback("t3-p0")), (networkPath, receivingPostback("t3-p0-resigned"))]),
        skadnetworkKey: testSKANKey))
    b.add(
      "aak-duplicate-other-jws",
      "Two test-key JWS with one postback-identifier and different source-identifiers: the second is a duplicate with `body_differs` true; catches deduplicating on `jws-string`, which counts both.",
      ["RCV-5", "RCV-6"],
      batch(
        spaced([
          (networkPath, testJWS("postback-same-id-source-1234")),
          (networkPath, testJWS("postback-same-id-source-5678")),
        ]), aakKeys: aakTestKeys([production])))
    b.add(
      "same-id-two-frameworks",
      "A test-key SKAdNetwork postback whose transaction-id equals the postback-identifier of a test-key AdAttributionKit postback: both counted (kit-defined: the frameworks are separate namespaces); catches deduplicating across frameworks. Apple never sends one identifier in both frameworks: MAY (RCV-22).",
      ["RCV-22"],
      batch(
        spaced([(networkPath, receivingPostback("shared-id")), (networkPath, testJWS("postback-skan-shared-id"))]),
        skadnetworkKey: testSKANKey, aakKeys: aakTestKeys([production])))
    b.add(
      "id-letter-case",
      "Two test-key SKAdNetwork postbacks whose transaction-ids differ only in letter case: both counted (kit-defined: exact strings; both are signed); catches a case-insensitive comparison of identifiers. Apple never sends two identifiers that differ only in letter case: MAY (RCV-22).",
      ["RCV-22"],
      batch(
        spaced([(networkPath, receivingPostback("id-lower-case")), (networkPath, receivingPostback("id-upper-case"))]),
        skadnetworkKey: testSKANKey))
    b.add(
      "development-does-not-dedup-production",
      "A test-key JWS under `apple-development-identifier/0`, then one under `apple-cas-identifier/0` with the same postback-identifier: both counted, one development and one production row; catches a development postback pre-empting a production one (the environment left out of the key). Apple never sends one identifier in both environments: MAY (RCV-22).",
      ["RCV-22"],
      batch(
        spaced([
          (networkPath, testJWS("postback-shared-id-development-0")),
          (networkPath, testJWS("postback-shared-id-production")),
        ]), aakKeys: aakTestKeys([production, development0])))
    b.add(
      "aak-development-kid-0",
      "A test-key JWS under `apple-development-identifier/0`, Apple's other development kid: `development`, in a development row; catches counting development postbacks as production, or knowing only the development kid of Apple's example (`/1`).",
      ["RCV-13", "RCV-15"],
      batch(
        [arrival(start, networkPath, testJWS("postback-shared-id-development-0"))], aakKeys: aakTestKeys([development0])
      )
    )
    b.add(
      "aak-publisher-0-production-kid",
      "A test-key JWS under `apple-cas-identifier/0` whose publisher-item-identifier is 0 (as in Apple's development example): `production`, since the kid decides (kit-defined reading); catches classifying by publisher 0 instead of the kid. Apple signs a publisher of 0 under a development kid only: MAY (RCV-22).",
      ["RCV-22"],
      batch([arrival(start, networkPath, testJWS("postback-publisher-0"))], aakKeys: aakTestKeys([production])))
    b.add(
      "skan-three-windows",
      "One install's three test-key postbacks (sequence index 0, 1 and 2, each with its own transaction-id), arriving 4 and 14 days after the first: three rows, windows 0, 1 and 2; catches routing every postback to window 0, the window from the arrival time, and postbacks 1 and 2 added to the installs.",
      ["RCV-17", "RCV-19"],
      batch(
        [
          arrival(start, networkPath, receivingPostback("window-0")),
          arrival(start + 4 * day, networkPath, receivingPostback("window-1")),
          arrival(start + 14 * day, networkPath, receivingPostback("window-2")),
        ], skadnetworkKey: testSKANKey))
    b.add(
      "window-by-index-not-time",
      "The same install's window-1 postback arriving an hour before its window-0 postback (after an outage, the device's resends of window 0 can come after window 1): windows 1 and 0, as their indexes say; catches numbering a network's postbacks for an app in arrival order.",
      ["RCV-17"],
      batch(
        spaced(
          [(networkPath, receivingPostback("window-1")), (networkPath, receivingPostback("window-0"))], every: hour),
        skadnetworkKey: testSKANKey))
  }
}
