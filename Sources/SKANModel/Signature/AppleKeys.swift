/// Apple's published public keys, base64 SubjectPublicKeyInfo DER (SIG-5, SIG-15). Used only
/// to verify.
public enum AppleKeys {
  /// SKAdNetwork 2.1 and later, P-256; also the AdAttributionKit production key
  /// (storekit/verifying-an-install-validation-postback).
  public static let skanP256 =
    "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEWdp8GPcGqmhgzEFj9Z2nSpQVddayaPe4FMzqM9wib1+aHaaIzoHoLN9zW4K8y4SPykE3YVK3sVqW6Af0lfx3gg=="
  /// SKAdNetwork 1.0 and 2.0, P-192 (storekit/skadnetwork-2-release-notes; SIG-6).
  public static let skanP192 =
    "MEkwEwYHKoZIzj0CAQYIKoZIzj0DAQEDMgAEMyHD625uvsmGq4C43cQ9BnfN2xslVT5V1nOmAMP6qaRRUll3PB1JYmgSm+62sosG"
  /// AdAttributionKit JWS keys by `kid` (adattributionkit/verifying-a-postback).
  public static let aakByKID: [String: String] = [
    "apple-cas-identifier/0": skanP256,
    "apple-development-identifier/0":
      "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAELeEDzpJEP+/qRSE5hJVC1p1J0ssUnQGMzBBbvnACBok8OVGGLgxL0myrKiy6lvRtSlLRsWit87i+vftD8AEqeQ==",
    "apple-development-identifier/1":
      "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8YzdO7eM97s/IJ25kdW5CZ3A14USE5IJ5Ha/vhWaxI6UBI1ZxCEvjrKxVluVGe6qWwF1BDFq+QHqKfH5u+wxHQ==",
  ]
}
