import SKANJSON

/// An ad network's or attribution provider's postback endpoint: it verifies every postback it
/// receives as the `signature` suite does, drops duplicates, keeps development postbacks apart
/// and counts what remains (Spec/receiving.md).
///
/// Pure: the requests, their times and the keys are passed in; nothing is read from a clock or
/// the network.
public struct PostbackReceiver: Sendable {
  /// Where SKAdNetwork developer copies arrive, on the domain of the advertised app's
  /// `NSAdvertisingAttributionReportEndpoint` (storekit/configuring-an-advertised-app; RCV-9).
  public static let skadnetworkCopyPath = "/.well-known/skadnetwork/report-attribution/"
  /// Where AdAttributionKit developer copies arrive, on the domain of the advertised app's
  /// `AttributionCopyEndpoint` (adattributionkit/configuring-an-advertised-app; RCV-9).
  public static let adAttributionKitCopyPath = "/.well-known/appattribution/report-attribution/"
  /// The kid of AdAttributionKit production postbacks (adattributionkit/verifying-a-postback;
  /// RCV-13).
  public static let productionKID = "apple-cas-identifier/0"
  /// The kids of AdAttributionKit development postbacks
  /// (adattributionkit/testing-adattributionkit-with-developer-mode; RCV-13).
  public static let developmentKIDs = ["apple-development-identifier/0", "apple-development-identifier/1"]

  /// The paths the receiver registered as an ad network's postback URL (either framework).
  public let networkPaths: [String]
  /// The advertised app's `EligibleForAdAttributionKitReengagementPostbackCopies` (RCV-12).
  public let reengagementCopies: Bool
  /// The SKAdNetwork verifier: one key given, or Apple's (as `verify-postback`, RCV-1).
  public let skadnetwork: PostbackSignature
  /// The AdAttributionKit keys by kid (as `verify-aak-postback`'s `keys`, RCV-1).
  public let aakKeys: [String: any P256PublicKey]

  /// Creates a receiver; `invalid-input` for a network path that does not start with `/`, is
  /// one of the copy paths, or is given twice, and for an AdAttributionKit kid that is not one
  /// of Apple's three (RCV-13: every verified postback has an environment).
  public init(
    networkPaths: [String], reengagementCopies: Bool, skadnetwork: PostbackSignature,
    aakKeys: [String: any P256PublicKey]
  ) throws(ModelError) {
    var seen: Set<[UInt8]> = []
    for (index, path) in networkPaths.enumerated() {
      let at = "input.receiver.network_paths[\(index)]"
      guard path.utf8.first == UInt8(ascii: "/") else { throw ModelError(.invalidInput, "\(at) must start with /") }
      if Self.isCopyPath(path) {
        guard RuleVariant.receivingCopyPathAsNetworkPathAccepted.isActive else {
          throw ModelError(.invalidInput, "\(at) is a well-known copy path, which needs no declaration")
        }
        continue
      }
      guard seen.insert(Array(path.utf8)).inserted else { throw ModelError(.invalidInput, "\(at) is given twice") }
    }
    var keys = aakKeys
    for kid in aakKeys.keys.sorted(by: CodePointOrder.precedes)
    where kid != Self.productionKID && !Self.developmentKIDs.contains(kid) {
      guard RuleVariant.receivingForeignKIDIgnored.isActive else {
        throw ModelError(.invalidInput, "input.aak_keys has the kid \(kid), which is not one of Apple's three")
      }
      keys[kid] = nil
    }
    self.networkPaths = networkPaths
    self.reengagementCopies = reengagementCopies
    self.skadnetwork = skadnetwork
    self.aakKeys = keys
  }

  static let copyPaths = [skadnetworkCopyPath, adAttributionKitCopyPath]

  /// Whether `path` is one of the two copy paths, byte for byte.
  static func isCopyPath(_ path: String) -> Bool { copyPaths.contains { $0.utf8.elementsEqual(path.utf8) } }

