import SKANJSON
import SKANModel
import SKANSignatures

/// `op: "verify-aak-postback"` and `op: "verify-aak-impression"`: AdAttributionKit compact
/// JWS, ES256 (SIG-13 to SIG-19).
enum JWSVerification {
  /// The `conversion-type` values, with the unhyphenated spelling accepted and normalized (SIG-18).
  static let conversionTypes = [
    "download": "download", "redownload": "redownload", "re-engagement": "re-engagement",
    "reengagement": "re-engagement",
  ]

  static func verifyPostback(_ reader: InputReader) throws(ModelError) -> JSONValue {
    var keys = AppleKeys.aakByKID
    if reader.optional("keys") != nil {
      keys = [:]
      for (kid, value) in try reader.object("keys") {
        guard let text = value.stringValue else {
          throw ModelError(.invalidInput, "input.keys.\(kid) must be a string")
        }
        // Every key is checked, used or not, so that the input's shape alone decides invalid-input.
        do {
          _ = try P256VerificationKey(spkiBase64: text)
        } catch {
          throw ModelError(.invalidInput, "input.keys.\(kid): \(error)")
        }
        keys[kid] = text
      }
    }
    let postback = try InputReader(.object(try reader.object("postback")), path: "input.postback")
    var extra: [String: JSONValue] = ["kid": .null, "signing_input": .null, "conversion_type": .null]
    guard let jwsValue = postback.members["jws-string"] else {
      return SignatureSuite.encode(PostbackVerdict(.rejected, .missingField), extra)
    }
    guard let jws = jwsValue.stringValue else {
      return SignatureSuite.encode(PostbackVerdict(.rejected, .wrongType), extra)
    }
    let parsed: ParsedJWS
    switch ParsedJWS.parse(jws) {
    case .failure(let failure): return SignatureSuite.encode(PostbackVerdict(.rejected, failure.reason), extra)
    case .success(let value): parsed = value
    }
    extra["kid"] = .string(parsed.kid)
    extra["signing_input"] = .string(parsed.signingInput)
    guard let keyText = keys[parsed.kid] else {
      return SignatureSuite.encode(PostbackVerdict(.unverifiable, .unknownKID), extra)
    }
    let key: P256VerificationKey
    do {
      key = try P256VerificationKey(spkiBase64: keyText)
    } catch {
      throw ModelError(.invalidInput, "input.keys.\(parsed.kid): \(error)")
    }
    if let failure = parsed.verify(with: key) { return SignatureSuite.encode(failure, extra) }
    let fields: [(String, PostbackField.Kind, Bool)] = [
      ("impression-type", .string, false), ("ad-network-identifier", .string, false),
      ("source-identifier", .string, false), ("advertised-item-identifier", .integer, false),
      ("conversion-type", .string, false), ("postback-identifier", .string, false),
      ("did-win", .boolean, false), ("postback-sequence-index", .integer, false),
      ("marketplace-identifier", .string, true), ("publisher-item-identifier", .integer, true),
    ]
    if let failure = check(parsed.payload, fields) { return SignatureSuite.encode(failure, extra) }
    guard let type = parsed.payload["conversion-type"]?.stringValue.flatMap({ conversionTypes[$0] }),
      let index = parsed.payload["postback-sequence-index"]?.exactInteger, (0...2).contains(index)
    else {
      return SignatureSuite.encode(PostbackVerdict(.rejected, .invalidValue), extra)
    }
    extra["conversion_type"] = .string(type)
    return SignatureSuite.encode(PostbackVerdict(.verified, .ok), extra)
  }

  static func verifyImpression(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let jws = try reader.string("jws")
    let keyText = try reader.string("public_key")
    let key: P256VerificationKey
    do {
      key = try P256VerificationKey(spkiBase64: keyText)
    } catch {
      throw ModelError(.invalidInput, "input.public_key: \(error)")
    }
    var extra: [String: JSONValue] = ["signing_input": .null]
    let parsed: ParsedJWS
    switch ParsedJWS.parse(jws) {
    case .failure(let failure): return SignatureSuite.encode(PostbackVerdict(.rejected, failure.reason), extra)
    case .success(let value): parsed = value
    }
    extra["signing_input"] = .string(parsed.signingInput)
    if let failure = parsed.verify(with: key) { return SignatureSuite.encode(failure, extra) }
    if let failure = check(parsed.payload, impressionFields) { return SignatureSuite.encode(failure, extra) }
    return SignatureSuite.encode(PostbackVerdict(.verified, .ok), extra)
  }

  /// The fields of an AdAttributionKit impression payload: name, type, optional (SIG-18).
  static let impressionFields: [(String, PostbackField.Kind, Bool)] = [
    ("impression-identifier", .string, false), ("publisher-item-identifier", .integer, false),
    ("impression-type", .string, false), ("ad-network-identifier", .string, false),
    ("source-identifier", .integer, false), ("timestamp", .integer, false),
    ("advertised-item-identifier", .integer, false), ("eligible-for-re-engagement", .boolean, true),
  ]

  /// Required fields present, every listed field of its JSON type (SIG-16, SIG-18).
  static func check(_ payload: [String: JSONValue], _ fields: [(String, PostbackField.Kind, Bool)]) -> PostbackVerdict?
  {
    for (name, kind, optional) in fields {
      guard let value = payload[name] else {
        if optional { continue }
        return PostbackVerdict(.rejected, .missingField)
      }
      if PostbackVerification.render(value, kind) == nil { return PostbackVerdict(.rejected, .wrongType) }
    }
    return nil
  }
}
