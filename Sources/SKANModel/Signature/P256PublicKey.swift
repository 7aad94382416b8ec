/// A P-256 public key, supplied through ``SignatureCrypto``.
///
/// The model decides what a signature's bytes are (strict base64, DER or raw `R‖S`); the key
/// only answers whether those bytes sign a message.
public protocol P256PublicKey: Sendable {
  /// Whether the ASN.1 DER ECDSA signature `der` signs `message` with SHA-256; `nil` when
  /// `der` is not a DER ECDSA signature.
  func isValidSignature(der: [UInt8], message: [UInt8]) -> Bool?
  /// Whether the raw `R‖S` signature (64 bytes, as JWS ES256 writes it) signs `message` with
  /// SHA-256; `nil` when it is not a raw P-256 signature.
  func isValidSignature(raw: [UInt8], message: [UInt8]) -> Bool?
}

extension P256PublicKey {
  /// The verdict on a standard-base64 DER signature over the UTF-8 bytes of `message`:
  /// `malformed-signature` when it is not canonical base64 or not DER (SIG-5, SIG-7),
  /// `bad-signature` when it does not verify, otherwise verified.
  public func verdict(derSignatureBase64 signature: String, message: String) -> PostbackVerdict {
    guard let der = Base64Codec.decodeStandard(signature),
      let valid = isValidSignature(der: der, message: Array(message.utf8))
    else { return PostbackVerdict(.rejected, .malformedSignature) }
    return valid ? PostbackVerdict(.verified, .ok) : PostbackVerdict(.rejected, .badSignature)
  }
}
