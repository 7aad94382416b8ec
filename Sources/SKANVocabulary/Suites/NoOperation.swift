/// The operation type of a suite whose input has no `op`: it has one operation.
public enum NoOperation: String, MemberName {
  /// The suite's only operation.
  case none = ""
}
