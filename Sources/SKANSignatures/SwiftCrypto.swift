import Crypto
public import SKANModel

/// The model's cryptographic primitives: ECDSA P-256 with SHA-256 and HMAC-SHA256 from
/// swift-crypto, and ECDSA P-192 verification (``P192Key``, which swift-crypto does not offer).
/// Every rule around them is in `SKANModel`.
public struct SwiftCrypto: SignatureCrypto {
  /// Creates the primitives.
  public init() {}

  public func p256PublicKey(spkiDER: [UInt8]) -> (any P256PublicKey)? {
    guard let key = try? P256.Signing.PublicKey(derRepresentation: spkiDER) else { return nil }
    return SwiftCryptoP256Key(key: key)
  }

  public func p192PublicKey(spkiDER: [UInt8]) -> (any ECDSAPublicKey)? { P192Key(spkiDER: spkiDER) }

  /// A key longer than SHA-256's 64-byte block is hashed first, as RFC 2104 says; swift-crypto
  /// does that.
  public func hmacSHA256(message: [UInt8], key: [UInt8]) -> [UInt8] {
    Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
  }

  /// swift-crypto's `isValidAuthenticationCode` compares in constant time, so a caller learns
  /// nothing from how long it takes (S2S-10).
  public func isValidHMACSHA256(_ code: [UInt8], message: [UInt8], key: [UInt8]) -> Bool {
    HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: SymmetricKey(data: key))
  }
}
