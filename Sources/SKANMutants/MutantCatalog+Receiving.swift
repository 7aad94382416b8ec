import SKANJSON
import SKANModel
import SKANSuites
import SKANVocabulary

private typealias Input = ReceivingSuite.Input
private typealias Receiver = ReceivingSuite.Receiver
private typealias Arrival = ReceivingSuite.Arrival
private typealias Output = ReceivingSuite.Output
private typealias Answer = ReceivingSuite.Answer
private typealias Totals = ReceivingSuite.Totals
private typealias Row = ReceivingSuite.Row
private typealias Status = ReceivedPostback.Status
private typealias Framework = ReceivedPostback.Framework
private typealias Environment = ReceivedPostback.Environment
private typealias Exclusion = ReceivedPostback.Exclusion
private typealias ConversionType = PostbackScenario.ConversionType

extension MutantCatalog {
  /// One bug in a receiver's pipeline after verification (Spec/receiving.md, "The pipeline"):
  /// each member is a step of it, and its default is the reference's step. A mutant changes one.
  ///
  /// ``receivingReplay(_:_:_:)`` re-runs these steps on the reference's answer for each arrival
  /// (role, framework and verdict kept, as the signature suite gave them), so that a mutant
  /// differs from the reference only where its step does.
  struct ReceivingFlaw: Sendable {
    /// How an arrival takes part in deduplication.
    enum Part: Sendable {
      /// Counted or a duplicate; claims its key when counted unless `claims` is false.
      case judged(claims: Bool)
      /// Keeps its status but claims its key (a receiver that records keys too early).
      case claimsOnly
      /// Becomes a duplicate when its key was claimed, else keeps its status.
      case checkedOnly
      /// Plays no part.
      case ignored
    }

    /// Which counted arrival a duplicate names.
    enum Pointer: Sendable {
      /// The first, which keeps the count (RCV-6).
      case first
      /// The latest arrival with the key, counted or not.
      case latest
      /// A duplicate whose body differs replaces the counted one, which becomes its duplicate.
      case lastWins
    }

    /// The copy-path rules (RCV-10 to RCV-12).
    struct CopyRules: Sendable {
      /// A postback on the other framework's copy path is excluded (RCV-10).
      var ownPathOnly = true
      /// A loser on a copy path is excluded (RCV-11).
      var losersExcluded = true
      /// Windows 1 and 2 are excluded on a copy path (not the reference: RCV-11 accepts them).
      var windowZeroOnly = false
      /// A re-engagement copy needs the opt-in (RCV-12).
      var optInChecked = true
      /// The opt-in is applied on network paths too (not the reference).
      var optInOnNetworkPaths = false
    }

    /// A verified arrival's reading (`environment`, `did_win`, `window`, `conversion_type`),
    /// from the reference's answer and the request.
    var reading: @Sendable (_ answer: JSONValue, _ request: JSONValue) -> JSONValue = { answer, _ in answer }
    /// The copy-path rules.
    var copyRules = CopyRules()
    /// An arrival's part in deduplication, from its answer after the copy rules.
    var part: @Sendable (_ answer: JSONValue) -> Part = { answer in
      answer[Answer.status]?.stringValue == Status.counted.rawValue ? .judged(claims: true) : .ignored
    }
    /// The deduplication key; `nil` never matches (RCV-5: framework, environment, exact identifier).
    var key: @Sendable (_ answer: JSONValue, _ request: JSONValue) -> [UInt8]? = { answer, _ in
      MutantCatalog.receivingKey(answer)
    }
    /// How long a key is remembered after the arrival that claimed it, in milliseconds; `nil`
    /// for the whole batch (RCV-20).
    var retention: Int?
    /// Which arrival a duplicate names.
    var pointer = Pointer.first
    /// Whether a duplicate's body differs from the one it names (RCV-6).
    var differs: @Sendable (_ body: JSONValue, _ first: JSONValue, _ framework: ReceivedPostback.Framework) -> Bool = {
      ReceivedBodyComparison.differs($0, from: $1, framework: $2)
    }
    /// The answers after deduplication, before the totals.
    var settled: @Sendable (_ answers: [JSONValue], _ requests: [JSONValue]) -> [JSONValue] = { answers, _ in answers }
    /// The totals' rows from the final answers.
    var rows: @Sendable (_ answers: [JSONValue]) -> JSONValue = { MutantCatalog.receivingRows($0) }
  }

  /// The key of a verified arrival from its answer: framework, environment and the
  /// identifier's bytes (RCV-5).
  static func receivingKey(_ answer: JSONValue) -> [UInt8]? {
    guard let framework = answer[Answer.framework]?.stringValue,
      let environment = answer[Answer.environment]?.stringValue, let id = answer[Answer.postbackID]?.stringValue
    else { return nil }
    return receivingKey(framework, environment, id)
  }

  /// Parts joined by NUL, as bytes (never Unicode canonical equivalence).
  static func receivingKey(_ parts: String...) -> [UInt8] { Array(parts.joined(separator: "\u{0}").utf8) }

