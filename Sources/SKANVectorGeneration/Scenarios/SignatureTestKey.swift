import SKANJSON
import SKANVectors

/// The kit's P-256 TEST KEY and the postbacks and impressions it signed, once, with Python's
/// `cryptography` package (ECDSA is randomized, so the signatures are fixed here to keep the
/// vectors deterministic); the JWS it signed are in `SignatureTestKey+JWS.swift`, written by
/// `Tests/Fixtures/make_aak_test_jws.py`. THIS IS A TEST KEY: never trust anything it signs.
/// Apple's keys are only ever used to verify.
enum SignatureTestKey {
  /// The TEST private key (PKCS#8 PEM). Published on purpose; it signs only test vectors.
  static let privateKeyPEM = """
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgX4lsCJkVVpTI0M7u
    u5TJl0ztvsvXXw+YXIAbng83CiqhRANCAASw5bEmUTAMY/fWbIQBj6BBmRUqLVuU
    rNT4iqgbKkX2ZrYTDI53vn+m5H7XMVpUxdmfIgJ1/mXxpDvjI+SehVmH
    -----END PRIVATE KEY-----
    """

  /// The TEST public key, base64 SubjectPublicKeyInfo DER; vectors carry it as their key.
  static let publicKey =
    "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEsOWxJlEwDGP31myEAY+gQZkVKi1blKzU+IqoGypF9ma2EwyOd75/puR+1zFaVMXZnyICdf5l8aQ74yPknoVZhw=="

