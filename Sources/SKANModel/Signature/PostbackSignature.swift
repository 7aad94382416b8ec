public import SKANJSON

/// SKAdNetwork postback verification (SIG-1 to SIG-8): the signed string a version covers,
/// and the order in which the checks answer.
public struct PostbackSignature: Sendable {
  /// The verdict, and the signed string when every signed field could be read.
  public struct Check: Sendable, Hashable {
    /// The verdict and its reason.
    public var verdict: PostbackVerdict
    /// The signed string, `nil` when a check before it answered.
    public var signedString: String?

    /// Creates a check.
    public init(verdict: PostbackVerdict, signedString: String?) {
      self.verdict = verdict
      self.signedString = signedString
    }
  }

  /// The key the postback must verify under.
  public let key: any P256PublicKey

  /// Creates a verifier for one key (Apple's published key, or a test key).
  public init(key: any P256PublicKey) { self.key = key }

  /// Judges a postback given as a JSON object, or as its body text (SIG-8).
  ///
  /// The checks answer in this order: the text is a JSON object (`malformed-json`); `version`
  /// present and a string (`missing-field`, `wrong-type`); a known version (`unverifiable`,
  /// `unknown-version`); the signed string (SIG-1 to SIG-4); `attribution-signature` present
  /// and a string; a version signed with Apple's P-256 key (SIG-6); the signature (SIG-5).
  public func check(_ raw: JSONValue) -> Check {
    var postback = raw
    if let text = raw.stringValue {
      // SIG-8: the body text as received; text that is not JSON is rejected.
      guard let parsed = try? JSONParser.parse(text) else { return Check(.rejected, .malformedJSON) }
      postback = parsed
    }
    guard let members = postback.objectValue else { return Check(.rejected, .malformedJSON) }
    guard let versionValue = members["version"] else { return Check(.rejected, .missingField) }
    guard let versionText = versionValue.stringValue else { return Check(.rejected, .wrongType) }
    guard let version = PostbackVersion(rawValue: versionText) else { return Check(.unverifiable, .unknownVersion) }
    let signed: String
    switch Self.signedString(members, version: version) {
    case .failure(let failure): return Check(.rejected, failure.reason)
    case .success(let text): signed = text
    }
    guard let signatureValue = members["attribution-signature"] else {
      return Check(.rejected, .missingField, signed)
    }
    guard let signature = signatureValue.stringValue else { return Check(.rejected, .wrongType, signed) }
    guard version.usesP256 else { return Check(.unverifiable, .p192Unsupported, signed) }
    return Check(verdict: key.verdict(derSignatureBase64: signature, message: signed), signedString: signed)
  }

  /// SIG-1 to SIG-4: the fields in the version's order, joined by U+2063; an absent optional
  /// slot dropped; booleans `true`/`false`; integers in decimal. For 4.0 the source slot takes
  /// `source-app-id` or `source-domain`, never both (SIG-2).
  public static func signedString(
    _ members: [String: JSONValue], version: PostbackVersion
  ) -> Result<String, SignatureFailure> {
    var parts: [String] = []
    for field in version.signedFields {
      if field.optional {
        // The source slot: 4.0 takes source-app-id or source-domain, earlier versions source-app-id.
        let appID = members["source-app-id"]
        let domain = version == .v4_0 ? members["source-domain"] : nil
        switch (appID, domain) {
        case (nil, nil): continue
        case (.some, .some): return .failure(SignatureFailure(.ambiguousSource))
        case (let value?, nil):
          guard let text = PostbackField.Kind.integer.signedText(of: value) else {
            return .failure(SignatureFailure(.wrongType))
          }
          parts.append(text)
        case (nil, let value?):
          guard let text = PostbackField.Kind.string.signedText(of: value) else {
            return .failure(SignatureFailure(.wrongType))
          }
          parts.append(text)
        }
        continue
      }
      guard let value = members[field.name] else { return .failure(SignatureFailure(.missingField)) }
      guard let text = field.kind.signedText(of: value) else { return .failure(SignatureFailure(.wrongType)) }
      parts.append(text)
    }
    return .success(parts.joined(separator: PostbackVersion.separator))
  }
}

extension PostbackSignature.Check {
  init(_ verdict: PostbackVerdict.Verdict, _ reason: PostbackVerdict.Reason, _ signed: String? = nil) {
    self.init(verdict: PostbackVerdict(verdict, reason), signedString: signed)
  }
}
