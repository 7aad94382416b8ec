/// The values of one conversion-value update, as SKAdNetwork's
/// `updatePostbackConversionValue(_:coarseValue:lockWindow:)` and AdAttributionKit's
/// `updateConversionValue(_:coarseConversionValue:lockPostback:)` take them.
public struct ConversionValue: Sendable, Hashable, Decodable {
  /// The fine value.
  public var fine: FineValue
  /// The coarse value, or `nil` when the update passes none.
  public var coarse: CoarseValue?
  /// Whether the update locks its window: its values are the window's last.
  public var lock: Bool

  /// Creates the values of an update.
  public init(fine: FineValue, coarse: CoarseValue? = nil, lock: Bool = false) {
    self.fine = fine
    self.coarse = coarse
    self.lock = lock
  }

  /// Reads the members `fine`, `coarse` and `lock` of an update as a server or a bridge sends
  /// it, in that order, each as its type reads it: the first invalid one decides the error. A
  /// fine value is required (absent or `null`, it is ``ValueError/fineNotInteger``); an absent
  /// or `null` coarse value is none, an absent or `null` lock is `false`. Other members are
  /// ignored.
  /// - Throws: the ``ValueError`` of the first invalid value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let fine = try container.decodeIfPresent(FineValue.self, forKey: .fine) else {
      throw ValueError.fineNotInteger
    }
    self.fine = fine
    coarse = try container.decodeIfPresent(CoarseValue.self, forKey: .coarse)
    lock = try container.decodeIfPresent(LockFlag.self, forKey: .lock)?.locks ?? false
  }

  private enum CodingKeys: String, CodingKey { case fine, coarse, lock }
}