  /// The outcome of each request, in order, and the totals (RCV-1 to RCV-21).
  ///
  /// `invalid-input` for a request on a path the receiver does not have; `out-of-order` for a
  /// request earlier than the one before it (RCV-20).
  public func receive(_ requests: [ReceivedRequest]) throws(ModelError) -> ReceivingOutcome {
    var requests = requests
    // A variant sorts the requests by time, stably, instead of refusing an earlier one.
    if RuleVariant.receivingArrivalsSortedByTime.isActive {
      requests = requests.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }
    // Spec/receiving.md, "Order of checks": every arrival's path (the scenario, step 3)
    // before any arrival's time (step 4).
    let onePass = RuleVariant.receivingChecksInOnePass.isActive
    for index in requests.indices {
      try checkPath(requests, index)
      if onePass { try Self.checkTime(requests, index) }
    }
    for index in requests.indices where !onePass { try Self.checkTime(requests, index) }
    var postbacks = requests.map(judge)
    Self.deduplicate(&postbacks, requests)
    if RuleVariant.receivingWindowFromArrivalOrder.isActive { Self.numberWindowsByArrival(&postbacks, requests) }
    return ReceivingOutcome(postbacks: postbacks, totals: ReceivingTotals(postbacks))
  }

  /// `invalid-input` for a request on a path the receiver does not have (RCV-9).
  func checkPath(_ requests: [ReceivedRequest], _ index: Int) throws(ModelError) {
    guard role(of: requests[index].path) == nil else { return }
    throw ModelError(.invalidInput, "input.arrivals[\(index)].path is not one of the receiver's paths")
  }

  /// `out-of-order` for a request earlier than the one before it (RCV-20).
  static func checkTime(_ requests: [ReceivedRequest], _ index: Int) throws(ModelError) {
    guard index > 0, requests[index].at < requests[index - 1].at else { return }
    throw ModelError(.outOfOrder, "input.arrivals[\(index)].at is earlier than the arrival before it")
  }

  /// Network path, copy path, or none of the receiver's (RCV-9).
  public func role(of path: String) -> ReceivedPostback.Role? {
    if Self.isCopyPath(path) { return .copy }
    if networkPaths.contains(where: { $0.utf8.elementsEqual(path.utf8) }) { return .network }
    return RuleVariant.receivingUnknownPathAsNetwork.isActive ? .network : nil
  }

  /// One request before deduplication: role, framework, verification, reading, copy-path rules
  /// (Spec/receiving.md, "The pipeline"). `counted` here means "admitted": a
  /// ``ReceivingLedger`` decides whether it is a duplicate.
  public func judge(_ request: ReceivedRequest) -> ReceivedPostback {
    let role = role(of: request.path) ?? .network
    let object = ReceivedBodyComparison.object(request.body)
    // RCV-21: the framework is read from the body.
    let framework: ReceivedPostback.Framework? = object.map {
      $0["jws-string"] != nil ? .adattributionkit : .skadnetwork
    }
    let verdict: PostbackVerdict
    var reading: ReceivedPostback.Reading?
    if framework == .adattributionkit {
      let check = AdAttributionKitSignature.checkPostback(jws: object?["jws-string"], keys: aakKeys)
      verdict = check.verdict
      if verdict.verdict == .verified, let payload = check.payload {
        reading = Self.adAttributionKitReading(payload, kid: check.kid ?? "")
      }
    } else {
      // A body that is not an object goes through `verify-postback` too: `malformed-json`.
      verdict = skadnetwork.check(request.body).verdict
      if verdict.verdict == .verified, let object { reading = Self.skadnetworkReading(object) }
    }
    guard verdict.verdict == .verified, let reading, let framework else {
      let status: ReceivedPostback.Status = verdict.verdict == .unverifiable ? .unverifiable : .rejected
      return ReceivedPostback(role: role, framework: framework, verdict: verdict, status: status)
    }
    if let exclusion = exclusion(reading, framework: framework, role: role, path: request.path) {
      return ReceivedPostback(
        role: role, framework: framework, verdict: verdict, status: .excluded, exclusion: exclusion, reading: reading)
    }
    return ReceivedPostback(role: role, framework: framework, verdict: verdict, status: .counted, reading: reading)
  }