  /// The key read from a request's body without verifying it: `transaction-id` (development
  /// when `source-app-id` is 0) or the JWS payload's `postback-identifier` (development under a
  /// development kid).
  static func unverifiedKey(_ request: JSONValue) -> [UInt8]? {
    guard let object = ReceivedBodyComparison.object(request[Arrival.body] ?? .null) else { return nil }
    if let jws = object[SignatureSuite.AAKPostback.jwsString.rawValue] {
      guard let text = jws.stringValue, case .success(let parsed) = CompactJWS.parse(text),
        let id = parsed.payload["postback-identifier"]?.stringValue
      else { return nil }
      let development = PostbackReceiver.developmentKIDs.contains(parsed.kid)
      return receivingKey(
        Framework.adattributionkit.rawValue,
        (development ? Environment.development : .production).rawValue, id)
    }
    guard let id = object["transaction-id"]?.stringValue else { return nil }
    let development = object["source-app-id"]?.exactInteger == 0
    return receivingKey(
      Framework.skadnetwork.rawValue, (development ? Environment.development : .production).rawValue, id)
  }

  /// A verified postback's body as an object, and for AdAttributionKit its JWS payload (read
  /// without verifying: the reference verified it).
  static func receivedMembers(_ request: JSONValue) -> (body: [String: JSONValue], payload: [String: JSONValue]?) {
    let body = ReceivedBodyComparison.object(request[Arrival.body] ?? .null) ?? [:]
    guard let text = body[SignatureSuite.AAKPostback.jwsString.rawValue]?.stringValue,
      case .success(let parsed) = CompactJWS.parse(text)
    else { return (body, nil) }
    return (body, parsed.payload)
  }

  /// Whether the answer is for a verified arrival (it has a reading).
  static func isVerified(_ answer: JSONValue) -> Bool {
    answer[Answer.verdict]?.stringValue == PostbackVerdict.Verdict.verified.rawValue
      && answer[Answer.environment]?.stringValue != nil
  }

  /// RCV-10 to RCV-12 under `rules`, for a verified arrival's (possibly changed) reading.
  static func receivingExclusion(
    _ answer: JSONValue, path: String, optIn: Bool, rules: ReceivingFlaw.CopyRules
  ) -> ReceivedPostback.Exclusion? {
    let framework = answer[Answer.framework]?.stringValue.flatMap(Framework.init(rawValue:))
    let reengagement =
      answer[Answer.conversionType]?.stringValue.flatMap(ConversionType.init(spelling:)) == .reengagement
    let needsOptIn = framework == .adattributionkit && reengagement && !optIn
    guard answer[Answer.role]?.stringValue == ReceivedPostback.Role.copy.rawValue else {
      return rules.optInOnNetworkPaths && needsOptIn ? .reengagementCopyWithoutOptIn : nil
    }
    let ownPath =
      framework == .skadnetwork ? PostbackReceiver.skadnetworkCopyPath : PostbackReceiver.adAttributionKitCopyPath
    if rules.ownPathOnly, !ownPath.utf8.elementsEqual(path.utf8) { return .wrongCopyPath }
    if rules.losersExcluded, answer[Answer.didWin]?.boolValue == false { return .loserOnCopyPath }
    // The nearest cause the kit has for "not a copy Apple sends".
    if rules.windowZeroOnly, answer[Answer.window]?.exactInteger != 0 { return .loserOnCopyPath }
    if rules.optInChecked, needsOptIn { return .reengagementCopyWithoutOptIn }
    return nil
  }

