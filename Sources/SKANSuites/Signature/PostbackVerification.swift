import SKANJSON
import SKANModel
import SKANSignatures

/// `op: "verify-postback"`: a SKAdNetwork postback to verified, rejected or unverifiable
/// (SIG-1 to SIG-8).
enum PostbackVerification {
  static func verify(_ reader: InputReader) throws(ModelError) -> JSONValue {
    let keyText = try SignatureSuite.key(reader, "public_key")
    let key: P256VerificationKey
    do {
      key = try P256VerificationKey(spkiBase64: keyText ?? AppleKeys.skanP256)
    } catch {
      throw ModelError(.invalidInput, "input.public_key: \(error)")
    }
    guard let raw = reader.members["postback"] else { throw reader.missing("postback") }
    let (verdict, signed) = judge(raw, key: key)
    return SignatureSuite.encode(verdict, ["signed_string": .optional(signed)])
  }

  /// The verdict and, when every signed field could be read, the signed string.
  static func judge(_ raw: JSONValue, key: P256VerificationKey) -> (PostbackVerdict, String?) {
    var postback = raw
    if let text = raw.stringValue {
      // SIG-8: the body text as received; text that is not JSON is rejected.
      guard let parsed = try? JSONParser.parse(text) else { return (PostbackVerdict(.rejected, .malformedJSON), nil) }
      postback = parsed
    }
    guard let members = postback.objectValue else { return (PostbackVerdict(.rejected, .malformedJSON), nil) }
    guard let versionValue = members["version"] else { return (PostbackVerdict(.rejected, .missingField), nil) }
    guard let versionText = versionValue.stringValue else { return (PostbackVerdict(.rejected, .wrongType), nil) }
    guard let version = PostbackVersion(rawValue: versionText) else {
      return (PostbackVerdict(.unverifiable, .unknownVersion), nil)
    }
    let signed: String
    switch signedString(members, version: version) {
    case .failure(let failure): return (PostbackVerdict(.rejected, failure.reason), nil)
    case .success(let text): signed = text
    }
    guard let signatureValue = members["attribution-signature"] else {
      return (PostbackVerdict(.rejected, .missingField), signed)
    }
    guard let signature = signatureValue.stringValue else { return (PostbackVerdict(.rejected, .wrongType), signed) }
    guard version.usesP256 else { return (PostbackVerdict(.unverifiable, .p192Unsupported), signed) }
    do {
      let valid = try key.verifyDER(signatureBase64: signature, message: signed)
      return (PostbackVerdict(valid ? .verified : .rejected, valid ? .ok : .badSignature), signed)
    } catch {
      return (PostbackVerdict(.rejected, .malformedSignature), signed)
    }
  }

  /// SIG-1 to SIG-4: the fields in the version's order, joined by U+2063; an absent optional
  /// slot dropped; booleans `true`/`false`; integers in decimal.
  static func signedString(
    _ members: [String: JSONValue], version: PostbackVersion
  ) -> Result<String, PostbackVerdictFailure> {
    var parts: [String] = []
    for field in version.signedFields {
      if field.optional {
        // The source slot: 4.0 takes source-app-id or source-domain, earlier versions source-app-id.
        let appID = members["source-app-id"]
        let domain = version == .v4_0 ? members["source-domain"] : nil
        switch (appID, domain) {
        case (nil, nil): continue
        case (.some, .some): return .failure(PostbackVerdictFailure(.ambiguousSource))
        case (let value?, nil):
          guard let text = render(value, .integer) else { return .failure(PostbackVerdictFailure(.wrongType)) }
          parts.append(text)
        case (nil, let value?):
          guard let text = render(value, .string) else { return .failure(PostbackVerdictFailure(.wrongType)) }
          parts.append(text)
        }
        continue
      }
      guard let value = members[field.name] else { return .failure(PostbackVerdictFailure(.missingField)) }
      guard let text = render(value, field.kind) else { return .failure(PostbackVerdictFailure(.wrongType)) }
      parts.append(text)
    }
    return .success(parts.joined(separator: PostbackVersion.separator))
  }

  /// A field's text, or `nil` when its JSON type is wrong (SIG-3, SIG-4).
  static func render(_ value: JSONValue, _ kind: PostbackField.Kind) -> String? {
    switch (kind, value) {
    case (.string, .string(let text)): return text
    case (.boolean, .bool(let flag)): return flag ? "true" : "false"
    case (.integer, .integer(let number)): return String(number)
    default: return nil
    }
  }
}
