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

  /// The variants that never check one postback payload field, in the table's order.
  package static let fieldIgnoringVariants: [(field: String, variant: RuleVariant)] = [
    ("impression-type", .aakIgnoresImpressionType), ("ad-network-identifier", .aakIgnoresAdNetworkIdentifier),
    ("source-identifier", .aakIgnoresSourceIdentifier),
    ("advertised-item-identifier", .aakIgnoresAdvertisedItemIdentifier),
    ("conversion-type", .aakIgnoresConversionType), ("postback-identifier", .aakIgnoresPostbackIdentifier),
    ("did-win", .aakIgnoresDidWin), ("postback-sequence-index", .aakIgnoresPostbackSequenceIndex),
    ("marketplace-identifier", .aakIgnoresMarketplaceIdentifier),
    ("publisher-item-identifier", .aakIgnoresPublisherItemIdentifier),
  ]

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
    // Variants check the payload before the key lookup, or before the signature.
    if RuleVariant.aakPayloadBeforeKeyLookup.isActive, let rejection = payloadRejection(parsed.payload) {
      return rejected(check, rejection.reason)
    }
    if !parsed.isUnsigned {
      // A variant verifies every postback under the production kid's key.
      let kid = RuleVariant.aakProductionKeyForEveryKID.isActive ? PostbackReceiver.productionKID : parsed.kid
      guard let key = keys[kid] else {
        if RuleVariant.aakTriesEveryKey.isActive, !keys.isEmpty {
          let answers = keys.sorted { $0.key < $1.key }.map { checkPostback(jws: value, keys: [parsed.kid: $0.value]) }
          return answers.first { $0.verdict.verdict == .verified } ?? answers[0]
        }
        check.verdict = PostbackVerdict(.unverifiable, .unknownKID)
        return check
      }
      let signature = RuleVariant.adAttributionKitSignatureUnchecked.isActive ? nil : parsed.rejection(under: key)
      if signature != nil, RuleVariant.aakPayloadBeforeSignature.isActive,
        let rejection = payloadRejection(parsed.payload)
      {
        return rejected(check, rejection.reason)
      }
      if let signature { return rejected(check, signature.reason) }
    }
    if let rejection = payloadRejection(parsed.payload) { return rejected(check, rejection.reason) }
    check.conversionType = conversionType(parsed.payload)
    check.payload = parsed.payload
    check.verdict = PostbackVerdict(.verified, .ok)
    return check
  }

  /// The first rejection of a postback payload (SIG-16, SIG-17): its fields and types, then
  /// `conversion-type` and `postback-sequence-index` within their sets; `nil` when it passes.
  package static func payloadRejection(_ payload: [String: JSONValue]) -> PostbackVerdict? {
    let ignored = Set(fieldIgnoringVariants.filter { $0.variant.isActive }.map(\.field))
    let fields = postbackFields.filter { !ignored.contains($0.name) }
    if let rejection = rejection(payload, fields, checksTypes: !RuleVariant.aakPayloadTypesUnchecked.isActive) {
      return rejection
    }
    if !ignored.contains("conversion-type"), conversionType(payload) == nil {
      return PostbackVerdict(.rejected, .invalidValue)
    }
    let indexes =
      RuleVariant.aakNegativeSequenceIndexAccepted.isActive ? Int.min...sequenceIndexes.upperBound : sequenceIndexes
    if !ignored.contains("postback-sequence-index") {
      guard let index = payload["postback-sequence-index"]?.exactInteger, indexes.contains(index) else {
        return PostbackVerdict(.rejected, .invalidValue)
      }
    }
    return nil
  }

  /// A postback payload's `conversion-type`, normalized (SIG-24); `nil` when it is not one
  /// the kit knows, or under a variant that takes any string, the string as given.
  private static func conversionType(_ payload: [String: JSONValue]) -> String? {
    let text = payload["conversion-type"]?.stringValue
    if let known = text.flatMap(PostbackScenario.ConversionType.init(spelling:)) { return known.rawValue }
    let asGiven = RuleVariant.aakAnyConversionType.isActive || RuleVariant.aakIgnoresConversionType.isActive
    return asGiven ? text : nil
  }

  /// Whether a typed decoder, which a variant uses, fails on a postback payload: a field
  /// missing or of the wrong type, or an unknown `conversion-type`.
  package static func payloadFailsDecoding(_ payload: [String: JSONValue]) -> Bool {
    rejection(payload, postbackFields) != nil || conversionType(payload) == nil
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
    var signed = parsed
    var signature = parsed.isUnsigned ? nil : parsed.rejection(under: key)
    if signature == nil, RuleVariant.aakImpressionReserialized.isActive {
      // A variant verifies a signature that holds over the texts as given once more, over the
      // texts written again.
      signed = parsed.reserialized()
      signature = signed.rejection(under: key)
    }
    let verdict = signature ?? impressionRejection(signed.payload) ?? PostbackVerdict(.verified, .ok)
    return ImpressionCheck(verdict: verdict, signingInput: signed.signingInput)
  }

  /// The first rejection of an impression payload's fields and types (SIG-18); `nil` when it
  /// passes.
  private static func impressionRejection(_ payload: [String: JSONValue]) -> PostbackVerdict? {
    var read = payload
    if RuleVariant.aakImpressionSourceIdentifierEitherType.isActive,
      let number = payload["source-identifier"]?.stringValue.flatMap({ Int($0) })
    {
      read["source-identifier"] = .integer(number)
    }
    let ignoresTimestamp = RuleVariant.aakImpressionIgnoresTimestamp.isActive
    return rejection(read, ignoresTimestamp ? impressionFields.filter { $0.name != "timestamp" } : impressionFields)
  }

  /// Whether an impression's header and payload texts have Apple's shape (SIG-18): both JSON
  /// objects (`malformed-jws`), `alg` `ES256`, a string `kid`, then the payload's fields.
  public static func impressionShape(header: String, payload: String) -> PostbackVerdict.Reason {
    guard let headerObject = (try? JSONParser.parse(header))?.objectValue,
      let payloadObject = (try? JSONParser.parse(payload))?.objectValue
    else { return .malformedJWS }
    guard headerObject["alg"]?.stringValue == "ES256" || RuleVariant.aakImpressionAlgorithmUnchecked.isActive else {
      return .unsupportedAlgorithm
    }
    guard headerObject["kid"]?.stringValue != nil else { return .malformedJWS }
    return impressionRejection(payloadObject)?.reason ?? .ok
  }

  /// Required fields present, every listed field of its JSON type (SIG-16, SIG-18): `nil`
  /// when they are, otherwise the first rejection in table order.
  public static func rejection(_ payload: [String: JSONValue], _ fields: [Field]) -> PostbackVerdict? {
    rejection(payload, fields, checksTypes: true)
  }

  /// As ``rejection(_:_:)``, the types checked only when `checksTypes`.
  private static func rejection(
    _ payload: [String: JSONValue], _ fields: [Field], checksTypes: Bool
  ) -> PostbackVerdict? {
    for field in fields {
      guard let value = payload[field.name] else {
        if field.optional { continue }
        return PostbackVerdict(.rejected, .missingField)
      }
      if checksTypes, field.kind.signedText(of: value) == nil { return PostbackVerdict(.rejected, .wrongType) }
    }
    return nil
  }

  private static func rejected(_ check: PostbackCheck, _ reason: PostbackVerdict.Reason) -> PostbackCheck {
    var result = check
    result.verdict = PostbackVerdict(.rejected, reason)
    return result
  }
}
