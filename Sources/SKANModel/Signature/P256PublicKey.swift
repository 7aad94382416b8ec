/// A P-256 public key, supplied through ``SignatureCrypto``: DER signatures (postbacks,
/// impressions) and raw `R‖S` ones (JWS ES256).
///
/// The model decides what a signature's bytes are (strict base64, DER or raw `R‖S`); the key
/// only answers whether those bytes sign a message.
public protocol P256PublicKey: ECDSAPublicKey {
  /// Whether the raw `R‖S` signature (64 bytes, as JWS ES256 writes it) signs `message` with
  /// SHA-256; `nil` when it is not a raw P-256 signature.
  func isValidSignature(raw: [UInt8], message: [UInt8]) -> Bool?
}
