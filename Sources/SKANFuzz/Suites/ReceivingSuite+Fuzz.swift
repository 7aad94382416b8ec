import SKANJSON
import SKANModel
public import SKANSuiteCodecs
import SKANVectors
public import SKANVocabulary

private typealias Input = ReceivingSuite.Input
private typealias Receiver = ReceivingSuite.Receiver
private typealias Arrival = ReceivingSuite.Arrival

extension ReceivingSuite: FuzzSuite {
  /// Random inputs from ``ScenarioGenerator/receiving(_:)``; a finding is filed under RCV-4
  /// (counting unique verified postbacks).
  public static var generator: FuzzGenerator? { FuzzGenerator(requirement: "RCV-4", ScenarioGenerator.receiving) }
}

extension ScenarioGenerator {
  /// Signed bodies that verify under one key setting, and that setting: the pool the
  /// receiving generator draws device histories from.
  struct ReceivingPool: Sendable {
    /// The input's `skadnetwork_public_key` and `aak_keys` (absent members are Apple's keys).
    var keys: [String: JSONValue]
    /// Every distinct arrival body of the receiving vectors that use `keys`.
    var bodies: [JSONValue]
  }

  /// Random scenarios cannot sign (ECDSA is randomized, and the model must stay
  /// deterministic), so the generator composes batches from bodies already signed: every
  /// arrival body of the official `receiving` vectors (Apple's published postbacks and the
  /// kit's test-key ones), grouped by the keys their vector verifies them with. The stream
  /// therefore depends on those bodies (`FuzzStreamTests` pins it with the vectors).
  static let receivingPools: [ReceivingPool] = {
    guard let set = try? VectorSet.embedded() else { return [] }
    var pools: [String: ReceivingPool] = [:]
    var order: [String] = []
    for vector in set.cases where vector.suite == ReceivingSuite.id {
      guard vector.expected.outputValue != nil, let arrivals = vector.input[Input.arrivals]?.arrayValue else {
        continue
      }
      var keys: [String: JSONValue] = [:]
      keys[Input.skadnetworkPublicKey.rawValue] = vector.input[Input.skadnetworkPublicKey]
      keys[Input.aakKeys.rawValue] = vector.input[Input.aakKeys]
      let name = CanonicalJSON.compact(.object(keys))
      if pools[name] == nil {
        pools[name] = ReceivingPool(keys: keys, bodies: [])
        order.append(name)
      }
      for body in arrivals.compactMap({ $0[Arrival.body] }) where body.objectValue != nil {
        if pools[name]?.bodies.contains(body) == false { pools[name]?.bodies.append(body) }
      }
    }
    return order.compactMap { pools[$0] }.filter { !$0.bodies.isEmpty }
  }()

  /// A receiving batch: a few device histories (a postback, its retries over up to ten days,
  /// its developer copy, forwarded and text copies, a forgery) merged by arrival time, with
  /// noise (a body on the other framework's copy path, a non-JSON body) and, rarely, an
  /// arrival out of order or on an unknown path (RCV-4 to RCV-12, RCV-20).
  static func receiving(_ random: inout SeededRandom) -> JSONValue {
    let day = 86_400_000
    let pools = receivingPools
    let start = 1_700_000_000_000 + random.int(0...1_000_000)
    let networkPaths = random.pick([["/postbacks"], ["/postbacks", "/aak"], []])
    var members: [Input: JSONValue] = [
      .op: .string(ReceivingSuite.Operation.receive.rawValue),
      .receiver: .object(
        [Receiver.networkPaths.rawValue: .array(networkPaths.map(JSONValue.string))].merging(
          random.chance(0.8)
            ? [Receiver.reengagementCopies.rawValue: random.pick([true, false, .null])] : [:]
        ) { first, _ in first }),
    ]
    var arrivals: [(at: Int, tie: Int, path: String, body: JSONValue)] = []
    if !pools.isEmpty {
      let pool = random.pick(pools)
      for (name, value) in pool.keys { if let key = Input(rawValue: name) { members[key] = value } }
      for _ in 0..<random.int(1...6) {
        let body = random.pick(pool.bodies)
        let framework = body["jws-string"] != nil
        let copyPath = framework ? PostbackReceiver.adAttributionKitCopyPath : PostbackReceiver.skadnetworkCopyPath
        let otherCopyPath = framework ? PostbackReceiver.skadnetworkCopyPath : PostbackReceiver.adAttributionKitCopyPath
        let first = start + random.int(0...(3 * day))
        let home = networkPaths.isEmpty ? copyPath : random.pick(networkPaths)
        func add(_ at: Int, _ path: String, _ body: JSONValue) {
          arrivals.append((at, random.int(0...1_000_000), path, body))
        }
        add(first, home, body)
        if random.chance(0.4) {
          var at = first
          for _ in 0..<random.int(1...3) {
            at += random.pick([1000, 3_600_000, 9 * day - 1, 9 * day, 10 * day, random.int(1...day)])
            add(at, home, body)
          }
        }
        if random.chance(0.5) {
          add(first + random.int(-1000...5000), random.chance(0.85) ? copyPath : otherCopyPath, body)
        }
        if random.chance(0.15) { add(first + random.int(0...day), home, body.setting("timestamp", .integer(first))) }
        if random.chance(0.15) { add(first + random.int(0...day), home, .string(" " + CanonicalJSON.compact(body))) }
        if random.chance(0.1) { add(first + random.int(-day...day), home, forged(body)) }
      }
    }
    if random.chance(0.1) {
      arrivals.append((start + random.int(0...day), 0, networkPaths.first ?? "/postbacks", "not json"))
    }
    arrivals.sort { ($0.at, $0.tie) < ($1.at, $1.tie) }
    var written = arrivals.map { arrival in
      Arrival.object([.at: .integer(max(0, arrival.at)), .path: .string(arrival.path), .body: arrival.body])
    }
    if written.count > 1, random.chance(0.03) { written.swapAt(0, written.count - 1) }
    if !written.isEmpty, random.chance(0.03) {
      let index = random.int(0...(written.count - 1))
      written[index] = written[index].setting(Arrival.path, "/other")
    }
    members[.arrivals] = .array(written)
    var object: [String: JSONValue] = [:]
    for (name, value) in members { object[name.rawValue] = value }
    return .object(object)
  }

  /// `body` with a signed field changed: a SKAdNetwork postback's `source-identifier`, or one
  /// character of an AdAttributionKit JWS's signature.
  static func forged(_ body: JSONValue) -> JSONValue {
    if let jws = body["jws-string"]?.stringValue, let last = jws.last {
      return body.setting("jws-string", .string(String(jws.dropLast()) + (last == "A" ? "B" : "A")))
    }
    let source = body["source-identifier"]?.stringValue ?? ""
    return body.setting("source-identifier", .string(source == "9999" ? "9998" : "9999"))
  }
}
