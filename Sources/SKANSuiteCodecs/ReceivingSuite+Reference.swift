public import SKANJSON
public import SKANModel
public import SKANVocabulary

/// The `receiving` suite's codec (docs/design/receiving-suite.md §3, with the lead's decisions
/// of §8: `op` `receive`, each arrival's `reason` in the arrival): input JSON to
/// ``PostbackReceiver`` and back.
extension ReceivingSuite: ReferenceSuite {
  /// The answer to one input. Shape problems, malformed keys, a kid that is not Apple's and
  /// a path the receiver does not have are `invalid-input`; an earlier time is `out-of-order`.
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    _ = try Operation.choice(try reader.string(Input.op.rawValue), at: "input.op")
    let described = try description(reader)
    var requests: [ReceivedRequest] = []
    for (index, value) in try reader.array(Input.arrivals.rawValue).enumerated() {
      let arrival = try InputReader(value, path: "input.\(Input.arrivals.rawValue)[\(index)]")
      let at = try arrival.timestamp(Arrival.at.rawValue)
      let path = try arrival.string(Arrival.path.rawValue)
      // A variant reads an absent body as `null`.
      let absent: JSONValue? = RuleVariant.missingPostbackIsNull.isActive ? .null : nil
      guard let body = arrival.members[Arrival.body.rawValue] ?? absent else {
        throw arrival.missing(Arrival.body.rawValue)
      }
      requests.append(ReceivedRequest(at: at, path: path, body: body))
    }
    return encode(try described().receive(requests))
  }

  /// The receiver an input (or an audit's configuration, which has the input's members but
  /// `op` and `arrivals`) describes: `receiver`, `skadnetwork_public_key` and `aak_keys`.
  /// `invalid-input` naming the member for a shape or key problem; `path` names the object.
  public static func receiver(_ configuration: JSONValue, path: String = "input") throws(ModelError)
    -> PostbackReceiver
  {
    try description(try InputReader(configuration, path: path))()
  }

  /// The receiver's members read (every shape and key problem found), and a function that
  /// then makes the receiver (finding the problems ``PostbackReceiver`` finds): the input's
  /// order of checks reads the arrivals between the two.
  static func description(_ reader: InputReader) throws(ModelError) -> () throws(ModelError) -> PostbackReceiver {
    let receiverReader = try InputReader(
      .object(try reader.object(Input.receiver.rawValue)), path: "\(reader.path).\(Input.receiver.rawValue)")
    var networkPaths: [String] = []
    for (index, value) in try receiverReader.array(Receiver.networkPaths.rawValue).enumerated() {
      guard let path = value.stringValue else {
        throw ModelError(
          .invalidInput,
          "\(reader.path).receiver.\(Receiver.networkPaths.rawValue)[\(index)] must be a string, not \(value.typeName)")
      }
      networkPaths.append(path)
    }
    let reengagementCopies = try receiverReader.bool(Receiver.reengagementCopies.rawValue, default: false)
    let skadnetwork = try skadnetworkVerifier(reader)
    let aakKeys = try adAttributionKitKeys(reader)
    return { () throws(ModelError) in
      try PostbackReceiver(
        networkPaths: networkPaths, reengagementCopies: reengagementCopies, skadnetwork: skadnetwork, aakKeys: aakKeys)
    }
  }

  /// `skadnetwork_public_key`: one key for every version, or Apple's two (as `verify-postback`).
  static func skadnetworkVerifier(_ reader: InputReader) throws(ModelError) -> PostbackSignature {
    let name = Input.skadnetworkPublicKey.rawValue
    if let text = try SignatureSuite.keyText(reader, name) {
      return PostbackSignature(key: try SignatureSuite.postbackKey(text, path: "\(reader.path).\(name)"))
    }
    guard let apple = SignatureSuite.appleSKANKey, let legacy = SignatureSuite.appleSKANLegacyKey else {
      throw ModelError(.invalidInput, "Apple's published keys could not be read")
    }
    return PostbackSignature(key: apple, legacyKey: legacy)
  }

  /// `aak_keys`: the whole key set by kid, every key read (as `verify-aak-postback`'s `keys`).
  static func adAttributionKitKeys(_ reader: InputReader) throws(ModelError) -> [String: any P256PublicKey] {
    let name = Input.aakKeys.rawValue
    guard reader.optional(name) != nil else { return SignatureSuite.appleAAKKeys }
    var keys: [String: any P256PublicKey] = [:]
    for (kid, value) in try reader.object(name).sorted(by: { CodePointOrder.precedes($0.key, $1.key) }) {
      guard let text = value.stringValue else {
        throw ModelError(.invalidInput, "\(reader.path).\(name).\(kid) must be a string")
      }
      keys[kid] = try SignatureSuite.key(text, path: "\(reader.path).\(name).\(kid)")
    }
    return keys
  }

  /// The output: one object per arrival, every member present, and the totals.
  public static func encode(_ outcome: ReceivingOutcome) -> JSONValue {
    Output.object([.arrivals: .array(outcome.postbacks.map(encode)), .totals: encode(outcome.totals)])
  }

  /// One arrival's answer: its role, verdict, response, status and reading, every member
  /// present (`null` where it has none).
  public static func encode(_ postback: ReceivedPostback) -> JSONValue {
    let reading = postback.reading
    return Answer.object([
      .role: .string(postback.role.rawValue),
      .framework: postback.framework.map { .string($0.rawValue) } ?? .null,
      .verdict: .string(postback.verdict.verdict.rawValue),
      .reason: .string(postback.verdict.reason.rawValue),
      .response: .integer(postback.response),
      .status: .string(postback.status.rawValue),
      .cause: postback.exclusion.map { .string($0.rawValue) } ?? .null,
      .duplicateOf: postback.duplicateOf.map { .integer($0) } ?? .null,
      .bodyDiffers: postback.bodyDiffers.map { .bool($0) } ?? .null,
      .environment: reading.map { .string($0.environment.rawValue) } ?? .null,
      .postbackID: reading.map { .string($0.postbackID) } ?? .null,
      .adNetworkID: reading.map { .string($0.adNetworkID) } ?? .null,
      .didWin: reading.map { .bool($0.didWin) } ?? .null,
      .conversionType: reading.map { .string($0.conversionTypeAsWritten ?? $0.conversionType.rawValue) } ?? .null,
      .window: reading.flatMap(\.window).map { .integer($0) } ?? .null,
    ])
  }

  /// The totals: arrivals received, the count of each status, and the counted rows (RCV-19).
  public static func encode(_ totals: ReceivingTotals) -> JSONValue {
    let rows: [JSONValue] = totals.rows.map { row in
      let window: JSONValue = row.window.map { .integer($0) } ?? .null
      return Row.object([
        .environment: .string(row.environment.rawValue), .framework: .string(row.framework.rawValue),
        .adNetworkID: .string(row.adNetworkID), .conversionType: .string(row.conversionType.rawValue),
        .window: window, .didWin: .bool(row.didWin), .count: .integer(row.count),
      ])
    }
    return Totals.object([
      .received: .integer(totals.received), .counted: .integer(totals.count(.counted)),
      .duplicates: .integer(totals.count(.duplicate)), .excluded: .integer(totals.count(.excluded)),
      .rejected: .integer(totals.count(.rejected)), .unverifiable: .integer(totals.count(.unverifiable)),
      .rows: .array(rows),
    ])
  }
}
