public import SKANJSON

/// AdAttributionKit JWS verification (SIG-13 to SIG-19): the payload field tables, and the
/// order in which the checks answer.
public enum AdAttributionKitSignature {
  /// One payload field: its name, its JSON type, and whether it may be absent.
  public typealias Field = (name: String, kind: PostbackField.Kind, optional: Bool)

  /// The outcome of a postback verification, with what the kit reports beside the verdict.
  public struct PostbackCheck: Sendable, Hashable {
    /// The verdict and its reason.
    public var verdict: PostbackVerdict
    /// The header's `kid`, once the JWS could be split.
    public var kid: String?
    /// The signing input, once the JWS could be split.
    public var signingInput: String?
    /// The `conversion-type`, normalized (SIG-18), when verified.
    public var conversionType: String?
    /// The JWS payload's members, when verified (what a receiver counts, RCV-4 to RCV-18).
    public var payload: [String: JSONValue]?
  }

  /// The outcome of an impression verification.
  public struct ImpressionCheck: Sendable, Hashable {
    /// The verdict and its reason.
    public var verdict: PostbackVerdict
    /// The signing input, once the JWS could be split.
    public var signingInput: String?
  }

  /// The fields of an AdAttributionKit postback payload (SIG-16, SIG-18).
  public static let postbackFields: [Field] = [
    ("impression-type", .string, false), ("ad-network-identifier", .string, false),
    ("source-identifier", .string, false), ("advertised-item-identifier", .integer, false),
    ("conversion-type", .string, false), ("postback-identifier", .string, false),
    ("did-win", .boolean, false), ("postback-sequence-index", .integer, false),
    ("marketplace-identifier", .string, true), ("publisher-item-identifier", .integer, true),
  ]

  /// The fields of an AdAttributionKit impression payload (SIG-18).
  public static let impressionFields: [Field] = [
    ("impression-identifier", .string, false), ("publisher-item-identifier", .integer, false),
    ("impression-type", .string, false), ("ad-network-identifier", .string, false),
    ("source-identifier", .integer, false), ("timestamp", .integer, false),
    ("advertised-item-identifier", .integer, false), ("eligible-for-re-engagement", .boolean, true),
  ]

  /// The postback sequence indexes a payload may carry (SIG-18).
  public static let sequenceIndexes = 0...2

  /// Judges the `jws-string` member of a postback under the keys by `kid`.
  ///
  /// The checks answer in this order: `jws-string` present and a string; the JWS split
  /// (SIG-14); a key for its `kid` (`unverifiable`, `unknown-kid`); the signature (SIG-15);
  /// the payload's fields and types (SIG-16); `conversion-type` and
  /// `postback-sequence-index` within their sets (`invalid-value`, SIG-18).
  public static func checkPostback(
    jws value: JSONValue?, keys: [String: any P256PublicKey]
  ) -> PostbackCheck {
    var check = PostbackCheck(verdict: PostbackVerdict(.rejected, .missingField))
    guard let value else { return check }
    guard let jws = value.stringValue else { return rejected(check, .wrongType) }
    let parsed: CompactJWS
    switch CompactJWS.parse(jws) {
    case .failure(let failure): return rejected(check, failure.reason)
    case .success(let result): parsed = result
    }
    check.kid = parsed.kid
    check.signingInput = parsed.signingInput
    guard let key = keys[parsed.kid] else {
      check.verdict = PostbackVerdict(.unverifiable, .unknownKID)
      return check
    }
    let signature = RuleVariant.adAttributionKitSignatureUnchecked.isActive ? nil : parsed.rejection(under: key)
    if let rejection = signature ?? rejection(parsed.payload, postbackFields) {
      check.verdict = rejection
      return check
    }
    guard
      let type = parsed.payload["conversion-type"]?.stringValue.flatMap(
        PostbackScenario.ConversionType.init(spelling:)),
      let index = parsed.payload["postback-sequence-index"]?.exactInteger, sequenceIndexes.contains(index)
    else { return rejected(check, .invalidValue) }
    check.conversionType = type.rawValue
    check.payload = parsed.payload
    check.verdict = PostbackVerdict(.verified, .ok)
    return check
  }

  /// Judges an AdAttributionKit impression JWS under one key (SIG-19): the split, the
  /// signature, then the payload's fields and types.
  public static func checkImpression(jws: String, key: any P256PublicKey) -> ImpressionCheck {
    let parsed: CompactJWS
    switch CompactJWS.parse(jws) {
    case .failure(let failure):
      return ImpressionCheck(verdict: PostbackVerdict(.rejected, failure.reason), signingInput: nil)
    case .success(let result): parsed = result
    }
    let verdict =
      parsed.rejection(under: key) ?? rejection(parsed.payload, impressionFields) ?? PostbackVerdict(.verified, .ok)
    return ImpressionCheck(verdict: verdict, signingInput: parsed.signingInput)
  }

  /// Whether an impression's header and payload texts have Apple's shape (SIG-18): both JSON
  /// objects (`malformed-jws`), `alg` `ES256`, a string `kid`, then the payload's fields.
  public static func impressionShape(header: String, payload: String) -> PostbackVerdict.Reason {
    guard let headerObject = (try? JSONParser.parse(header))?.objectValue,
      let payloadObject = (try? JSONParser.parse(payload))?.objectValue
    else { return .malformedJWS }
    guard headerObject["alg"]?.stringValue == "ES256" else { return .unsupportedAlgorithm }
    guard headerObject["kid"]?.stringValue != nil else { return .malformedJWS }
    return rejection(payloadObject, impressionFields)?.reason ?? .ok
  }

  /// Required fields present, every listed field of its JSON type (SIG-16, SIG-18): `nil`
  /// when they are, otherwise the first rejection in table order.
  public static func rejection(_ payload: [String: JSONValue], _ fields: [Field]) -> PostbackVerdict? {
    for field in fields {
      guard let value = payload[field.name] else {
        if field.optional { continue }
        return PostbackVerdict(.rejected, .missingField)
      }
      if field.kind.signedText(of: value) == nil { return PostbackVerdict(.rejected, .wrongType) }
    }
    return nil
  }

  private static func rejected(_ check: PostbackCheck, _ reason: PostbackVerdict.Reason) -> PostbackCheck {
    var result = check
    result.verdict = PostbackVerdict(.rejected, reason)
    return result
  }
}
