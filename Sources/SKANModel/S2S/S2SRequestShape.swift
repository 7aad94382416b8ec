/// The AppsFlyer SDK-less conversion-value request as the kit defines it (S2S-7, S2S-13).
public enum S2SRequestShape {
  /// The path of the v2.0 API.
  public static let path = "/api/v2.0/conversion-value"
  /// The query parameter of the app ID.
  public static let appID = "app_id"
  /// The query parameter of the AppsFlyer ID.
  public static let uid = "uid"
  /// The query parameter naming the client, `sdk_less`.
  public static let sdkVersion = "sdk_version"
  /// The value of `sdk_version` the client sends.
  public static let sdkVersionValue = "sdk_less"
  /// The header carrying the timestamp (Unix milliseconds).
  public static let timestampHeader = "Af-Timestamp"
  /// The header carrying the hex signature.
  public static let signatureHeader = "Authorization"

  /// Whether `text` is a millisecond timestamp as the kit requires: exactly 13 ASCII digits
  /// (S2S-8).
  public static func isMillisecondTimestamp(_ text: String) -> Bool {
    text.utf8.count == 13 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// Whether `text` is 64 hex digits (either letter case) (S2S-8).
  public static func isHexSignature(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
          || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0)
      }
  }
}