  /// RCV-10 to RCV-12, in that order, for a verified postback on a copy path; none on a
  /// network path.
  func exclusion(
    _ reading: ReceivedPostback.Reading, framework: ReceivedPostback.Framework, role: ReceivedPostback.Role,
    path: String
  ) -> ReceivedPostback.Exclusion? {
    let withoutOptIn = framework == .adattributionkit && reading.conversionType == .reengagement && !reengagementCopies
    guard role == .copy else {
      return RuleVariant.receivingOptInOnNetworkPaths.isActive && withoutOptIn ? .reengagementCopyWithoutOptIn : nil
    }
    let ownPath = framework == .skadnetwork ? Self.skadnetworkCopyPath : Self.adAttributionKitCopyPath
    if !ownPath.utf8.elementsEqual(path.utf8), !RuleVariant.receivingAnyCopyPath.isActive { return .wrongCopyPath }
    if !reading.didWin, !RuleVariant.receivingLoserCopyCounted.isActive { return .loserOnCopyPath }
    if RuleVariant.receivingCopyWindowZeroOnly.isActive, reading.window != 0 { return .loserOnCopyPath }
    if withoutOptIn, !RuleVariant.receivingOptInIgnored.isActive { return .reengagementCopyWithoutOptIn }
    return nil
  }

  /// A verified SKAdNetwork postback, read from its signed fields only (an unsigned member
  /// proves nothing): `did-win` from 3.0, else a winner (RCV-16); `postback-sequence-index`
  /// from 4.0, else window 0 (RCV-17); `redownload` from 2.0 (RCV-18); `source-app-id` 0 is
  /// development (RCV-14).
  static func skadnetworkReading(_ members: [String: JSONValue]) -> ReceivedPostback.Reading? {
    let version = members["version"].flatMap(\.stringValue).flatMap(PostbackVersion.init(rawValue:)) ?? .v1_0
    let signed = Set(version.signedFields.map(\.name))
    guard let id = members["transaction-id"]?.stringValue, let network = members["ad-network-id"]?.stringValue
    else { return nil }
    var didWin = signed.contains("did-win") ? members["did-win"]?.boolValue ?? true : true
    if RuleVariant.receivingMissingDidWinIsLoser.isActive, members["did-win"] == nil { didWin = false }
    var window = signed.contains("postback-sequence-index") ? members["postback-sequence-index"]?.exactInteger ?? 0 : 0
    if RuleVariant.receivingWindowAlwaysZero.isActive { window = 0 }
    let redownload = signed.contains("redownload") ? members["redownload"]?.boolValue ?? false : false
    var development = signed.contains("source-app-id") && members["source-app-id"]?.exactInteger == 0
    if RuleVariant.receivingDevelopmentByValueZero.isActive, members["conversion-value"]?.exactInteger == 0 {
      development = true
    }
    if RuleVariant.receivingMissingSourceAppIsDevelopment.isActive, members["source-app-id"] == nil {
      development = true
    }
    let legacyWithoutWindow =
      RuleVariant.receivingLegacyWindowNull.isActive && members["postback-sequence-index"] == nil
    return ReceivedPostback.Reading(
      environment: development && !RuleVariant.receivingEnvironmentAlwaysProduction.isActive
        ? .development : .production,
      postbackID: id, adNetworkID: network, didWin: didWin || RuleVariant.receivingDidWinIgnored.isActive,
      conversionType: redownload && !RuleVariant.receivingRedownloadIgnored.isActive ? .redownload : .download,
      window: legacyWithoutWindow ? nil : window
    )
  }

  /// A verified AdAttributionKit payload: the environment from the kid that verified it
  /// (RCV-13), the rest from the payload, which SIG-16 and SIG-18 have checked.
  static func adAttributionKitReading(_ payload: [String: JSONValue], kid: String) -> ReceivedPostback.Reading? {
    guard let id = payload["postback-identifier"]?.stringValue,
      let network = payload["ad-network-identifier"]?.stringValue,
      let didWin = payload["did-win"]?.boolValue,
      let type = payload["conversion-type"]?.stringValue.flatMap(PostbackScenario.ConversionType.init(spelling:)),
      let window = payload["postback-sequence-index"]?.exactInteger
    else { return nil }
    var development = developmentKIDs.contains(kid)
    if RuleVariant.receivingEnvironmentByPublisher.isActive {
      development = payload["publisher-item-identifier"]?.exactInteger == 0
    }
    var reading = ReceivedPostback.Reading(
      environment: development && !RuleVariant.receivingEnvironmentAlwaysProduction.isActive
        ? .development : .production,
      postbackID: id, adNetworkID: network, didWin: didWin || RuleVariant.receivingDidWinIgnored.isActive,
      conversionType: type, window: window
    )
    if RuleVariant.receivingConversionTypeSpellingKept.isActive {
      reading.conversionTypeAsWritten = payload["conversion-type"]?.stringValue
    }
    return reading
  }

}
