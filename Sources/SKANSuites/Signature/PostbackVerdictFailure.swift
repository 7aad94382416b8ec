import SKANModel

/// A reason a signed string could not be built.
struct PostbackVerdictFailure: Error {
  let reason: PostbackVerdict.Reason
  init(_ reason: PostbackVerdict.Reason) { self.reason = reason }
}
