import SKANJSON

/// The deduplication of a receiver's judged postbacks, one arrival at a time in arrival order
/// (RCV-3 to RCV-6, RCV-20): the first verified, admitted postback with a key claims it; a
/// later one with that key is a duplicate of it. ``PostbackReceiver/receive(_:)`` runs a batch
/// through it; an audit runs a stored stream of any length through it.
///
/// What it keeps is bounded by the keys, not the arrivals: for each claimed key, the claiming
/// arrival's index, time and body (or, comparing by ``Comparison/fingerprints``, the 8-byte
/// fingerprint of its documented members).
public struct ReceivingLedger: Sendable {
  /// How a duplicate's body is compared with the counted one's (RCV-6).
  public enum Comparison: Sendable {
    /// Keep each counted body and compare exactly
    /// (``ReceivedBodyComparison/differs(_:from:framework:)``).
    case bodies
    /// Keep each counted body's fingerprint
    /// (``ReceivedBodyComparison/fingerprint(_:framework:)``): the same answer but for a
    /// 64-bit hash collision, in 8 bytes a key.
    case fingerprints
  }

  /// The arrival that claimed a key, or the latest one with it.
  struct Claim: Sendable {
    var index: Int
    var at: Timestamp
    var body: JSONValue?
    var fingerprint: UInt64
  }

  private let comparison: Comparison
  private var claimed: [PostbackReceiver.DeduplicationKey: Claim] = [:]
  private var latest: [PostbackReceiver.DeduplicationKey: Claim] = [:]

  /// An empty ledger.
  public init(comparing comparison: Comparison) { self.comparison = comparison }

  /// How many keys are claimed.
  public var keys: Int { claimed.count }

  /// Takes the judged `postback` of `request`, the `index`th arrival (from 0): a verified,
  /// admitted one whose key is claimed becomes a `duplicate` of the claiming arrival. Returns
  /// the index of an earlier arrival this one displaces as the counted one, which only a rule
  /// variant does. Comparing by fingerprints, `fingerprint` is the body's when already
  /// computed (``ReceivedBodyComparison/fingerprint(_:framework:)``).
  public mutating func admit(
    _ postback: inout ReceivedPostback, _ request: ReceivedRequest, index: Int, fingerprint: UInt64? = nil
  ) -> Int? {
    let (checked, claims) = PostbackReceiver.part(postback)
    guard checked || claims, let key = PostbackReceiver.deduplicationKey(postback, request) else { return nil }
    let framework = postback.framework ?? .skadnetwork
    let retention =
      RuleVariant.receivingKeyKeptOneDay.isActive
      ? Milliseconds.day : RuleVariant.receivingKeyKeptNineDays.isActive ? 9 * Milliseconds.day : nil
    var first = claimed[key]
    if let owner = first, let retention, request.at.milliseconds - owner.at.milliseconds >= retention {
      first = nil
    }
    let this = claim(request, index: index, framework: framework, fingerprint: fingerprint)
    var displaced: Int?
    if let first, checked {
      let named = RuleVariant.receivingDuplicateNamesLatest.isActive ? latest[key] ?? first : first
      let differs = self.differs(this, named, framework: framework)
      if RuleVariant.receivingLastDifferingDuplicateWins.isActive, differs {
        displaced = first.index
        claimed[key] = this
      } else {
        postback.status = .duplicate
        postback.duplicateOf = named.index
        postback.bodyDiffers = differs
      }
    } else if first == nil, claims {
      claimed[key] = this
    }
    if checked, RuleVariant.receivingDuplicateNamesLatest.isActive { latest[key] = this }
    return displaced
  }

  /// What is kept of `request` while it holds a key.
  private func claim(
    _ request: ReceivedRequest, index: Int, framework: ReceivedPostback.Framework, fingerprint: UInt64?
  ) -> Claim {
    switch comparison {
    case .bodies: return Claim(index: index, at: request.at, body: request.body, fingerprint: 0)
    case .fingerprints:
      return Claim(
        index: index, at: request.at, body: nil,
        fingerprint: fingerprint ?? ReceivedBodyComparison.fingerprint(request.body, framework: framework))
    }
  }

  /// RCV-6: whether `body`'s documented members differ from `first`'s.
  private func differs(_ body: Claim, _ first: Claim, framework: ReceivedPostback.Framework) -> Bool {
    guard let left = body.body, let right = first.body else { return body.fingerprint != first.fingerprint }
    return ReceivedBodyComparison.differs(left, from: right, framework: framework)
  }
}
