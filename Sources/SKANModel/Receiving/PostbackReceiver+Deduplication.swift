import SKANJSON

extension PostbackReceiver {
  /// RCV-5: the framework, the environment and the identifier, each compared by its exact
  /// bytes; held as one array (each part's length, then its bytes) so that a key costs one
  /// allocation.
  struct DeduplicationKey: Hashable, Sendable {
    var bytes: [UInt8] = []

    init(_ parts: String...) {
      for part in parts {
        let count = part.utf8.count
        bytes.append(contentsOf: [UInt8(truncatingIfNeeded: count >> 24), UInt8(truncatingIfNeeded: count >> 16)])
        bytes.append(contentsOf: [UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count)])
        bytes.append(contentsOf: part.utf8)
      }
    }
  }

  /// RCV-3 to RCV-6 over the judged requests, in arrival order (``ReceivingLedger``).
  static func deduplicate(_ postbacks: inout [ReceivedPostback], _ requests: [ReceivedRequest]) {
    var ledger = ReceivingLedger(comparing: .bodies)
    for index in deduplicationOrder(requests) {
      guard let displaced = ledger.admit(&postbacks[index], requests[index], index: index) else { continue }
      postbacks[displaced].status = .duplicate
      postbacks[displaced].duplicateOf = index
      postbacks[displaced].bodyDiffers = true
    }
  }

  /// Whether a postback can be found a duplicate and whether it claims its key when none is
  /// claimed: an admitted one both (RCV-4), any other neither (RCV-3, RCV-10 to RCV-12).
  static func part(_ postback: ReceivedPostback) -> (checked: Bool, claims: Bool) {
    switch postback.status {
    case .counted: return (true, postback.role == .network || !RuleVariant.receivingCopyClaimsNoKey.isActive)
    case .excluded: return (false, RuleVariant.receivingExcludedCopyClaimsKey.isActive)
    case .rejected, .unverifiable:
      return (RuleVariant.receivingUnverifiedAsDuplicate.isActive, RuleVariant.receivingUnverifiedClaimsKey.isActive)
    case .duplicate: return (false, false)
    }
  }

  /// The order requests are deduplicated in: arrival order (RCV-20).
  static func deduplicationOrder(_ requests: [ReceivedRequest]) -> [Int] {
    guard RuleVariant.receivingCopiesAfterNetworkWithinMillisecond.isActive else { return Array(requests.indices) }
    return requests.indices.sorted { left, right in
      (requests[left].at, isCopyPath(requests[left].path) ? 1 : 0, left)
        < (requests[right].at, isCopyPath(requests[right].path) ? 1 : 0, right)
    }
  }

  /// A verified postback's key (RCV-5); `nil` for one that is not verified, which has none.
  static func deduplicationKey(_ postback: ReceivedPostback, _ request: ReceivedRequest) -> DeduplicationKey? {
    guard let reading = postback.reading, let framework = postback.framework else {
      let unverified =
        RuleVariant.receivingUnverifiedClaimsKey.isActive || RuleVariant.receivingUnverifiedAsDuplicate.isActive
      return unverified ? unverifiedKey(request.body) : nil
    }
    let (name, environment, id) = (framework.rawValue, reading.environment.rawValue, reading.postbackID)
    let body = ReceivedBodyComparison.object(request.body) ?? [:]
    var member: String?
    switch framework {
    case .skadnetwork where RuleVariant.receivingKeyBySignature.isActive: member = "attribution-signature"
    case .adattributionkit where RuleVariant.receivingKeyByJWS.isActive: member = "jws-string"
    default: break
    }
    if let member { return body[member]?.stringValue.map { DeduplicationKey(name, environment, $0) } }
    if RuleVariant.receivingNoDeduplication.isActive { return nil }
    if RuleVariant.receivingKeyWithoutFramework.isActive { return DeduplicationKey(environment, id) }
    if RuleVariant.receivingKeyWithoutEnvironment.isActive { return DeduplicationKey(name, id) }
    if RuleVariant.receivingKeyIgnoresCase.isActive { return DeduplicationKey(name, environment, id.lowercased()) }
    if RuleVariant.receivingKeyIncludesPath.isActive { return DeduplicationKey(name, environment, id, request.path) }
    if RuleVariant.receivingKeyByBody.isActive {
      return DeduplicationKey(name, environment, request.body.stringValue ?? CanonicalJSON.compact(request.body))
    }
    return DeduplicationKey(name, environment, id)
  }

  /// The key read from a body without verifying it (``identifier(readingUnverified:)``).
  /// Only a variant reads it: an unverified body proves nothing (RCV-3).
  static func unverifiedKey(_ body: JSONValue) -> DeduplicationKey? {
    guard let (framework, development, id) = identifier(readingUnverified: body) else { return nil }
    let environment: ReceivedPostback.Environment = development ? .development : .production
    return DeduplicationKey(framework.rawValue, environment.rawValue, id)
  }

  /// The identifier a body claims, read without verifying it: `transaction-id`, development
  /// when `source-app-id` is 0, or the JWS payload's `postback-identifier`, development under a
  /// development kid; `nil` when the body has none. It proves nothing (RCV-3); an audit uses
  /// it only to send every arrival that may share a key to one shard.
  public static func identifier(readingUnverified body: JSONValue) -> (
    framework: ReceivedPostback.Framework, development: Bool, id: String
  )? {
    guard let object = ReceivedBodyComparison.object(body) else { return nil }
    if let jws = object["jws-string"] {
      guard let text = jws.stringValue, case .success(let parsed) = CompactJWS.parse(text),
        let identifier = parsed.payload["postback-identifier"]?.stringValue
      else { return nil }
      return (.adattributionkit, developmentKIDs.contains(parsed.kid), identifier)
    }
    guard let identifier = object["transaction-id"]?.stringValue else { return nil }
    return (.skadnetwork, object["source-app-id"]?.exactInteger == 0, identifier)
  }

  /// Each counted postback's window numbered by the earlier counted postbacks of its network
  /// and app, and each duplicate's its counted one's: a variant of RCV-17, which reads
  /// `postback-sequence-index`.
  static func numberWindowsByArrival(_ postbacks: inout [ReceivedPostback], _ requests: [ReceivedRequest]) {
    var seen: [DeduplicationKey: Int] = [:]
    for index in postbacks.indices {
      guard let reading = postbacks[index].reading, let framework = postbacks[index].framework else { continue }
      switch postbacks[index].status {
      case .duplicate:
        guard let first = postbacks[index].duplicateOf, postbacks[first].status == .counted else { continue }
        let window = postbacks[first].reading?.window
        postbacks[index].reading?.window = window
      case .counted:
        let body = ReceivedBodyComparison.object(requests[index].body) ?? [:]
        let payload = body["jws-string"]?.stringValue.flatMap { try? CompactJWS.parse($0).get().payload }
        let app = (payload?["advertised-item-identifier"] ?? body["app-id"])?.description ?? ""
        let key = DeduplicationKey(framework.rawValue, reading.environment.rawValue, reading.adNetworkID, app)
        postbacks[index].reading?.window = seen[key, default: 0]
        seen[key, default: 0] += 1
      default: continue
      }
    }
  }
}
