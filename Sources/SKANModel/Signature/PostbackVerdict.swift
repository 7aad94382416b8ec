/// The answer of a signature check (SIG-7 to SIG-12, SIG-17 to SIG-21).
public struct PostbackVerdict: Sendable, Hashable {
  /// The verdict.
  public enum Verdict: String, Sendable, Hashable {
    /// The signature verifies under the key.
    case verified
    /// The postback or its signature is wrong: tampered, malformed, or missing a field.
    case rejected
    /// The kit cannot decide: an unknown version or kid.
    case unverifiable
  }

  /// The stable reason codes (listed in Spec/signature.md).
  public enum Reason: String, Sendable, Hashable, CaseIterable {
    /// Verified.
    case ok
    /// A well-formed signature that does not verify.
    case badSignature = "bad-signature"
    /// The signature is not base64, not DER, or not 64 raw bytes.
    case malformedSignature = "malformed-signature"
    /// A signed field (or the signature) is absent.
    case missingField = "missing-field"
    /// A signed field has the wrong JSON type.
    case wrongType = "wrong-type"
    /// Both `source-app-id` and `source-domain` are present.
    case ambiguousSource = "ambiguous-source"
    /// The postback text is not a JSON object.
    case malformedJSON = "malformed-json"
    /// A version the kit does not know.
    case unknownVersion = "unknown-version"
    /// A JWS that is not three strict base64url parts with a JSON header and payload.
    case malformedJWS = "malformed-jws"
    /// A JWS header whose `alg` is not `ES256`.
    case unsupportedAlgorithm = "unsupported-alg"
    /// A JWS `kid` with no key.
    case unknownKID = "unknown-kid"
    /// A signed field with a value outside its set (an unknown `conversion-type`, a
    /// `postback-sequence-index` outside 0 to 2).
    case invalidValue = "invalid-value"
  }

  /// The verdict.
  public var verdict: Verdict
  /// Why.
  public var reason: Reason

  /// Creates a verdict.
  public init(_ verdict: Verdict, _ reason: Reason) {
    self.verdict = verdict
    self.reason = reason
  }
}
