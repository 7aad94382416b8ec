import SKANJSON
import SKANModel
import Testing

/// The receiving side (docs/design/receiving-suite.md): what an ad network's or MMP's
/// endpoint counts from the requests it gets. Signatures use the stand-in key of
/// SignatureRulesTests, so each postback here is "signed" exactly when the test says so.
@Suite("Receiving postbacks: verify, deduplicate, keep development apart, count (RCV-1 to RCV-21)")
struct PostbackReceiverTests {
  static let network = "/postbacks"
  static let skanCopy = PostbackReceiver.skadnetworkCopyPath
  static let aakCopy = PostbackReceiver.adAttributionKitCopyPath

  // MARK: Postbacks

  /// A SKAdNetwork 4.0 postback signed under the stand-in key (or with a bad signature).
  static func skan(
    _ transaction: String, network: String = "net.skadnetwork", sourceAppID: Int? = 7, didWin: Bool = true,
    window: Int = 0, redownload: Bool = false, signed: Bool = true, extra: [String: JSONValue] = [:]
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "version": "4.0", "ad-network-id": .string(network), "source-identifier": "12", "app-id": 1,
      "transaction-id": .string(transaction), "redownload": .bool(redownload), "fidelity-type": 1,
      "did-win": .bool(didWin), "postback-sequence-index": .integer(window),
    ]
    if let sourceAppID { members["source-app-id"] = .integer(sourceAppID) }
    guard case .success(let text) = PostbackSignature.signedString(members, version: .v4_0) else {
      Issue.record("the test postback has no signed string")
      return .null
    }
    members["attribution-signature"] = .string(
      Base64Codec.encodeStandard(Array(((signed ? "ok:" : "no:") + text).utf8)))
    for (name, value) in extra { members[name] = value }
    return .object(members)
  }

  /// An AdAttributionKit postback stanza whose JWS the stand-in key verifies (first signature
  /// byte 1) under `kid`.
  static func aak(
    _ identifier: String, kid: String = PostbackReceiver.productionKID, type: String = "download",
    didWin: Bool = true, window: Int = 0, extra: [String: JSONValue] = [:]
  ) -> JSONValue {
    let header = Base64Codec.encodeURL(Array(CanonicalJSON.compact(["alg": "ES256", "kid": .string(kid)]).utf8))
    let payload: JSONValue = [
      "impression-type": "app-impression", "ad-network-identifier": "net.adattributionkit",
      "source-identifier": "1234", "advertised-item-identifier": 1, "conversion-type": .string(type),
      "postback-identifier": .string(identifier), "did-win": .bool(didWin), "postback-sequence-index": .integer(window),
    ]
    let body = Base64Codec.encodeURL(Array(CanonicalJSON.compact(payload).utf8))
    var stanza: [String: JSONValue] = [
      "jws-string": .string(header + "." + body + "." + Base64Codec.encodeURL(Array(repeating: 1, count: 64)))
    ]
    for (name, value) in extra { stanza[name] = value }
    return .object(stanza)
  }

  static func receiver(reengagementCopies: Bool = false) throws -> PostbackReceiver {
    let key = StandInKey()
    return try PostbackReceiver(
      networkPaths: [network], reengagementCopies: reengagementCopies,
      skadnetwork: PostbackSignature(key: key, legacyKey: key),
      aakKeys: [
        PostbackReceiver.productionKID: key, "apple-development-identifier/0": key,
        "apple-development-identifier/1": key,
      ])
  }

  static func receive(
    _ bodies: [(path: String, body: JSONValue)], reengagementCopies: Bool = false
  ) throws -> ReceivingOutcome {
    let requests = bodies.enumerated().map { index, entry in
      ReceivedRequest(
        at: Timestamp(milliseconds: 1_700_000_000_000 + index * 60_000), path: entry.path, body: entry.body)
    }
    return try receiver(reengagementCopies: reengagementCopies).receive(requests)
  }

  // MARK: Deduplication

  @Test("a device retry and the developer's copy of a counted postback are duplicates of it (RCV-4, RCV-9)")
  func retriesAndCopies() throws {
    let first = Self.skan("t-1")
    let outcome = try Self.receive([
      (Self.network, Self.skan("t-0")), (Self.network, first), (Self.network, first), (Self.skanCopy, first),
      (Self.network, Self.aak("p-1")), (Self.aakCopy, Self.aak("p-1")),
    ])
    let statuses = outcome.postbacks.map(\.status)
    #expect(statuses == [.counted, .counted, .duplicate, .duplicate, .counted, .duplicate])
    #expect(outcome.postbacks.map(\.duplicateOf) == [nil, nil, 1, 1, nil, 4])
    #expect(outcome.postbacks.map(\.bodyDiffers) == [nil, nil, false, false, nil, false])
    #expect(outcome.postbacks.map(\.role) == [.network, .network, .network, .copy, .network, .copy])
    #expect(outcome.postbacks.allSatisfy { $0.response == 200 })
    #expect(outcome.totals.count(.counted) == 3)
    #expect(outcome.totals.count(.duplicate) == 3)
  }

  @Test("a forged body carrying a real identifier does not suppress the genuine postback after it (RCV-3)")
  func verifyBeforeDeduplicating() throws {
    let outcome = try Self.receive([
      (Self.network, Self.skan("t-2")), (Self.network, Self.skan("t-1", signed: false)),
      (Self.network, Self.skan("t-1")),
    ])
    #expect(outcome.postbacks.map(\.status) == [.counted, .rejected, .counted])
    #expect(outcome.postbacks[1].verdict == PostbackVerdict(.rejected, .badSignature))
    #expect(outcome.postbacks[1].reading == nil)
  }

  @Test("a duplicate whose documented members differ says so; a forwarder's extra member and 1.0 for 1 do not (RCV-6)")
  func differingDuplicate() throws {
    let first = Self.skan("t-1", extra: ["conversion-value": 3])
    let outcome = try Self.receive([
      (Self.network, Self.skan("t-0")), (Self.network, first),
      (Self.network, Self.skan("t-1", extra: ["conversion-value": 40])),
      (Self.network, Self.skan("t-1", extra: ["conversion-value": 3.0, "timestamp": 17])),
      (Self.network, Self.skan("t-1")),
      (Self.network, .string(CanonicalJSON.compact(first))),
      (Self.network, Self.skan("t-2", extra: ["conversion-value": 5.0])),
      (Self.network, Self.skan("t-2", extra: ["conversion-value": 5])),
    ])
    #expect(outcome.postbacks.map(\.duplicateOf) == [nil, nil, 1, 1, 1, 1, nil, 6])
    #expect(outcome.postbacks.map(\.bodyDiffers) == [nil, nil, true, false, true, false, nil, false])
  }

  @Test("identifiers are exact bytes, and each framework and environment has its own (RCV-5)")
  func deduplicationKey() throws {
    let outcome = try Self.receive([
      (Self.network, Self.skan("caf\u{E9}")), (Self.network, Self.skan("cafe\u{301}")),
      (Self.network, Self.skan("T-1")), (Self.network, Self.skan("t-1")),
      (Self.network, Self.aak("t-1")), (Self.network, Self.skan("t-1", sourceAppID: 0)),
      (Self.network, Self.aak("t-1", kid: "apple-development-identifier/1")),
    ])
    #expect(outcome.postbacks.map(\.status) == Array(repeating: .counted, count: 7))
  }

  // MARK: Development postbacks

  @Test("development postbacks by kid and by source-app-id 0, counted apart from production (RCV-13 to RCV-15)")
  func development() throws {
    let outcome = try Self.receive([
      (Self.network, Self.skan("t-1", sourceAppID: 0)), (Self.network, Self.skan("t-2", sourceAppID: nil)),
      (Self.network, Self.aak("p-1", kid: "apple-development-identifier/0")), (Self.network, Self.aak("p-2")),
    ])
    #expect(outcome.postbacks.map(\.reading?.environment) == [.development, .production, .development, .production])
    let rows = outcome.totals.rows
    #expect(rows.map(\.environment) == [.development, .development, .production, .production])
    #expect(rows.map(\.framework) == [.adattributionkit, .skadnetwork, .adattributionkit, .skadnetwork])
    #expect(rows.allSatisfy { $0.count == 1 })
  }

  // MARK: Copy paths

  @Test("a loser on a copy path is excluded and claims no key; a later loser on the network path counts (RCV-11)")
  func loserOnCopyPath() throws {
    let loser = Self.skan("t-1", didWin: false)
    let outcome = try Self.receive([(Self.network, Self.skan("t-0")), (Self.skanCopy, loser), (Self.network, loser)])
    #expect(outcome.postbacks.map(\.status) == [.counted, .excluded, .counted])
    #expect(outcome.postbacks[1].exclusion == .loserOnCopyPath)
    #expect(outcome.totals.rows.map(\.didWin) == [false, true])
  }

  @Test("a postback on the other framework's copy path is excluded (RCV-10)")
  func wrongCopyPath() throws {
    let outcome = try Self.receive([(Self.aakCopy, Self.skan("t-1")), (Self.skanCopy, Self.aak("p-1"))])
    #expect(outcome.postbacks.map(\.exclusion) == [.wrongCopyPath, .wrongCopyPath])
    #expect(outcome.totals.rows.isEmpty)
  }

  @Test("an AdAttributionKit re-engagement copy needs the app's opt-in; the network's own does not (RCV-12)")
  func reengagementCopies() throws {
    let batch: [(path: String, body: JSONValue)] = [
      (Self.aakCopy, Self.aak("p-1", type: "reengagement")), (Self.network, Self.aak("p-2", type: "re-engagement")),
    ]
    let without = try Self.receive(batch)
    #expect(without.postbacks.map(\.status) == [.excluded, .counted])
    #expect(without.postbacks[0].exclusion == .reengagementCopyWithoutOptIn)
    let with = try Self.receive(batch, reengagementCopies: true)
    #expect(with.postbacks.map(\.status) == [.counted, .counted])
    #expect(with.postbacks.map(\.reading?.conversionType) == [.reengagement, .reengagement])
  }

  // MARK: Reading and totals

  @Test("a 2.2 postback is a winner in window 0 whatever unsigned members it carries (RCV-16, RCV-17)")
  func legacy() throws {
    var members: [String: JSONValue] = [
      "version": "2.2", "ad-network-id": "n", "campaign-id": 4, "app-id": 1, "transaction-id": "old",
      "redownload": true, "fidelity-type": 1,
    ]
    guard case .success(let text) = PostbackSignature.signedString(members, version: .v2_2) else {
      Issue.record("no signed string")
      return
    }
    members["attribution-signature"] = .string(Base64Codec.encodeStandard(Array(("ok:" + text).utf8)))
    members["did-win"] = false
    members["postback-sequence-index"] = 2
    let outcome = try Self.receive([(Self.network, .object(members))])
    let reading = try #require(outcome.postbacks[0].reading)
    #expect(reading.didWin)
    #expect(reading.window == 0)
    #expect(reading.conversionType == .redownload)
  }

  @Test("the totals: one row per combination in RCV-19's order, and the count of each status (RCV-19)")
  func totals() throws {
    let outcome = try Self.receive([
      (Self.network, Self.skan("a", network: "b.net", window: 1)), (Self.network, Self.skan("b", network: "b.net")),
      (Self.network, Self.skan("c", network: "a.net", didWin: false)), (Self.network, Self.skan("d", network: "a.net")),
      (Self.network, Self.skan("e", network: "a.net")), (Self.network, Self.skan("e", network: "a.net")),
      (Self.network, .string("not json")), (Self.network, Self.skan("f", signed: false)),
      (Self.network, Self.skan("g", network: "a.net", redownload: true)),
    ])
    let rows = outcome.totals.rows.map {
      "\($0.adNetworkID) \($0.conversionType.rawValue) \($0.window.map(String.init) ?? "none") \($0.didWin) \($0.count)"
    }
    #expect(
      rows == [
        "a.net download 0 false 1", "a.net download 0 true 2", "a.net redownload 0 true 1", "b.net download 0 true 1",
        "b.net download 1 true 1",
      ])
    #expect(outcome.totals.received == 9)
    #expect(outcome.totals.count(.counted) == 6)
    #expect(outcome.totals.count(.duplicate) == 1)
    #expect(outcome.totals.count(.rejected) == 2)
    #expect(outcome.postbacks[6].framework == nil)
    #expect(outcome.postbacks[6].verdict == PostbackVerdict(.rejected, .malformedJSON))
    #expect(outcome.postbacks[6].response == 200)
  }

  // MARK: Errors

  @Test("the batch's own errors: a path the receiver lacks, an earlier time, a bad network path, a kid not Apple's")
  func errors() throws {
    let receiver = try Self.receiver()
    let late = ReceivedRequest(at: Timestamp(milliseconds: 2_000), path: Self.network, body: Self.skan("t"))
    let early = ReceivedRequest(at: Timestamp(milliseconds: 1_000), path: Self.network, body: Self.skan("u"))
    #expect(throws: ModelError(.outOfOrder, "input.arrivals[2].at is earlier than the arrival before it")) {
      try receiver.receive([late, late, early])
    }
    var elsewhere = late
    elsewhere.path = "/.well-known/skadnetwork/report-attribution"
    #expect(throws: ModelError(.invalidInput, "input.arrivals[1].path is not one of the receiver's paths")) {
      try receiver.receive([late, elsewhere])
    }
    let key = StandInKey()
    for paths in [["postbacks"], [Self.network, Self.network], [Self.aakCopy]] {
      #expect(throws: ModelError.self) {
        try PostbackReceiver(
          networkPaths: paths, reengagementCopies: false, skadnetwork: PostbackSignature(key: key), aakKeys: [:])
      }
    }
    #expect(throws: ModelError.self) {
      try PostbackReceiver(
        networkPaths: [], reengagementCopies: false, skadnetwork: PostbackSignature(key: key),
        aakKeys: ["kit-test-key/0": key])
    }
  }
}
