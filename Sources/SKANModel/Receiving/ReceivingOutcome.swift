/// A receiver's answer for a batch of requests: each request's outcome, in order, and the
/// totals (Spec/receiving.md).
public struct ReceivingOutcome: Sendable, Hashable {
  /// One per request, in arrival order.
  public var postbacks: [ReceivedPostback]
  /// The numbers a dashboard shows (RCV-19).
  public var totals: ReceivingTotals

  /// Creates an outcome.
  public init(postbacks: [ReceivedPostback], totals: ReceivingTotals) {
    self.postbacks = postbacks
    self.totals = totals
  }
}