  /// SKAdNetwork 4.0 postbacks signed with the test key, by name.
  static let postbacks: [String: JSONValue] = [
    "t0-p0": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "12", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e01", "redownload": false, "fidelity-type": 1,
      "did-win": true, "postback-sequence-index": 0,
      "attribution-signature":
        "MEUCIQClfe0NfWYOEKiDfL/3ik+iGux7f+DzByo3JkBO7JUU4AIgeCIdmuuowhWyUS01AIY1ULeMbFgnChg/VaS4HR8vfec=",
    ],
    "t1-p0": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "34", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e02", "redownload": false, "fidelity-type": 1,
      "did-win": true, "coarse-conversion-value": "low", "postback-sequence-index": 0,
      "attribution-signature":
        "MEUCIGNP8J+OkrAPeCi6KxlNn7EPVjQ5q2rdX3m3sBJiakItAiEA20dokENw80lnF+Nv+SK3rpBu8zimS3P6rNfoSxF3I+k=",
    ],
    "t2-p0": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "1234", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e03", "redownload": false, "fidelity-type": 1,
      "did-win": true, "conversion-value": 42, "postback-sequence-index": 0,
      "attribution-signature":
        "MEUCIEnnR/VSgFTMdwBy5OpzO9ElRXeOHZ775nCS7QjPnYWiAiEAuxnetn9lW+b8WRcaBBrSgciOPCEFVQf3dSWmVll6ZFc=",
    ],
    "t3-p0": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e04", "redownload": false, "source-app-id": 987654321,
      "fidelity-type": 1, "did-win": true, "conversion-value": 63, "postback-sequence-index": 0,
      "attribution-signature":
        "MEUCIQDwirdYLI1Zic6bN1eSjHqTFKuFSHuBKanx+uRHNB94lQIgFyZ4FVskIL/d33c3JsfLToEuocWAEbqSwiR2BSCz4i4=",
    ],
    "t2-p1": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "1234", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e03", "redownload": false, "fidelity-type": 1,
      "did-win": true, "coarse-conversion-value": "medium", "postback-sequence-index": 1,
      "attribution-signature":
        "MEUCIH6++j6tq5zuiay2VTGKoaAkDSsUo84EG36ibO2mgwnaAiEAqYFRKVmVekIsh4dTWe7l7LEZC0bx8d4VRk95biqq7AU=",
    ],
    "t3-p1": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e04", "redownload": false, "source-app-id": 987654321,
      "fidelity-type": 1, "did-win": true, "coarse-conversion-value": "high", "postback-sequence-index": 1,
      "attribution-signature":
        "MEQCIEaBcgRFU6t+mwGTQjKlp1XpAD7TKL+9qefWEFhG0sbTAiAfGhKmufVymOJcV5GWur+4oBawdC/U176Ivv6niffNkA==",
    ],
    "t3-p2": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e04", "redownload": false, "source-app-id": 987654321,
      "fidelity-type": 1, "did-win": true, "coarse-conversion-value": "low", "postback-sequence-index": 2,
      "attribution-signature":
        "MEYCIQDOF874OAzd2fqx4HyacW88sA3DulXqhVZrpg8O9mRcCwIhAKLn6Hqd+KhHcNvBgYDWlAm8dQh2Ig8kpVdATcYpm7HY",
    ],
    "t1-p2": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "34", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e02", "redownload": false, "fidelity-type": 1,
      "did-win": true, "coarse-conversion-value": "medium", "postback-sequence-index": 2,
      "attribution-signature":
        "MEUCID2ue6GsQZW708z/W8RCy6607Tg50hOq4a2Noxu57Kz0AiEA9dgHFR7LeCeP3JQ50TEZvn5Aoh0YcBwvS/PAv/TVqQg=",
    ],
    "nonwinning": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e05", "redownload": false, "fidelity-type": 1,
      "did-win": false, "postback-sequence-index": 0,
      "attribution-signature":
        "MEYCIQCInB9O+scS4q5cPRV0HGYwlJLnRz6sRRhp0vinmjnFQgIhAJelhCu+O53R/mUYodYuUPxg4ILmM9u0UJYETB6OQVU9",
    ],
    "view-through-redownload": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e06", "redownload": true, "source-app-id": 987654321,
      "fidelity-type": 0, "did-win": true, "conversion-value": 0, "postback-sequence-index": 0,
      "attribution-signature":
        "MEYCIQCx4pSJmMqYGL6oR3CvnUeKLWr3xpcq6LPSSwFIAK17LQIhAIg+s7v2eP/dTmbbIR2oNfRfPM9lLZy1oP90H7mn6tfq",
    ],
    "web-t3-p2": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e07", "redownload": false, "source-domain": "example.org",
      "fidelity-type": 1, "did-win": true, "coarse-conversion-value": "high", "postback-sequence-index": 2,
      "attribution-signature":
        "MEYCIQDbaRgGLHSusTiCFZtGjOTPdQyVeJTlF/wRwUT4ZmchgAIhAJ1RTIM3bGUdim0QRSgr0WtkhEox074syGmviSqwUUUY",
    ],
    "dev-source-app-0": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e08", "redownload": false, "source-app-id": 0,
      "fidelity-type": 1, "did-win": true, "conversion-value": 7, "postback-sequence-index": 0,
      "attribution-signature":
        "MEUCIAESFhC+3IKfQ2iWSzmlIueLpVAPFeUd39u5p46hb4zdAiEA4olch2ZVCxYoTKGwN+Fa89usLgQcDWvZbOLUBu26UvE=",
    ],
    // Unknown minor versions laid out like their nearest known version and signed
    // over their own label; 4.0 postbacks signed over both source fields (in either order).
    "v4-1": [
      "version": "4.1", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e09", "redownload": false, "source-app-id": 987654321,
      "fidelity-type": 1, "did-win": true, "conversion-value": 63, "postback-sequence-index": 0,
      "attribution-signature":
        "MEQCIG20DfEAX+QikUstc60HIOjL1OANQvQwQoTgZic0PMbSAiAG8QcPMKVD0mRqQ2UPuH6rTdbg2QVw/QIG4uMWS94bPg==",
    ],
    "v3-1": [
      "version": "3.1", "ad-network-id": "kittest.skadnetwork", "campaign-id": 42, "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e10", "redownload": false, "source-app-id": 987654321,
      "fidelity-type": 1, "did-win": true, "conversion-value": 20,
      "attribution-signature":
        "MEYCIQDGbXSFYKymFxvutIg+Iy/5zV375Ymuv1wq2E0DF/ih3QIhAKPkEY7S6B+4DWDtz7qn2ESgFAcH3bWok1hafOjtElV3",
    ],
    "v2-3": [
      "version": "2.3", "ad-network-id": "kittest.skadnetwork", "campaign-id": 42, "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e11", "redownload": false, "source-app-id": 987654321,
      "fidelity-type": 1, "conversion-value": 20,
      "attribution-signature":
        "MEUCIG4CvUhRh4CBFC/kgKVAcsYeOlADMlGOQK2jOPGPQvtUAiEAvQyE8Aogc5e+pxpm0XlRsz0sy2y9G1pl+aP3SIYgF0M=",
    ],
    "both-sources": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e12", "redownload": false, "source-app-id": 987654321,
      "source-domain": "example.org", "fidelity-type": 1, "did-win": true, "conversion-value": 63,
      "postback-sequence-index": 0,
      "attribution-signature":
        "MEUCIQDLohrAdTwmhCpXLP2kgTLa+eZELFoyUHV7pI0RiF0lyAIgS5dmyS8XVen7jlCMbtnjNXx7ddsaEDsstVi5uR1ZR1U=",
    ],
    "both-sources-domain-first": [
      "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": "5678", "app-id": 1234567890,
      "transaction-id": "0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e13", "redownload": false, "source-app-id": 987654321,
      "source-domain": "example.org", "fidelity-type": 1, "did-win": true, "conversion-value": 63,
      "postback-sequence-index": 0,
      "attribution-signature":
        "MEYCIQCXstKXfiK9T6WvlVg36bE/IX3dRLF0rQwearIWpdl0wwIhAOIwzyxHWh6QLWsZlzdaradQ4UGlH6iUClZEqA5uad7i",
    ],
  ]

  /// SKAdNetwork 4 impressions (without their signature) and their test-key signatures, by kind.
  static let impressions: [String: (fields: JSONValue, signature: String)] = [
    "storekit-rendered": (
      [
        "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": 5239,
        "itunes-item-id": 1234567890, "nonce": "68483ef6-0678-41b2-9b2e-3ed4e1f6a2c0", "source-app-id": 987654321,
        "timestamp": 1700000000123,
      ], "MEYCIQCOtE1wLawV+4MLnMMw0yyJdtiTJTUznzYtZmEBCz75MAIhAMVQqOFq63iH8RtZnuS1u50rtGOt3ILCCLg60A8zHQMV"
    ),
    "view-through": (
      [
        "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": 5239,
        "itunes-item-id": 1234567890, "nonce": "68483ef6-0678-41b2-9b2e-3ed4e1f6a2c1", "source-app-id": 987654321,
        "timestamp": 1700000000123,
      ], "MEYCIQDRm4t29z5vpSw9ir66I6EhOgssivVl7T28sshtKPuhpgIhAIoL69kPqXP8AKwYl9ZwXTnGeMbjbwQmUPP9s9haMbGh"
    ),
    "web": (
      [
        "version": "4.0", "ad-network-id": "kittest.skadnetwork", "source-identifier": 5239,
        "itunes-item-id": 1234567890, "nonce": "68483ef6-0678-41b2-9b2e-3ed4e1f6a2c2", "source-domain": "example.org",
        "timestamp": 1700000000123,
      ], "MEYCIQD5Ut84RZpjuAe6ajKBNxJfGPRpwW6Asfr3piJsttkjDQIhAOuSU7KN9xr79DFXELPaB0y58tgZCiMGTlpIuDGXK4gM"
    ),
  ]
}
