/// The answer of the conversion-value API to one request (S2S-7 to S2S-12).
public struct S2SValidation: Sendable, Hashable {
  /// Why the server answers as it does; the raw value is the Spec's reason code.
  public enum Reason: String, Sendable, Hashable, CaseIterable {
    /// 200: the request is valid and the uid known.
    case ok
    /// 503: the server is busy (checked first).
    case serverBusy = "server-busy"
    /// 400: a required parameter or header is absent or empty.
    case missingParameter = "missing-parameter"
    /// 400: a required header appears more than once (names compared without regard to case).
    case duplicateHeader = "duplicate-header"
    /// 400: `Af-Timestamp` is not 13 ASCII digits (Unix milliseconds).
    case malformedTimestamp = "malformed-timestamp"
    /// 400: `Authorization` is not 64 hex digits.
    case malformedSignature = "malformed-signature"
    /// 401: the signature does not match.
    case badSignature = "bad-signature"
    /// 404: the uid is not known (or has expired).
    case unknownUID = "unknown-uid"
    /// 404: the request is for another path than the API's (the reference endpoint only;
    /// kit-defined, Spec/s2s.md "The reference endpoint").
    case unknownPath = "unknown-path"
    /// 400: the request's method is not `GET` (the reference endpoint only; kit-defined).
    case methodNotGet = "method-not-get"

    /// The HTTP status the contract gives for the reason.
    public var status: Int {
      switch self {
      case .ok: return 200
      case .serverBusy: return 503
      case .missingParameter, .duplicateHeader, .malformedTimestamp, .malformedSignature, .methodNotGet: return 400
      case .badSignature: return 401
      case .unknownUID, .unknownPath: return 404
      }
    }
  }

  /// The reason.
  public var reason: Reason
  /// For a 400: the parameter or header at fault, as the contract names it.
  public var parameter: String?

  /// The HTTP status.
  public var status: Int { reason.status }

  /// Creates an answer.
  public init(_ reason: Reason, parameter: String? = nil) {
    self.reason = reason
    self.parameter = parameter
  }
}
