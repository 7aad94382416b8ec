/// The cryptography the model's signature rules need, passed in by the caller.
///
/// Every rule (which bytes are signed, in which order, what a malformed key or signature is,
/// which check answers first) lives in the model; only the primitives come from outside, so
/// that the model stays free of any cryptography library. The kit passes swift-crypto's
/// (`SKANSignatures.SwiftCrypto`); a test can pass its own.
public protocol SignatureCrypto: Sendable {
  /// The P-256 public key of a DER SubjectPublicKeyInfo; `nil` when the bytes are not one.
  func p256PublicKey(spkiDER: [UInt8]) -> (any P256PublicKey)?
  /// The P-192 (secp192r1) public key of a DER SubjectPublicKeyInfo with an uncompressed
  /// point on the curve; `nil` when the bytes are not one (SIG-6: SKAdNetwork 1.0 and 2.0).
  func p192PublicKey(spkiDER: [UInt8]) -> (any ECDSAPublicKey)?
  /// HMAC-SHA256 of `message` keyed with `key` (RFC 2104: a key longer than the 64-byte
  /// block is hashed first).
  func hmacSHA256(message: [UInt8], key: [UInt8]) -> [UInt8]
  /// Whether `code` is the HMAC-SHA256 of `message` under `key`, compared in constant time
  /// (S2S-10).
  func isValidHMACSHA256(_ code: [UInt8], message: [UInt8], key: [UInt8]) -> Bool
}

extension SignatureCrypto {
  /// A P-256 key from base64 SubjectPublicKeyInfo DER, the form Apple publishes (SIG-5).
  /// - Throws: `invalid-input` naming the problem (the caller adds the field's path).
  public func p256PublicKey(spkiBase64 text: String) throws(ModelError) -> any P256PublicKey {
    guard let der = Base64Codec.decodeStandard(text) else {
      throw ModelError(.invalidInput, "invalid key: the key is not canonical base64")
    }
    guard let key = p256PublicKey(spkiDER: der) else {
      throw ModelError(.invalidInput, "invalid key: the key is not a P-256 SubjectPublicKeyInfo")
    }
    return key
  }

  /// A postback key from base64 SubjectPublicKeyInfo DER: P-256 (SKAdNetwork 2.1 and later)
  /// or P-192 (1.0 and 2.0, SIG-6).
  /// - Throws: `invalid-input` naming the problem (the caller adds the field's path).
  public func postbackPublicKey(spkiBase64 text: String) throws(ModelError) -> any ECDSAPublicKey {
    guard let der = Base64Codec.decodeStandard(text) else {
      throw ModelError(.invalidInput, "invalid key: the key is not canonical base64")
    }
    if let key = p256PublicKey(spkiDER: der) { return key }
    guard let key = p192PublicKey(spkiDER: der) else {
      throw ModelError(.invalidInput, "invalid key: the key is neither a P-256 nor a P-192 SubjectPublicKeyInfo")
    }
    return key
  }

  /// The HMAC-SHA256 of the UTF-8 bytes of `message`, keyed with the UTF-8 bytes of `key`,
  /// as 64 lower-case hex digits (S2S-3).
  public func hexHMAC(message: String, key: String) -> String {
    Hex.encode(hmacSHA256(message: Array(message.utf8), key: Array(key.utf8)))
  }

  /// Whether `signature` (hex, either letter case) is the HMAC-SHA256 of `message` under
  /// `key`, compared in constant time (S2S-10). A signature that is not 64 hex digits is
  /// never valid.
  public func isValidHexHMAC(_ signature: String, message: String, key: String) -> Bool {
    guard let bytes = Hex.decode(signature), bytes.count == 32 else { return false }
    return isValidHMACSHA256(bytes, message: Array(message.utf8), key: Array(key.utf8))
  }
}