  /// The reference's answer re-run from the reading on, with `flaw`'s steps.
  static func receivingReplay(_ output: JSONValue, _ input: JSONValue, _ flaw: ReceivingFlaw) -> JSONValue {
    guard var answers = output[Output.arrivals]?.arrayValue, let requests = input[Input.arrivals]?.arrayValue,
      answers.count == requests.count
    else { return output }
    let optIn = input[Input.receiver]?[Receiver.reengagementCopies]?.boolValue ?? false
    // The reading and the copy rules, for every verified arrival.
    for (index, request) in requests.enumerated() where isVerified(answers[index]) {
      var answer = flaw.reading(answers[index], request)
      let path = request[Arrival.path]?.stringValue ?? ""
      let exclusion = receivingExclusion(answer, path: path, optIn: optIn, rules: flaw.copyRules)
      answer = answer.setting(Answer.status, .string((exclusion == nil ? Status.counted : .excluded).rawValue))
        .setting(Answer.cause, exclusion.map { .string($0.rawValue) } ?? .null)
        .setting(Answer.duplicateOf, .null).setting(Answer.bodyDiffers, .null)
      answers[index] = answer
    }
    // Deduplication.
    var owner: [[UInt8]: Int] = [:]
    var latest: [[UInt8]: Int] = [:]
    let parts = answers.map(flaw.part)
    for (index, request) in requests.enumerated() {
      let part = parts[index]
      if case .ignored = part { continue }
      guard let key = flaw.key(answers[index], request) else { continue }
      let at = request[Arrival.at]?.exactInteger ?? 0
      let claimed = owner[key].flatMap { first -> Int? in
        guard let retention = flaw.retention else { return first }
        return at - (requests[first][Arrival.at]?.exactInteger ?? 0) < retention ? first : nil
      }
      switch (part, claimed) {
      case (.judged, let first?), (.checkedOnly, let first?):
        let named = flaw.pointer == .latest ? latest[key] ?? first : first
        let framework = answers[index][Answer.framework]?.stringValue.flatMap(Framework.init(rawValue:)) ?? .skadnetwork
        let body = request[Arrival.body] ?? .null
        let differs = flaw.differs(body, requests[named][Arrival.body] ?? .null, framework)
        if flaw.pointer == .lastWins, differs {
          answers[first] = answers[first].setting(Answer.status, .string(Status.duplicate.rawValue))
            .setting(Answer.duplicateOf, .integer(index)).setting(Answer.bodyDiffers, true)
          owner[key] = index
        } else {
          answers[index] = answers[index].setting(Answer.status, .string(Status.duplicate.rawValue))
            .setting(Answer.duplicateOf, .integer(named)).setting(Answer.bodyDiffers, .bool(differs))
        }
      case (.judged(let claims), nil):
        if claims { owner[key] = index }
      case (.claimsOnly, nil):
        owner[key] = index
      default:
        break
      }
      if case .judged = part { latest[key] = index }
    }
    let settled = flaw.settled(answers, requests)
    return output.setting(Output.arrivals, .array(settled))
      .setting(Output.totals, receivingTotals(settled, rows: flaw.rows(settled)))
  }

  /// The totals of the final answers: the number of each status and `rows`.
  static func receivingTotals(_ answers: [JSONValue], rows: JSONValue) -> JSONValue {
    let statuses = answers.compactMap { $0[Answer.status]?.stringValue }
    func count(_ status: Status) -> JSONValue { .integer(statuses.filter { $0 == status.rawValue }.count) }
    return Totals.object([
      .received: .integer(answers.count), .counted: count(.counted), .duplicates: count(.duplicate),
      .excluded: count(.excluded), .rejected: count(.rejected), .unverifiable: count(.unverifiable), .rows: rows,
    ])
  }

  /// RCV-19's rows of the counted answers, grouped and sorted by the model's
  /// ``ReceivingTotals``; a `null` window (a mutant's) is grouped as its own window and
  /// written `null`.
  static func receivingRows(_ answers: [JSONValue]) -> JSONValue {
    let noWindow = -1
    let postbacks: [ReceivedPostback] = answers.compactMap { answer in
      guard let status = answer[Answer.status]?.stringValue.flatMap(Status.init(rawValue:)),
        let role = answer[Answer.role]?.stringValue.flatMap(ReceivedPostback.Role.init(rawValue:))
      else { return nil }
      let framework = answer[Answer.framework]?.stringValue.flatMap(Framework.init(rawValue:))
      var reading: ReceivedPostback.Reading?
      if let environment = answer[Answer.environment]?.stringValue.flatMap(Environment.init(rawValue:)),
        let id = answer[Answer.postbackID]?.stringValue, let network = answer[Answer.adNetworkID]?.stringValue,
        let didWin = answer[Answer.didWin]?.boolValue,
        let type = answer[Answer.conversionType]?.stringValue.flatMap(ConversionType.init(spelling:))
      {
        reading = ReceivedPostback.Reading(
          environment: environment, postbackID: id, adNetworkID: network, didWin: didWin, conversionType: type,
          window: answer[Answer.window]?.exactInteger ?? noWindow)
      }
      return ReceivedPostback(
        role: role, framework: framework, verdict: PostbackVerdict(.verified, .ok), status: status, reading: reading)
    }
    let encoded = ReceivingSuite.encode(ReceivingOutcome(postbacks: postbacks, totals: ReceivingTotals(postbacks)))
    return (encoded[Output.totals]?[Totals.rows] ?? []).mapElements { row in
      row[Row.window]?.exactInteger == noWindow ? row.setting(Row.window, .null) : row
    }
  }

  /// A mutant that re-runs the pipeline after verification with one step changed.
  static func receivingMutant(_ id: String, _ summary: String, _ flaw: ReceivingFlaw) -> Mutant {
    Mutant(id, .receiving, summary, output: { output, input in receivingReplay(output, input, flaw) })
  }

  /// A flaw that changes only the reading of verified arrivals.
  static func readingFlaw(_ reading: @escaping @Sendable (JSONValue, JSONValue) -> JSONValue) -> ReceivingFlaw {
    var flaw = ReceivingFlaw()
    flaw.reading = reading
    return flaw
  }

