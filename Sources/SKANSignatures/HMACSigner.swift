import Crypto

/// HMAC-SHA256 through swift-crypto, for the S2S request signature (S2S-1 to S2S-6).
public enum HMACSigner {
  /// The HMAC-SHA256 of the UTF-8 bytes of `message`, keyed with the UTF-8 bytes of `key`,
  /// as 64 lower-case hex digits (S2S-3). A key longer than SHA-256's 64-byte block is hashed
  /// first, as RFC 2104 says; swift-crypto does that.
  public static func hexSignature(message: String, key: String) -> String {
    let mac = HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: SymmetricKey(data: Array(key.utf8)))
    return Hex.encode(Array(mac))
  }

  /// Whether `signature` (hex, either letter case) is the HMAC-SHA256 of `message` under
  /// `key`. The comparison runs in constant time (swift-crypto's
  /// `isValidAuthenticationCode`), so a caller learns nothing from how long it takes (S2S-10).
  /// A signature that is not 64 hex digits is never valid.
  public static func isValid(signature: String, message: String, key: String) -> Bool {
    guard let bytes = Hex.decode(signature), bytes.count == SHA256.byteCount else { return false }
    return HMAC<SHA256>.isValidAuthenticationCode(
      bytes, authenticating: Array(message.utf8), using: SymmetricKey(data: Array(key.utf8)))
  }
}
