/// Why a signed string could not be built or a signature not checked: the rejection's reason.
public struct SignatureFailure: Error, Sendable, Hashable {
  /// The reason code.
  public let reason: PostbackVerdict.Reason

  /// Creates a failure.
  public init(_ reason: PostbackVerdict.Reason) { self.reason = reason }
}