  /// A flaw that changes only the copy rules.
  static func copyFlaw(_ change: (inout ReceivingFlaw.CopyRules) -> Void) -> ReceivingFlaw {
    var flaw = ReceivingFlaw()
    change(&flaw.copyRules)
    return flaw
  }

  /// A flaw that changes only the key.
  static func keyFlaw(_ key: @escaping @Sendable (JSONValue, JSONValue) -> [UInt8]?) -> ReceivingFlaw {
    var flaw = ReceivingFlaw()
    flaw.key = key
    return flaw
  }

  /// The flaw of a receiver that keys a verified postback of `framework` (of either when
  /// `nil`) by `id`, from its body as given and as an object, instead of its identifier
  /// (framework and environment kept).
  static func keyedBy(
    _ framework: ReceivedPostback.Framework?, _ id: @escaping @Sendable (JSONValue, [String: JSONValue]) -> String?
  ) -> ReceivingFlaw {
    keyFlaw { answer, request in
      guard let name = answer[Answer.framework]?.stringValue, framework == nil || framework?.rawValue == name,
        let environment = answer[Answer.environment]?.stringValue
      else { return receivingKey(answer) }
      let body = ReceivedBodyComparison.object(request[Arrival.body] ?? .null) ?? [:]
      return id(request[Arrival.body] ?? .null, body).map { receivingKey(name, environment, $0) }
    }
  }

  /// Arrivals reordered within each run of equal times by `before` (stable), or `nil` when the
  /// input has no arrivals array or its times go back (the reference refuses those).
  static func tiesReordered(_ input: JSONValue, by before: (JSONValue, JSONValue) -> Bool) -> [Int]? {
    guard let arrivals = input[Input.arrivals]?.arrayValue else { return nil }
    let times = arrivals.map { $0[Arrival.at]?.exactInteger }
    guard times.allSatisfy({ $0 != nil }), zip(times, times.dropFirst()).allSatisfy({ ($0 ?? 0) <= ($1 ?? 0) })
    else { return nil }
    return arrivals.indices.sorted { left, right in
      if times[left] != times[right] { return left < right }
      if before(arrivals[left], arrivals[right]) { return true }
      if before(arrivals[right], arrivals[left]) { return false }
      return left < right
    }
  }

  /// Whether an arrival is on one of Apple's two copy paths.
  static func onCopyPath(_ arrival: JSONValue) -> Bool {
    guard let path = arrival[Arrival.path]?.stringValue else { return false }
    return [PostbackReceiver.skadnetworkCopyPath, PostbackReceiver.adAttributionKitCopyPath].contains {
      $0.utf8.elementsEqual(path.utf8)
    }
  }

  static let day = 24 * hour

  /// Mutants of the `receiving` suite (docs/design/receiving-suite.md, 5.1): each one a
  /// receiver with one plausible bug in verifying, deduplicating, routing or counting.
  static let receiving: [Mutant] = deduplication + comparison + reading + copies + ordering + idleVectors

  /// An error hook for a receiver that does not refuse an input it should: on `invalid-input`,
  /// the reference's answer to the input as `repair` reads it, when that is an answer.
  static func receivingRepaired(
    _ repair: @escaping @Sendable (JSONValue) -> JSONValue
  ) -> @Sendable (String, JSONValue) -> SuiteResult? {
    { code, input in
      guard code == ModelError.Code.invalidInput.rawValue else { return nil }
      let repaired = repair(input)
      guard repaired != input, case .output(let output) = Suite.receiving.evaluate(repaired) else { return nil }
      return .output(output)
    }
  }

