/// One postback the device sends, minus its signature.
public struct PlannedPostback: Sendable, Hashable {
  /// A field's value, as Apple's JSON has it.
  public enum Value: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A boolean.
    case bool(Bool)
  }

  /// `postback-sequence-index`.
  public var sequenceIndex: Int
  /// The tier that decided the fields.
  public var tier: CrowdTier
  /// For SKAdNetwork, every field of the postback; for AdAttributionKit, the JWS payload.
  public var fields: [String: Value]
  /// AdAttributionKit only: the members outside the JWS.
  public var outerFields: [String: Value]
  /// When the conversion value became final: the window's end, or the lock.
  public var finalizedAt: Timestamp
  /// The earliest time the device may send it.
  public var earliestSend: Timestamp
  /// The latest time the device may send it.
  public var latestSend: Timestamp

  /// Creates a planned postback.
  public init(
    sequenceIndex: Int, tier: CrowdTier, fields: [String: Value], outerFields: [String: Value],
    finalizedAt: Timestamp, earliestSend: Timestamp, latestSend: Timestamp
  ) {
    self.sequenceIndex = sequenceIndex
    self.tier = tier
    self.fields = fields
    self.outerFields = outerFields
    self.finalizedAt = finalizedAt
    self.earliestSend = earliestSend
    self.latestSend = latestSend
  }
}
