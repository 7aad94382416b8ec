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

  /// The key 2.1 and later postbacks must verify under (Apple's P-256 key, or a test key).
  public let key: any ECDSAPublicKey
  /// The key 1.0 and 2.0 postbacks must verify under (Apple's P-192 key, or a test key; SIG-6).
  public let legacyKey: any ECDSAPublicKey

  /// Creates a verifier that checks every version under one key (a key given by the caller).
  public init(key: any ECDSAPublicKey) {
    self.key = key
    self.legacyKey = key
  }

  /// Creates a verifier with Apple's two keys: P-256 for 2.1 and later, P-192 for 1.0 and 2.0
  /// (SIG-6).
  public init(key: any ECDSAPublicKey, legacyKey: any ECDSAPublicKey) {
    self.key = key
    self.legacyKey = legacyKey
  }

  /// Judges a postback given as a JSON object, or as its body text (SIG-8).
  ///
  /// The checks answer in this order: the text is a JSON object (`malformed-json`); `version`
  /// a string when present (`wrong-type`; absent, the postback is a 1.0 one, SIG-23); a known
  /// version (`unverifiable`, `unknown-version`); the signed string (SIG-1 to SIG-4, SIG-6);
  /// `attribution-signature` present and a string; the signature under the version's key
  /// (SIG-5, SIG-6).
  public func check(_ raw: JSONValue) -> Check {
    var postback = raw
    if let text = raw.stringValue {
      // SIG-8: the body text as received; text that is not JSON is rejected.
      guard let parsed = try? JSONParser.parse(text) else { return Check(.rejected, .malformedJSON) }
      postback = parsed
    }
    guard let members = postback.objectValue else { return Check(.rejected, .malformedJSON) }
    let version: PostbackVersion
    if let versionValue = members["version"] {
      guard let versionText = versionValue.stringValue else { return Check(.rejected, .wrongType) }
      guard let known = PostbackVersion(rawValue: versionText) else { return Check(.unverifiable, .unknownVersion) }
      version = known
    } else {
      // SIG-23: SKAdNetwork 1's install-validation postback carries no version number.
      version = .v1_0
    }
    let signed: String
    switch Self.signedString(members, version: version) {
    case .failure(let failure): return Check(.rejected, failure.reason)
    case .success(let text): signed = text
    }
    guard let signatureValue = members["attribution-signature"] else {
      return Check(.rejected, .missingField, signed)
    }
    guard let signature = signatureValue.stringValue else { return Check(.rejected, .wrongType, signed) }
    let versionKey = version.usesP192 ? legacyKey : key
    return Check(verdict: versionKey.verdict(derSignatureBase64: signature, message: signed), signedString: signed)
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
