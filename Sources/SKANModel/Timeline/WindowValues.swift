/// The values one conversion window holds.
public struct WindowValues: Sendable, Hashable {
  /// Which window.
  public var window: ConversionWindow
  /// The fine value; only ever set in the first window (SKN-1).
  public var fine: FineValue?
  /// The coarse value of the last applied update, if it had one (SKN-4).
  public var coarse: CoarseValue?
  /// When an update locked the window.
  public var lockedAt: Timestamp?
  /// When the last applied update came.
  public var lastUpdateAt: Timestamp?
  /// How many updates were applied in this window.
  public var appliedCount: Int

  /// An empty window.
  public init(window: ConversionWindow) {
    self.window = window
    appliedCount = 0
  }

  /// Whether any update was applied.
  public var hasUpdate: Bool { appliedCount > 0 }
}
