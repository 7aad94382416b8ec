public import SKANJSON
public import SKANModel

/// The `receiving` suite's wire shape (docs/design/receiving-suite.md §3, with the lead's
/// decisions of §8: `op` `receive`, each arrival's `reason` in the arrival): input JSON to
/// ``PostbackReceiver`` and back.
///
/// Not registered as a suite yet: it joins the suite registry of #28 with its vocabulary, its
/// scenarios and its Spec chapter (#29).
public enum ReceivingCodec {
  /// The one operation.
  public static let operation = "receive"

  /// The answer to one input. Shape problems, malformed keys, a kid that is not Apple's and
  /// a path the receiver does not have are `invalid-input`; an earlier time is `out-of-order`.
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let op = try reader.string("op")
    guard op == operation else {
      throw ModelError(.invalidInput, "input.op \"\(op)\" is not \(operation)")
    }
    let receiverReader = try InputReader(.object(try reader.object("receiver")), path: "input.receiver")
    var networkPaths: [String] = []
    for (index, value) in try receiverReader.array("network_paths").enumerated() {
      guard let path = value.stringValue else {
        throw ModelError(
          .invalidInput, "input.receiver.network_paths[\(index)] must be a string, not \(value.typeName)")
      }
      networkPaths.append(path)
    }
    let reengagementCopies = try receiverReader.bool("reengagement_copies", default: false)
    let skadnetwork = try skadnetworkVerifier(reader)
    let aakKeys = try adAttributionKitKeys(reader)
    var requests: [ReceivedRequest] = []
    for (index, value) in try reader.array("arrivals").enumerated() {
      let arrival = try InputReader(value, path: "input.arrivals[\(index)]")
      let at = try arrival.timestamp("at")
      let path = try arrival.string("path")
      guard let body = arrival.members["body"] else { throw arrival.missing("body") }
      requests.append(ReceivedRequest(at: at, path: path, body: body))
    }
    let receiver = try PostbackReceiver(
      networkPaths: networkPaths, reengagementCopies: reengagementCopies, skadnetwork: skadnetwork, aakKeys: aakKeys)
    return encode(try receiver.receive(requests))
  }

  /// `skadnetwork_public_key`: one key for every version, or Apple's two (as `verify-postback`).
  static func skadnetworkVerifier(_ reader: InputReader) throws(ModelError) -> PostbackSignature {
    if let text = try SignatureSuite.keyText(reader, "skadnetwork_public_key") {
      return PostbackSignature(key: try SignatureSuite.postbackKey(text, path: "input.skadnetwork_public_key"))
    }
    guard let apple = SignatureSuite.appleSKANKey, let legacy = SignatureSuite.appleSKANLegacyKey else {
      throw ModelError(.invalidInput, "Apple's published keys could not be read")
    }
    return PostbackSignature(key: apple, legacyKey: legacy)
  }

  /// `aak_keys`: the whole key set by kid, every key read (as `verify-aak-postback`'s `keys`).
  static func adAttributionKitKeys(_ reader: InputReader) throws(ModelError) -> [String: any P256PublicKey] {
    guard reader.optional("aak_keys") != nil else { return SignatureSuite.appleAAKKeys }
    var keys: [String: any P256PublicKey] = [:]
    for (kid, value) in try reader.object("aak_keys").sorted(by: { CodePointOrder.precedes($0.key, $1.key) }) {
      guard let text = value.stringValue else {
        throw ModelError(.invalidInput, "input.aak_keys.\(kid) must be a string")
      }
      keys[kid] = try SignatureSuite.key(text, path: "input.aak_keys.\(kid)")
    }
    return keys
  }

  /// The output: one object per arrival, every member present, and the totals.
  static func encode(_ outcome: ReceivingOutcome) -> JSONValue {
    let arrivals: [JSONValue] = outcome.postbacks.map { postback in
      let reading = postback.reading
      return .object([
        "role": .string(postback.role.rawValue),
        "framework": postback.framework.map { .string($0.rawValue) } ?? .null,
        "verdict": .string(postback.verdict.verdict.rawValue),
        "reason": .string(postback.verdict.reason.rawValue),
        "response": .integer(postback.response),
        "status": .string(postback.status.rawValue),
        "cause": postback.exclusion.map { .string($0.rawValue) } ?? .null,
        "duplicate_of": postback.duplicateOf.map { .integer($0) } ?? .null,
        "body_differs": postback.bodyDiffers.map { .bool($0) } ?? .null,
        "environment": reading.map { .string($0.environment.rawValue) } ?? .null,
        "postback_id": reading.map { .string($0.postbackID) } ?? .null,
        "ad_network_id": reading.map { .string($0.adNetworkID) } ?? .null,
        "did_win": reading.map { .bool($0.didWin) } ?? .null,
        "conversion_type": reading.map { .string($0.conversionType.rawValue) } ?? .null,
        "window": reading.map { .integer($0.window) } ?? .null,
      ])
    }
    let totals = outcome.totals
    let rows: [JSONValue] = totals.rows.map { row in
      .object([
        "environment": .string(row.environment.rawValue), "framework": .string(row.framework.rawValue),
        "ad_network_id": .string(row.adNetworkID), "conversion_type": .string(row.conversionType.rawValue),
        "window": .integer(row.window), "did_win": .bool(row.didWin), "count": .integer(row.count),
      ])
    }
    return .object([
      "arrivals": .array(arrivals),
      "totals": .object([
        "received": .integer(totals.received), "counted": .integer(totals.count(.counted)),
        "duplicates": .integer(totals.count(.duplicate)), "excluded": .integer(totals.count(.excluded)),
        "rejected": .integer(totals.count(.rejected)), "unverifiable": .integer(totals.count(.unverifiable)),
        "rows": .array(rows),
      ]),
    ])
  }
}
