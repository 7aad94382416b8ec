/// The request an AppsFlyer SDK-less client sends for a conversion value (S2S-13): GET the
/// v2.0 path with `app_id`, `uid` and `sdk_version`; the timestamp (Unix milliseconds, in
/// decimal) and the signature in headers.
public struct AppsFlyerConversionRequest: Sendable, Hashable {
  /// The HTTP method.
  public let method = "GET"
  /// The path of the v2.0 API.
  public let path = S2SRequestShape.path
  /// The query parameters.
  public let query: [String: String]
  /// The headers: the timestamp and the signature.
  public let headers: [String: String]

  /// Builds the request.
  /// - Throws: `invalid-input` for a negative timestamp.
  public init(
    profile: S2SSignatureProfile, devKey: String, appID: String, uid: String, timestamp: Timestamp,
    crypto: any SignatureCrypto
  ) throws(ModelError) {
    // A variant writes a negative timestamp as 0.
    let negativeAsZero = RuleVariant.s2sNegativeTimeAsZero.isActive
    guard timestamp.milliseconds >= 0 || negativeAsZero else {
      throw ModelError(.invalidInput, "the timestamp must not be negative")
    }
    let time = String(max(timestamp.milliseconds, 0))
    let signed = profile.sign(timestamp: time, devKey: devKey, appID: appID, uid: uid, crypto: crypto)
    query = [
      S2SRequestShape.appID: appID, S2SRequestShape.uid: uid,
      S2SRequestShape.sdkVersion: S2SRequestShape.sdkVersionValue,
    ]
    headers = [S2SRequestShape.timestampHeader: time, S2SRequestShape.signatureHeader: signed.signature]
  }
}
