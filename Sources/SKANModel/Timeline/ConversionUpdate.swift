/// One call to the conversion-value API: `updatePostbackConversionValue(_:coarseValue:lockWindow:)`
/// in SKAdNetwork, `updateConversionValue(_:coarseConversionValue:lockPostback:)` in
/// AdAttributionKit.
public struct ConversionUpdate: Sendable, Hashable {
  /// When the app made the call.
  public var time: Timestamp
  /// The fine value; Apple's API always takes one.
  public var fine: FineValue
  /// The coarse value, if the app gave one.
  public var coarse: CoarseValue?
  /// Whether the call locks the current window.
  public var lock: Bool

  /// Creates an update.
  public init(time: Timestamp, fine: FineValue, coarse: CoarseValue? = nil, lock: Bool = false) {
    self.time = time
    self.fine = fine
    self.coarse = coarse
    self.lock = lock
  }
}