  /// Bugs beyond design 5.1, one for each vector its mutants leave idle: the plausible wrong
  /// implementation the vector's description names.
  static let idleVectors: [Mutant] = [
    receivingMutant(
      "missing-source-app-is-development",
      "Reads an absent source-app-id as 0 (a decoder's default), so a web ad's or a low-tier postback is development (RCV-14).",
      readingFlaw { answer, request in
        guard answer[Answer.framework]?.stringValue == Framework.skadnetwork.rawValue,
          receivedMembers(request).body["source-app-id"] == nil
        else { return answer }
        return answer.setting(Answer.environment, .string(Environment.development.rawValue))
      }),
    receivingMutant(
      "window-always-0",
      "Routes every SKAdNetwork postback to window 0, ignoring postback-sequence-index (a SKAdNetwork 3 receiver; RCV-17).",
      readingFlaw { answer, _ in
        answer[Answer.framework]?.stringValue == Framework.skadnetwork.rawValue
          ? answer.setting(Answer.window, 0) : answer
      }),
    Mutant(
      "empty-batch-refused", .receiving,
      "Refuses a batch with no arrivals as invalid input instead of answering zero totals and no rows (RCV-19).",
      input: { input in
        input[Input.arrivals]?.arrayValue?.isEmpty == true ? input.setting(Input.arrivals, .null) : input
      }),
    Mutant(
      "network-path-well-known-accepted", .receiving,
      "Accepts a well-known copy path among network_paths (the copy role wins) instead of refusing the receiver (RCV-9).",
      error: receivingRepaired { input in
        input.updating(Input.receiver) { receiver in
          receiver.updating(Receiver.networkPaths) { paths in
            paths.arrayValue.map { .array($0.filter { !onCopyPath(Arrival.object([.path: $0])) }) } ?? paths
          }
        }
      }),
    Mutant(
      "foreign-kid-ignored", .receiving,
      "Ignores an aak_keys kid that is not one of Apple's three instead of refusing the input (RCV-13).",
      error: receivingRepaired { input in
        input.updating(Input.aakKeys) { keys in
          guard let members = keys.objectValue else { return keys }
          let apple = [PostbackReceiver.productionKID] + PostbackReceiver.developmentKIDs
          return .object(members.filter { apple.contains($0.key) })
        }
      }),
    Mutant(
      "missing-body-null", .receiving,
      "Takes an arrival without a body for one with a null body (not JSON, rejected) instead of refusing the input (IN-1, RCV-21).",
      error: receivingRepaired { input in
        input.updating(Input.arrivals) { arrivals in
          arrivals.mapElements { arrival in
            arrival.objectValue != nil && arrival[Arrival.body] == nil ? arrival.setting(Arrival.body, .null) : arrival
          }
        }
      }),
    Mutant(
      "unreadable-key-ignored", .receiving,
      "Falls back to Apple's keys when skadnetwork_public_key cannot be read, instead of refusing the input (RCV-1).",
      error: receivingRepaired { input in
        input[Input.skadnetworkPublicKey]?.stringValue == nil ? input : input.setting(Input.skadnetworkPublicKey, nil)
      }),
  ]

