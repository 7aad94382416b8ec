/// Why a signature could not be made or checked.
public enum SignatureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A key that is not a valid key of its kind.
  case invalidKey(String)
  /// A signature that is not well-formed: not base64, not DER, not 64 raw bytes.
  case malformedSignature(String)

  public var description: String {
    switch self {
    case .invalidKey(let reason): return "invalid key: \(reason)"
    case .malformedSignature(let reason): return "malformed signature: \(reason)"
    }
  }
}
