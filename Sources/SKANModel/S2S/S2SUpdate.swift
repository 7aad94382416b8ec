/// The update a client applies after a conversion-value response (S2S-14 to S2S-17).
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
