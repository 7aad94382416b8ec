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
    guard var members = postback.objectValue else { return Check(.rejected, .malformedJSON) }
    var version: PostbackVersion
    if let versionValue = members["version"] {
      let asText = RuleVariant.signedFieldsAsJavaScriptText.isActive ? Self.javaScriptText(versionValue) : nil
      guard let versionText = versionValue.stringValue ?? asText else { return Check(.rejected, .wrongType) }
      guard let known = PostbackVersion(rawValue: versionText) ?? Self.unknownVersionLayout(versionText) else {
        return Check(.unverifiable, .unknownVersion)
      }
      // A variant signs a 2.2 postback with the 2.1 layout, without fidelity-type (SIG-3).
      version = known == .v2_2 && RuleVariant.v2_2SignedAs2_1.isActive ? .v2_1 : known
    } else {
      if RuleVariant.missingVersionMissingField.isActive { return Check(.rejected, .missingField) }
      if RuleVariant.missingVersionUnknown.isActive { return Check(.unverifiable, .unknownVersion) }
      // SIG-23: SKAdNetwork 1's install-validation postback carries no version number.
      version = .v1_0
    }
    var result = Self.signedString(members, version: version)
    if case .failure(let failure) = result, failure.reason == .missingField, members["version"] == nil,
      RuleVariant.missingVersionRetriedAs4_0.isActive
    {
      version = .v4_0
      members["version"] = .string(version.rawValue)
      result = Self.signedString(members, version: version)
    }
    let signed: String
    switch result {
    case .failure(let failure): return Check(.rejected, failure.reason)
    case .success(let text): signed = text
    }
    guard let signatureValue = members["attribution-signature"] else {
      return Check(.rejected, .missingField, signed)
    }
    guard var signature = signatureValue.stringValue else { return Check(.rejected, .wrongType, signed) }
    if RuleVariant.base64JunkSkipped.isActive { signature = Self.base64AlphabetOnly(signature) }
    if version.usesP192, RuleVariant.legacyPostbacksUnverifiable.isActive {
      return Check(.unverifiable, .unknownVersion, signed)
    }
    let versionKey = version.usesP192 && !RuleVariant.legacyPostbacksUnderP256.isActive ? legacyKey : key
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
        let appID = sourceField(members, "source-app-id", version: version)
        let domain = version == .v4_0 ? sourceField(members, "source-domain", version: version) : nil
        switch (appID, domain) {
        case (nil, nil):
          if sourceSlotRequired(version) { return .failure(SignatureFailure(.missingField)) }
          if RuleVariant.sourceSlotKeptEmpty.isActive { parts.append("") }
          continue
        case (let app?, let domain?) where signsBothSources:
          guard let appText = signedText(.integer, app), let domainText = signedText(.string, domain) else {
            return .failure(SignatureFailure(.wrongType))
          }
          parts += RuleVariant.bothSourcesSignedDomainFirst.isActive ? [domainText, appText] : [appText, domainText]
        case (.some, .some) where !RuleVariant.sourceDomainPreferred.isActive:
          return .failure(SignatureFailure(.ambiguousSource))
        case (let value?, nil):
          guard let text = signedText(.integer, value) else {
            return .failure(SignatureFailure(.wrongType))
          }
          parts.append(text)
        case (_, let value?):
          guard let text = signedText(.string, value) else {
            return .failure(SignatureFailure(.wrongType))
          }
          parts.append(text)
        }
        continue
      }
      guard let value = members[field.name] else { return .failure(SignatureFailure(.missingField)) }
      guard let text = signedText(field.kind, value) else { return .failure(SignatureFailure(.wrongType)) }
      parts.append(text)
    }
    if RuleVariant.conversionValueSigned.isActive, let value = members["conversion-value"] {
      parts.append(value.description)
    }
    return .success(parts.joined(separator: PostbackVersion.separator))
  }
}

// The readings of a postback's fields that a rule variant takes instead of the kit's (SIG-2,
// SIG-4, SIG-7, SIG-20, SIG-22).
extension PostbackSignature {
  /// A source field's value; under a variant, `null` is absent, and under another a
  /// `source-app-id` of 0 in 3.0 and 4.0.
  private static func sourceField(_ members: [String: JSONValue], _ name: String, version: PostbackVersion)
    -> JSONValue?
  {
    guard let value = members[name], !(value.isNull && RuleVariant.postbackTypedDecoder.isActive) else { return nil }
    if RuleVariant.sourceAppIDZeroDropped.isActive, name == "source-app-id", value == 0,
      [.v3_0, .v4_0].contains(version)
    {
      return nil
    }
    return value
  }

