import Crypto

/// A P-256 public key that verifies ECDSA-SHA256 signatures through swift-crypto.
///
/// Only verification: ECDSA signatures are randomized, so the kit checks a signature by
/// verifying it, never by comparing bytes.
public struct P256VerificationKey: Sendable {
  private let key: P256.Signing.PublicKey

  /// Reads a key from base64 SubjectPublicKeyInfo DER, the form Apple publishes.
  /// - Throws: ``SignatureError/invalidKey(_:)``.
  public init(spkiBase64: String) throws(SignatureError) {
    guard let der = Base64Codec.decodeStandard(spkiBase64) else {
      throw .invalidKey("the key is not canonical base64")
    }
    do {
      key = try P256.Signing.PublicKey(derRepresentation: der)
    } catch {
      throw .invalidKey("the key is not a P-256 SubjectPublicKeyInfo")
    }
  }

  /// Whether `signatureBase64` (standard base64 of an ASN.1 DER signature) signs the UTF-8
  /// bytes of `message`.
  /// - Throws: ``SignatureError/malformedSignature(_:)`` when the signature is not base64 or
  ///   not DER; a well-formed signature that does not verify returns `false`.
  public func verifyDER(signatureBase64: String, message: String) throws(SignatureError) -> Bool {
    guard let der = Base64Codec.decodeStandard(signatureBase64) else {
      throw .malformedSignature("not canonical base64")
    }
    let signature: P256.Signing.ECDSASignature
    do {
      signature = try P256.Signing.ECDSASignature(derRepresentation: der)
    } catch {
      throw .malformedSignature("not an ASN.1 DER ECDSA signature")
    }
    return key.isValidSignature(signature, for: Array(message.utf8))
  }

  /// Whether the raw `R‖S` signature (64 bytes, as JWS ES256 writes it) signs `message`.
  /// - Throws: ``SignatureError/malformedSignature(_:)`` when it is not 64 bytes.
  public func verifyRaw(signature raw: [UInt8], message: [UInt8]) throws(SignatureError) -> Bool {
    guard raw.count == 64 else { throw .malformedSignature("an ES256 signature is 64 bytes, not \(raw.count)") }
    let signature: P256.Signing.ECDSASignature
    do {
      signature = try P256.Signing.ECDSASignature(rawRepresentation: raw)
    } catch {
      throw .malformedSignature("not a raw R‖S signature")
    }
    return key.isValidSignature(signature, for: message)
  }
}
