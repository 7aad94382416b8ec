/// The update a client applies after a conversion-value response (S2S-12 to S2S-16).
public struct S2SUpdate: Sendable, Hashable {
  /// Whether there is a value to apply; `false` for a Singular `status: "ok"` without one.
  public var apply: Bool
  /// The fine value, 0...63.
  public var fine: FineValue?
  /// The coarse value.
  public var coarse: CoarseValue?
  /// Whether to lock the window.
  public var lock: Bool
  /// AppsFlyer v2: the postback the value is for, 0...2.
  public var postbackSequenceIndex: Int?
  /// AppsFlyer v2: when to ask next, Unix seconds; 0 means not given.
  public var nextWindowTime: Int?

  /// The conversion window the update is for (S2S-15): AppsFlyer v2's
  /// `postback_sequence_index` names it, 0 the first window to 2 the third; `nil` when the
  /// response does not say (v1, Singular, an absent or `null` index), and the client's own
  /// current window decides.
  public var window: Int? { postbackSequenceIndex }

  /// Whether the client applies the fine value (S2S-15): not in windows 1 and 2, where
  /// SKAdNetwork ignores it (SKN-1) and only the coarse value and the lock apply; `nil`
  /// when the response names no window.
  public var fineApplies: Bool? {
    window.map {
      ($0 == 0 || RuleVariant.s2sFineAppliesInEveryWindow.isActive) && !RuleVariant.s2sFineIgnoredWithIndex.isActive
    }
  }

  /// Creates an update.
  public init(
    apply: Bool, fine: FineValue?, coarse: CoarseValue?, lock: Bool, postbackSequenceIndex: Int? = nil,
    nextWindowTime: Int? = nil
  ) {
    self.apply = apply
    self.fine = fine
    self.coarse = coarse
    self.lock = lock
    self.postbackSequenceIndex = postbackSequenceIndex
    self.nextWindowTime = nextWindowTime
  }
}