  /// SIG-2's alternatives: a 2.x postback needs `source-app-id`, a 4.0 one a source field.
  private static func sourceSlotRequired(_ version: PostbackVersion) -> Bool {
    (RuleVariant.sourceAppIDRequiredBelow3.isActive && [.v2_0, .v2_1, .v2_2].contains(version))
      || (RuleVariant.sourceSlotRequired4_0.isActive && version == .v4_0)
  }

  /// SIG-20's alternatives: a 4.0 postback with both source fields signs both.
  private static var signsBothSources: Bool {
    RuleVariant.bothSourcesSigned.isActive || RuleVariant.bothSourcesSignedDomainFirst.isActive
  }

  /// SIG-7's alternatives: an unknown version's layout is 4.0's, or the known P-256 one of its
  /// major version with the greatest minor version not above its own (`4.1` 4.0, `2.3` 2.2;
  /// `5.0` and `4` none); `nil` under neither.
  private static func unknownVersionLayout(_ label: String) -> PostbackVersion? {
    if RuleVariant.unknownVersionAs4_0.isActive { return .v4_0 }
    guard RuleVariant.unknownMinorVersionNearestLayout.isActive else { return nil }
    func parts(_ text: String) -> (major: Int, minor: Int)? {
      let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
      guard pieces.count == 2, let major = Int(pieces[0]), let minor = Int(pieces[1]) else { return nil }
      return (major, minor)
    }
    guard let (major, minor) = parts(label) else { return nil }
    return PostbackVersion.allCases.filter { version in
      guard !version.usesP192, let known = parts(version.rawValue) else { return false }
      return known.major == major && known.minor <= minor
    }.max { parts($0.rawValue)?.minor ?? 0 < parts($1.rawValue)?.minor ?? 0 }
  }

  /// SIG-22's alternative: a signature with every character outside the base64 alphabet
  /// skipped, as Python's `base64.b64decode` reads it without `validate=True`.
  private static func base64AlphabetOnly(_ text: String) -> String {
    let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
    return String(text.filter { alphabet.contains($0) })
  }

  /// A field's text in the signed string, or `nil` when its JSON type is wrong: SIG-4's
  /// reading, then a variant's reading of a value of another type.
  private static func signedText(_ kind: PostbackField.Kind, _ value: JSONValue) -> String? {
    // Variants read an integer written with a fraction as the wrong type, or sign it as
    // written (`1.0`, Python's str).
    if kind == .integer, case .double(let number) = value {
      if RuleVariant.integralDoubleWrongType.isActive { return nil }
      if RuleVariant.integralDoubleSignedAsWritten.isActive, value.exactInteger != nil { return "\(number)" }
    }
    if let text = kind.signedText(of: value) {
      guard kind == .boolean, RuleVariant.signedBooleansCapitalized.isActive else { return text }
      return text == "true" ? "True" : "False"
    }
    if RuleVariant.signedFieldsAsJavaScriptText.isActive { return javaScriptText(value) }
    switch kind {
    case .boolean where RuleVariant.signedBooleansByTruthiness.isActive: return isTruthy(value) ? "true" : "false"
    case .integer where RuleVariant.signedIntegersByPythonInt.isActive: return pythonInt(value).map { String($0) }
    default: return nil
    }
  }

  /// A value's text as JavaScript's `String()` writes it: numbers without a trailing `.0`.
  private static func javaScriptText(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .integer(let number): return String(number)
    case .double(let number): return value.exactInteger.map { String($0) } ?? "\(number)"
    case .array, .object: return CanonicalJSON.compact(value)
    }
  }

  /// Python's truthiness of a JSON value.
  private static func isTruthy(_ value: JSONValue) -> Bool {
    switch value {
    case .null: return false
    case .bool(let flag): return flag
    case .integer(let number): return number != 0
    case .double(let number): return number != 0
    case .string(let text): return !text.isEmpty
    case .array(let elements): return !elements.isEmpty
    case .object(let members): return !members.isEmpty
    }
  }

  /// The integer Python's `int()` reads from a JSON value: a finite number truncated, a
  /// digit string between white space, a boolean as 0 or 1; `nil` otherwise.
  private static func pythonInt(_ value: JSONValue) -> Int? {
    switch value {
    case .integer(let number): return number
    case .double(let number) where number.isFinite && abs(number) < 9e18: return Int(number)
    case .string(let text):
      return Int(String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
    case .bool(let flag): return flag ? 1 : 0
    default: return nil
    }
  }
}

extension PostbackSignature.Check {
  init(_ verdict: PostbackVerdict.Verdict, _ reason: PostbackVerdict.Reason, _ signed: String? = nil) {
    self.init(verdict: PostbackVerdict(verdict, reason), signedString: signed)
  }
}