  /// Bugs in the deduplication key and store (RCV-3 to RCV-5, RCV-9, RCV-20).
  static let deduplication: [Mutant] = [
    receivingMutant(
      "no-dedup", "Counts every verified postback, retries and copies included (RCV-4).",
      keyFlaw { _, _ in nil }),
    receivingMutant(
      "dedup-includes-path",
      "Keys postbacks by path too, so a developer copy counts apart from the network's postback (RCV-4, RCV-9).",
      keyFlaw { answer, request in
        receivingKey(answer).map { $0 + [0] + Array((request[Arrival.path]?.stringValue ?? "").utf8) }
      }),
    {
      var flaw = ReceivingFlaw()
      flaw.part = { answer in
        guard answer[Answer.status]?.stringValue == Status.counted.rawValue else { return .ignored }
        return .judged(claims: answer[Answer.role]?.stringValue == ReceivedPostback.Role.network.rawValue)
      }
      return receivingMutant(
        "copy-never-counted-first",
        "Records only network postbacks' identifiers, so a developer copy arriving first does not stop the network's postback from counting (RCV-4, RCV-9).",
        flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.part = { answer in
        switch answer[Answer.status]?.stringValue {
        case Status.counted.rawValue?: return .judged(claims: true)
        case Status.rejected.rawValue?, Status.unverifiable.rawValue?: return .claimsOnly
        default: return .ignored
        }
      }
      flaw.key = { answer, request in isVerified(answer) ? receivingKey(answer) : unverifiedKey(request) }
      return receivingMutant(
        "dedup-before-verify",
        "Records the identifier before verifying, so a forged or unverifiable body claims it and the genuine postback is dropped as its duplicate (RCV-3).",
        flaw)
    }(),
    receivingMutant(
      "dedup-across-frameworks",
      "Keys without the framework: a transaction-id equal to a postback-identifier is one postback (RCV-5).",
      keyFlaw { answer, _ in
        guard let environment = answer[Answer.environment]?.stringValue, let id = answer[Answer.postbackID]?.stringValue
        else { return nil }
        return receivingKey(environment, id)
      }),
    receivingMutant(
      "dedup-case-insensitive", "Compares identifiers ignoring letter case (RCV-5).",
      keyFlaw { answer, _ in
        guard let framework = answer[Answer.framework]?.stringValue,
          let environment = answer[Answer.environment]?.stringValue, let id = answer[Answer.postbackID]?.stringValue
        else { return nil }
        return receivingKey(framework, environment, id.lowercased())
      }),
    receivingMutant(
      "dedup-ignores-environment",
      "Keys without the environment, so a development postback pre-empts a production one with its identifier (RCV-5, RCV-15).",
      keyFlaw { answer, _ in
        guard let framework = answer[Answer.framework]?.stringValue, let id = answer[Answer.postbackID]?.stringValue
        else { return nil }
        return receivingKey(framework, id)
      }),
    receivingMutant(
      "dedup-on-signature",
      "Keys SKAdNetwork postbacks by attribution-signature, so the same postback signed twice counts twice (RCV-5).",
      keyedBy(.skadnetwork) { _, body in body["attribution-signature"]?.stringValue }),
    receivingMutant(
      "dedup-on-jws",
      "Keys AdAttributionKit postbacks by jws-string, so two JWS with one postback-identifier count twice (RCV-5).",
      keyedBy(.adattributionkit) { _, body in body[SignatureSuite.AAKPostback.jwsString.rawValue]?.stringValue }),
    receivingMutant(
      "dedup-on-body",
      "Keys postbacks by their body (an object canonically, text as received), so a rewritten or re-serialized retry counts again (RCV-4, RCV-6).",
      keyedBy(nil) { body, _ in body.stringValue ?? CanonicalJSON.compact(body) }),
    {
      var flaw = ReceivingFlaw()
      flaw.retention = day
      return receivingMutant(
        "dedup-ttl-24h",
        "Forgets identifiers 24 hours after the arrival that claimed them, so a device retry on day 2 counts again (RCV-20).",
        flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.retention = 9 * day
      return receivingMutant(
        "dedup-ttl-9d",
        "Forgets identifiers 9 days after the arrival that claimed them (kit-defined: never within a batch; RCV-20).",
        flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.part = { answer in
        switch answer[Answer.status]?.stringValue {
        case Status.counted.rawValue?: return .judged(claims: true)
        case Status.excluded.rawValue?: return .claimsOnly
        default: return .ignored
        }
      }
      return receivingMutant(
        "excluded-claims-key",
        "Records the identifier of an excluded copy, so the genuine network postback after it is dropped as a duplicate (RCV-10, RCV-11).",
        flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.part = { answer in
        switch answer[Answer.status]?.stringValue {
        case Status.counted.rawValue?: return .judged(claims: true)
        case Status.rejected.rawValue?, Status.unverifiable.rawValue?: return .checkedOnly
        default: return .ignored
        }
      }
      flaw.key = { answer, request in isVerified(answer) ? receivingKey(answer) : unverifiedKey(request) }
      return receivingMutant(
        "rejected-as-duplicate",
        "Reports a body that fails verification as a duplicate when its identifier was counted, instead of rejected (RCV-2, RCV-3).",
        flaw)
    }(),
  ]

  /// Bugs in which counted arrival a duplicate names and how bodies compare (RCV-6).
  static let comparison: [Mutant] = [
    {
      var flaw = ReceivingFlaw()
      flaw.pointer = .lastWins
      return receivingMutant(
        "last-wins",
        "Lets a duplicate whose body differs replace the counted postback, which becomes its duplicate (RCV-6).",
        flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.pointer = .latest
      return receivingMutant(
        "duplicate-of-previous",
        "Names, and compares against, the latest arrival with the identifier instead of the counted one (RCV-6).",
        flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.differs = { body, first, _ in body != first }
      return receivingMutant(
        "body-differs-bytes",
        "Compares duplicate bodies as received: a text body, a forwarder's added members or a number written otherwise differ (RCV-6).",
        flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.differs = { body, first, framework in
        guard framework == .adattributionkit else {
          return ReceivedBodyComparison.differs(body, from: first, framework: framework)
        }
        let name = SignatureSuite.AAKPostback.jwsString.rawValue
        return ReceivedBodyComparison.object(body)?[name] != ReceivedBodyComparison.object(first)?[name]
      }
      return receivingMutant(
        "body-differs-jws-only",
        "Compares only jws-string of AdAttributionKit duplicates, missing a changed conversion value or country outside the JWS (RCV-6).",
        flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.differs = { _, _, _ in false }
      return receivingMutant(
        "body-differs-never", "Never flags a duplicate whose body differs (RCV-6).", flaw)
    }(),
    Mutant(
      "rejected-answered-400", .receiving,
      "Answers 400 to a postback that is not verified, so the device resends it (RCV-7, RCV-8).",
      output: { output, _ in
        output.updating(Output.arrivals) { arrivals in
          arrivals.mapElements { answer in
            answer[Answer.verdict]?.stringValue == PostbackVerdict.Verdict.verified.rawValue
              ? answer : answer.setting(Answer.response, 400)
          }
        }
      }),
  ]

  /// Bugs in reading a verified postback (RCV-13 to RCV-18) and in the totals (RCV-15, RCV-19).
  static let reading: [Mutant] = [
    Mutant(
      "aak-signature-unchecked", .receiving,
      "Reads an AdAttributionKit postback's JWS under its kid without checking its signature, as a receiver that trusts the device does.",
      variant: .adAttributionKitSignatureUnchecked),
    receivingMutant(
      "did-win-ignored", "Takes every verified postback for a winner (RCV-16).",
      readingFlaw { answer, _ in answer.setting(Answer.didWin, true) }),
    receivingMutant(
      "missing-did-win-is-loser", "Reads a SKAdNetwork postback without did-win (before 3.0) as a loser (RCV-16).",
      readingFlaw { answer, request in
        guard answer[Answer.framework]?.stringValue == Framework.skadnetwork.rawValue,
          receivedMembers(request).body["did-win"] == nil
        else { return answer }
        return answer.setting(Answer.didWin, false)
      }),
    {
      var flaw = ReceivingFlaw()
      flaw.settled = { answers, requests in
        // Numbers each counted postback by the earlier counted ones of its network and app.
        var seen: [[UInt8]: Int] = [:]
        var windows: [Int: Int] = [:]
        var result = answers
        for (index, answer) in answers.enumerated() {
          guard let status = answer[Answer.status]?.stringValue else { continue }
          if status == Status.duplicate.rawValue, let first = answer[Answer.duplicateOf]?.exactInteger,
            let window = windows[first]
          {
            result[index] = answer.setting(Answer.window, .integer(window))
            continue
          }
          guard status == Status.counted.rawValue, let network = answer[Answer.adNetworkID]?.stringValue,
            let framework = answer[Answer.framework]?.stringValue,
            let environment = answer[Answer.environment]?.stringValue
          else { continue }
          let members = receivedMembers(requests[index])
          let app = (members.payload?["advertised-item-identifier"] ?? members.body["app-id"])?.description ?? ""
          let key = receivingKey(framework, environment, network, app)
          let window = seen[key, default: 0]
          seen[key] = window + 1
          windows[index] = window
          result[index] = answer.setting(Answer.window, .integer(window))
        }
        return result
      }
      return receivingMutant(
        "window-from-arrival",
        "Numbers a network's postbacks for an app in arrival order instead of reading postback-sequence-index (RCV-17).",
        flaw)
    }(),
    receivingMutant(
      "legacy-window-null", "Gives a postback without postback-sequence-index (before 4.0) no window (RCV-17).",
      readingFlaw { answer, request in
        let members = receivedMembers(request)
        guard (members.payload ?? members.body)["postback-sequence-index"] == nil else { return answer }
        return answer.setting(Answer.window, .null)
      }),
    receivingMutant(
      "reengagement-spelling-kept",
      "Reports an AdAttributionKit conversion-type spelled reengagement as is, not re-engagement (RCV-18, SIG-17).",
      readingFlaw { answer, request in
        guard let type = receivedMembers(request).payload?["conversion-type"]?.stringValue,
          type != answer[Answer.conversionType]?.stringValue
        else { return answer }
        return answer.setting(Answer.conversionType, .string(type))
      }),
    receivingMutant(
      "redownload-ignored", "Reports every SKAdNetwork postback as a download, ignoring redownload (RCV-18).",
      readingFlaw { answer, _ in
        answer[Answer.framework]?.stringValue == Framework.skadnetwork.rawValue
          ? answer.setting(Answer.conversionType, .string(ConversionType.download.rawValue)) : answer
      }),
    receivingMutant(
      "environment-always-production", "Counts every postback in production (RCV-13, RCV-14, RCV-15).",
      readingFlaw { answer, _ in answer.setting(Answer.environment, .string(Environment.production.rawValue)) }),
    receivingMutant(
      "aak-environment-by-publisher",
      "Takes an AdAttributionKit postback with publisher-item-identifier 0 for development, and any other for production, instead of reading the kid (RCV-13).",
      readingFlaw { answer, request in
        guard let payload = receivedMembers(request).payload else { return answer }
        let development = payload["publisher-item-identifier"]?.exactInteger == 0
        return answer.setting(
          Answer.environment, .string((development ? Environment.development : .production).rawValue))
      }),
    receivingMutant(
      "skan-development-by-value-0",
      "Takes a SKAdNetwork postback with conversion-value 0 for development, as StoreKit's test postbacks (RCV-14).",
      readingFlaw { answer, request in
        guard answer[Answer.framework]?.stringValue == Framework.skadnetwork.rawValue,
          receivedMembers(request).body["conversion-value"]?.exactInteger == 0
        else { return answer }
        return answer.setting(Answer.environment, .string(Environment.development.rawValue))
      }),
    {
      var flaw = ReceivingFlaw()
      flaw.rows = { answers in
        receivingRows(
          answers.map { answer in
            answer[Answer.environment]?.stringValue == nil
              ? answer : answer.setting(Answer.environment, .string(Environment.production.rawValue))
          })
      }
      return receivingMutant(
        "totals-one-environment", "Adds development postbacks into the production rows (RCV-15, RCV-19).", flaw)
    }(),
    {
      var flaw = ReceivingFlaw()
      flaw.rows = { answers in
        // The model's rows, in the order their first counted postback arrived.
        let rows = receivingRows(answers).arrayValue ?? []
        let firsts = rows.map { row in
          answers.firstIndex { answer in
            answer[Answer.status]?.stringValue == Status.counted.rawValue
              && [Row.environment, .framework, .adNetworkID, .conversionType, .window, .didWin].allSatisfy {
                answer[$0.rawValue] == row[$0]
              }
          } ?? answers.count
        }
        return .array(zip(firsts, rows).sorted { $0.0 < $1.0 }.map(\.1))
      }
      return receivingMutant("totals-unsorted", "Lists the rows in the order first seen, not sorted (RCV-19).", flaw)
    }(),
  ]

  /// Bugs in the copy-path rules (RCV-10 to RCV-12).
  static let copies: [Mutant] = [
    receivingMutant(
      "loser-copy-counted", "Counts a losing postback on a copy path as a loser instead of excluding it (RCV-11).",
      copyFlaw { $0.losersExcluded = false }),
    receivingMutant(
      "copy-window-0-only", "Excludes winning postbacks of windows 1 and 2 on a copy path (RCV-11).",
      copyFlaw { $0.windowZeroOnly = true }),
    receivingMutant(
      "opt-in-ignored",
      "Counts an AdAttributionKit re-engagement copy even when the app did not opt into re-engagement copies (RCV-12).",
      copyFlaw { $0.optInChecked = false }),
    receivingMutant(
      "opt-in-on-network-path",
      "Applies the re-engagement copy opt-in on network paths too, excluding the network's own re-engagement postbacks (RCV-12).",
      copyFlaw { $0.optInOnNetworkPaths = true }),
    receivingMutant(
      "any-copy-path", "Accepts a postback on the other framework's copy path (RCV-10).",
      copyFlaw { $0.ownPathOnly = false }),
  ]

  /// Bugs in the order of arrivals and the paths (RCV-9, RCV-20).
  static let ordering: [Mutant] = [
    Mutant(
      "arrivals-sorted", .receiving,
      "Sorts the arrivals by time (stable) instead of refusing an earlier time after a later one (RCV-20).",
      input: { input in
        guard let arrivals = input[Input.arrivals]?.arrayValue,
          arrivals.allSatisfy({ $0[Arrival.at]?.exactInteger != nil })
        else { return input }
        let sorted = arrivals.indices.sorted { left, right in
          let (l, r) = (arrivals[left][Arrival.at]?.exactInteger ?? 0, arrivals[right][Arrival.at]?.exactInteger ?? 0)
          return l != r ? l < r : left < right
        }
        return input.setting(Input.arrivals, .array(sorted.map { arrivals[$0] }))
      }),
    Mutant(
      "arrivals-sorted-by-path", .receiving,
      "Sorts arrivals of the same millisecond by path, its own network paths before the copy paths, so a copy that came first is taken for the duplicate (RCV-6, RCV-20).",
      input: { input in
        guard let arrivals = input[Input.arrivals]?.arrayValue,
          let order = tiesReordered(input, by: { !onCopyPath($0) && onCopyPath($1) })
        else { return input }
        return input.setting(Input.arrivals, .array(order.map { arrivals[$0] }))
      },
      output: { output, input in
        // Answers back in arrival order, each duplicate naming its counted arrival there.
        guard let order = tiesReordered(input, by: { !onCopyPath($0) && onCopyPath($1) }),
          let answers = output[Output.arrivals]?.arrayValue, answers.count == order.count
        else { return output }
        var restored = answers
        for (position, index) in order.enumerated() {
          restored[index] = answers[position].updating(Answer.duplicateOf) { named in
            named.exactInteger.map { .integer(order[$0]) } ?? named
          }
        }
        return output.setting(Output.arrivals, .array(restored))
      }),
    Mutant(
      "checks-in-one-pass", .receiving,
      "Checks each arrival's path and then its time, arrival by arrival, so an earlier arrival out of order hides a later one's unknown path (Spec/receiving.md, order of checks; RCV-9, RCV-20).",
      error: { code, input in
        guard code == ModelError.Code.invalidInput.rawValue, let arrivals = input[Input.arrivals]?.arrayValue,
          let paths = input[Input.receiver]?[Receiver.networkPaths]?.arrayValue
        else { return nil }
        let times = arrivals.map { $0[Arrival.at]?.exactInteger }
        guard
          let unknown = arrivals.firstIndex(where: { !onCopyPath($0) && !paths.contains($0[Arrival.path] ?? .null) })
        else { return nil }
        for index in arrivals.indices.dropFirst() where index < unknown {
          if let time = times[index], let before = times[index - 1], time < before {
            return .error(code: ModelError.Code.outOfOrder.rawValue, message: "arrival \(index) out of order")
          }
        }
        return nil
      }),
    Mutant(
      "unknown-path-as-network", .receiving,
      "Takes a request on a path the receiver does not have for a network postback instead of refusing the input (RCV-9).",
      input: { input in
        guard let arrivals = input[Input.arrivals]?.arrayValue,
          var paths = input[Input.receiver]?[Receiver.networkPaths]?.arrayValue,
          paths.allSatisfy({ $0.stringValue != nil })
        else { return input }
        for arrival in arrivals where !onCopyPath(arrival) {
          guard let path = arrival[Arrival.path], path.stringValue != nil, !paths.contains(path) else { continue }
          paths.append(path)
        }
        return input.updating(Input.receiver) { $0.setting(Receiver.networkPaths, .array(paths)) }
      }),
  ]
}
