/// Why a signature could not be made or checked.
public enum SignatureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A key that is not a valid key of its kind.
  case invalidKey(String)

  public var description: String {
    switch self {
    case .invalidKey(let reason): return "invalid key: \(reason)"
    }
  }
}
