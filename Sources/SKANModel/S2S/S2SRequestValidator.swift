/// The server side of the AppsFlyer SDK-less conversion-value API: a request to the status
/// and reason the contract gives (S2S-7 to S2S-12).
///
/// Checks in order, the first failure answering: busy (503), a required header given twice
/// (400), each required parameter present and non-empty (400), the timestamp and signature well-formed (400), the signature (401,
/// compared in constant time), the uid known (404).
public struct S2SRequestValidator: Sendable {
  /// The signing profile.
  public var profile: S2SSignatureProfile
  /// The secret dev key. Never printed.
  private let devKey: String
  /// HMAC-SHA256, compared in constant time.
  private let crypto: any SignatureCrypto

  /// Creates a validator.
  public init(profile: S2SSignatureProfile = .default, devKey: String, crypto: any SignatureCrypto) {
    self.profile = profile
    self.devKey = devKey
    self.crypto = crypto
  }

  /// Judges an HTTP request to the reference endpoint: another path than the API's is 404
  /// `unknown-path`, then another method than `GET` is 400 `method-not-get`, then the request
  /// is judged as ``validate(query:headers:isKnownUID:busy:)`` says (Spec/s2s.md, "The
  /// reference endpoint").
  public func validate(
    method: String, path: String, query: [String: String], headers: [(name: String, value: String)],
    isKnownUID: (String) -> Bool, busy: Bool = false
  ) -> S2SValidation {
    guard path == S2SRequestShape.path else { return S2SValidation(.unknownPath) }
    guard method == "GET" else { return S2SValidation(.methodNotGet) }
    return validate(query: query, headers: headers, isKnownUID: isKnownUID, busy: busy)
  }

  /// Judges a request.
  /// - Parameters:
  ///   - query: the query parameters, decoded.
  ///   - headers: the headers in the order received; names are matched without regard to
  ///     letter case, and a required header that appears twice is 400 `duplicate-header`.
  ///   - isKnownUID: whether the server has a value for a uid.
  ///   - busy: whether the server is overloaded.
  public func validate(
    query: [String: String], headers: [(name: String, value: String)], isKnownUID: (String) -> Bool,
    busy: Bool = false
  ) -> S2SValidation {
    if busy { return S2SValidation(.serverBusy) }
    func required(_ value: String?, _ name: String) -> String? {
      guard let value, !value.isEmpty else { return nil }
      return value
    }
    // Variants take the first of two headers whose names differ only in letter case, or match
    // names case-sensitively.
    let firstWins = RuleVariant.s2sFirstDuplicateHeaderWins.isActive
    let fold: (String) -> String = RuleVariant.s2sHeadersCaseSensitive.isActive ? { $0 } : { $0.lowercased() }
    for name in [S2SRequestShape.timestampHeader, S2SRequestShape.signatureHeader]
    where !firstWins && headers.filter({ fold($0.name) == fold(name) }).count > 1 {
      return S2SValidation(.duplicateHeader, parameter: name)
    }
    var lowerHeaders: [String: String] = [:]
    for (name, value) in headers where !firstWins || lowerHeaders[fold(name)] == nil {
      lowerHeaders[fold(name)] = value
    }
    // A variant checks the signature first, signing a missing app_id or uid as empty text.
    let parametersLater = RuleVariant.s2sSignatureBeforeParameters.isActive
    guard let appID = required(query[S2SRequestShape.appID], S2SRequestShape.appID) ?? (parametersLater ? "" : nil)
    else {
      if RuleVariant.s2sAppIDNotRequired.isActive { return S2SValidation(.badSignature) }
      return S2SValidation(.missingParameter, parameter: S2SRequestShape.appID)
    }
    guard let uid = required(query[S2SRequestShape.uid], S2SRequestShape.uid) ?? (parametersLater ? "" : nil) else {
      if RuleVariant.s2sMissingUIDLookedUp.isActive
        || (RuleVariant.s2sEmptyUIDPresent.isActive && query[S2SRequestShape.uid] == "")
      {
        return S2SValidation(.unknownUID)
      }
      return S2SValidation(.missingParameter, parameter: S2SRequestShape.uid)
    }
    guard let timestamp = required(lowerHeaders[fold(S2SRequestShape.timestampHeader)], "") else {
      if RuleVariant.s2sMissingHeaderIsBadSignature.isActive { return S2SValidation(.badSignature) }
      return S2SValidation(.missingParameter, parameter: S2SRequestShape.timestampHeader)
    }
    guard let signature = required(lowerHeaders[fold(S2SRequestShape.signatureHeader)], "") else {
      if RuleVariant.s2sMissingHeaderIsBadSignature.isActive { return S2SValidation(.badSignature) }
      return S2SValidation(.missingParameter, parameter: S2SRequestShape.signatureHeader)
    }
    guard S2SRequestShape.isMillisecondTimestamp(timestamp) || Self.acceptsMalformed(timestamp) else {
      return S2SValidation(.malformedTimestamp, parameter: S2SRequestShape.timestampHeader)
    }
    guard S2SRequestShape.isHexSignature(signature) else {
      if RuleVariant.s2sSignatureComparedAsText.isActive { return S2SValidation(.badSignature) }
      return S2SValidation(.malformedSignature, parameter: S2SRequestShape.signatureHeader)
    }
    let message = profile.message(timestamp: timestamp, devKey: devKey, appID: appID, uid: uid)
    guard crypto.isValidHexHMAC(signature, message: message, key: devKey) || RuleVariant.s2sSignatureUnchecked.isActive
    else {
      return S2SValidation(.badSignature)
    }
    guard isKnownUID(uid) || RuleVariant.s2sUnknownUIDAccepted.isActive else { return S2SValidation(.unknownUID) }
    if RuleVariant.s2sSignatureComparedAsText.isActive, signature != signature.lowercased() {
      return S2SValidation(.badSignature)
    }
    if RuleVariant.s2sSDKVersionRequired.isActive, query[S2SRequestShape.sdkVersion] == nil {
      return S2SValidation(.missingParameter, parameter: S2SRequestShape.sdkVersion)
    }
    return S2SValidation(.ok)
  }

  /// Whether a variant accepts a timestamp that S2S-5 refuses: any run of digits, or any
  /// text that parses as a number of 13 integral digits.
  private static func acceptsMalformed(_ timestamp: String) -> Bool {
    if RuleVariant.s2sTimestampAnyDigits.isActive {
      return timestamp.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
    guard RuleVariant.s2sTimestampParsedAsNumber.isActive, let number = Double(timestamp) else { return false }
    return number >= 1e12 && number < 1e13
  }
}
