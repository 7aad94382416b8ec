/// Which text the AppsFlyer SDK-less conversion-value request signs (S2S-1, S2S-2).
///
/// Both profiles key HMAC-SHA256 with the dev key; they differ in the message.
public enum S2SSignatureProfile: String, Sendable, Hashable, CaseIterable {
  /// The shipped client: `af_timestamp + app_id + uid` (the default, S2S-1).
  case appsflyerClient = "appsflyer-client"
  /// The seed README's text: `af_timestamp + DevKey + app_id + uid` (S2S-2).
  case appsflyerReadme = "appsflyer-readme"

  /// The profile used when an input names none.
  public static let `default` = S2SSignatureProfile.appsflyerClient

  /// The message to sign: the fields concatenated without separators, verbatim (no trimming,
  /// no case change; non-ASCII text as its UTF-8 bytes, S2S-4).
  public func message(timestamp: String, devKey: String, appID: String, uid: String) -> String {
    switch self {
    case .appsflyerClient: return timestamp + appID + uid
    case .appsflyerReadme: return timestamp + devKey + appID + uid
    }
  }

  /// The message and its signature: HMAC-SHA256 keyed with the dev key, 64 lower-case hex
  /// digits (S2S-1 to S2S-6).
  public func sign(
    timestamp: String, devKey: String, appID: String, uid: String, crypto: any SignatureCrypto
  ) -> (message: String, signature: String) {
    let swapped = RuleVariant.s2sSignsUIDBeforeAppID.isActive
    let text = message(timestamp: timestamp, devKey: devKey, appID: swapped ? uid : appID, uid: swapped ? appID : uid)
    return (text, crypto.hexHMAC(message: text, key: devKey))
  }
}
