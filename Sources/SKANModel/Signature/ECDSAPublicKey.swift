/// An ECDSA public key that checks DER signatures over SHA-256, supplied through
/// ``SignatureCrypto``: Apple's P-256 key (SKAdNetwork 2.1 and later) or its P-192 key
/// (1.0 and 2.0, SIG-6).
///
/// The model decides what a signature's bytes are (strict base64, then DER); the key only
/// answers whether those bytes sign a message.
public protocol ECDSAPublicKey: Sendable {
  /// Whether the ASN.1 DER ECDSA signature `der` signs `message` with SHA-256 (the digest
  /// truncated to the curve's order, as ECDSA does); `nil` when `der` is not a DER ECDSA
  /// signature.
  func isValidSignature(der: [UInt8], message: [UInt8]) -> Bool?
}

extension ECDSAPublicKey {
  /// The verdict on a standard-base64 DER signature over the UTF-8 bytes of `message`:
  /// `malformed-signature` when it is not canonical base64 or not DER (SIG-5, SIG-7),
  /// `bad-signature` when it does not verify, otherwise verified.
  public func verdict(derSignatureBase64 signature: String, message: String) -> PostbackVerdict {
    guard let der = Base64Codec.decodeStandard(signature),
      let valid = isValidSignature(der: der, message: Array(message.utf8))
    else { return PostbackVerdict(.rejected, .malformedSignature) }
    return valid || RuleVariant.signatureCheckIgnored.isActive
      ? PostbackVerdict(.verified, .ok) : PostbackVerdict(.rejected, .badSignature)
  }
}
