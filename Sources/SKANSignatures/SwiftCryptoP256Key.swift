import Crypto
import SKANModel

/// A P-256 public key that verifies ECDSA-SHA256 signatures through swift-crypto.
///
/// Only verification: ECDSA signatures are randomized, so the kit checks a signature by
/// verifying it, never by comparing bytes.
struct SwiftCryptoP256Key: P256PublicKey {
  let key: P256.Signing.PublicKey

  func isValidSignature(der: [UInt8], message: [UInt8]) -> Bool? {
    guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: der) else { return nil }
    return key.isValidSignature(signature, for: message)
  }

  func isValidSignature(raw: [UInt8], message: [UInt8]) -> Bool? {
    guard raw.count == 64, let signature = try? P256.Signing.ECDSASignature(rawRepresentation: raw) else {
      return nil
    }
    return key.isValidSignature(signature, for: message)
  }
}
