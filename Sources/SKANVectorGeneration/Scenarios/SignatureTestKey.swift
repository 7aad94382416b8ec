import SKANJSON
import SKANVectors

/// The kit's P-256 TEST KEY and the postbacks, impressions and JWS it signed, once, with
/// Python's `cryptography` package (ECDSA is randomized, so the signatures are fixed here to
/// keep the vectors deterministic). THIS IS A TEST KEY: never trust anything it signs. Apple's
/// keys are only ever used to verify.
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
    // Issue #14: unknown minor versions laid out like their nearest known version and signed
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

  /// Compact JWS signed with the test key, by name.
  static let jws: [String: String] = [
    "postback-p1-download":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzAxIiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjEsImNvbnZlcnNpb24tdHlwZSI6ImRvd25sb2FkIiwic291cmNlLWlkZW50aWZpZXIiOiIxMiIsImFkdmVydGlzZWQtaXRlbS1pZGVudGlmaWVyIjoxMjM0NTY3ODkwfQ.lY82eGmjqCu1MikPh63DlX4BrGtMCcW1ZXnrfJtYyaybL6aG3GXF9AtkzqWBe73aTVGMcMOZV9H5es-FN0XjjA",
    "postback-p2-redownload-escaped":
      "eyJraWQiOiJraXQtdGVzdC1rZXlcLzAiLCJhbGciOiJFUzI1NiJ9.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzAyIiwiaW1wcmVzc2lvbi10eXBlIjoid2ViLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjpmYWxzZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjIsImNvbnZlcnNpb24tdHlwZSI6InJlZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyMzQiLCJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MH0.u9o9XE52h5_0eLw1hfFsgJRmZyaPdiNnBU1zEGH-dJ-MjO7oGr1DQhzDo_i6RJJv4h0vNjVsB7mhSHRDYGOKZg",
    "postback-reengagement-unhyphenated":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzAzIiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MCwiY29udmVyc2lvbi10eXBlIjoicmVlbmdhZ2VtZW50Iiwic291cmNlLWlkZW50aWZpZXIiOiIxMjM0IiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.sTqhR7R-Gpk98ZTkgUDJJsV79dRlH1Ltz3VA6SZMPHx5dIIv0Cx7Zfp1lSA1yEa47GBPyCQtmYAd0FVK694hcA",
    "postback-source-id-number":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzA0IiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MCwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6MTIzNCwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.Ovawv-H457rRvoj863vB1J8ONeLqLzQAESlb0XHC8iDySAnl-3kwr24guzO7uHJEZyo-wqEya3ywEkv8PXP0HA",
    "postback-alg-none":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6Im5vbmUifQ.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzA1IiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MCwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyMzQiLCJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MH0.I2glH_J1OJAdKMq9slTuq2XWrjm8brmzhODTu1ba-yW_S1Wpp_i7x7wV_oTRstfqpDemtQq-fnop8tJbrGFqaA",
    "impression":
      "eyJraWQiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJhbGciOiJFUzI1NiJ9.eyJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MCwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJlbGlnaWJsZS1mb3ItcmUtZW5nYWdlbWVudCI6dHJ1ZSwidGltZXN0YW1wIjoxNzAwMDAwMDAwMTIzLCJwdWJsaXNoZXItaXRlbS1pZGVudGlmaWVyIjo1ODM4NDkyLCJpbXByZXNzaW9uLWlkZW50aWZpZXIiOiI1NDRiOGZhZC0wYWQ1LTQ0MzQtOThiMi0zMjcxMTNhZjg0ZGIiLCJzb3VyY2UtaWRlbnRpZmllciI6NTIzOX0.TDKxmGQEGmiqjpd9NqTAz-vBP7afH4Rk-JWiMwfuSmThJbP1vxf8N0_W1B79fIAmx_ogi6gubn-V9PjQIXpdCw",
    "impression-source-id-string":
      "eyJraWQiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJhbGciOiJFUzI1NiJ9.eyJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MCwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJ0aW1lc3RhbXAiOjE3MDAwMDAwMDAxMjMsInB1Ymxpc2hlci1pdGVtLWlkZW50aWZpZXIiOjAsImltcHJlc3Npb24taWRlbnRpZmllciI6IjU0NGI4ZmFkLTBhZDUtNDQzNC05OGIyLTMyNzExM2FmODRkYyIsInNvdXJjZS1pZGVudGlmaWVyIjoiNTIzOSJ9.FWcC5h37KVvJKu0WlrQ_eUtFzS3DY4s2ysnrs9MRfWZH0d2Zua2l0ZFIWA1txy_QIhoWZHugODnzVBJxmxaXhQ",
    "postback-psi-3":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzA2IiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MywiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyMzQiLCJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MH0.OXlYUoButliHqD8tv3SxKpUwvaDnNFQjawW5OzkGYK18-bKXBZgncQHd5dET_JED6At8i-8UchmNAs0etT_Jsg",
    "postback-conversion-type-install":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzA3IiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MCwiY29udmVyc2lvbi10eXBlIjoiaW5zdGFsbCIsInNvdXJjZS1pZGVudGlmaWVyIjoiMTIzNCIsImFkdmVydGlzZWQtaXRlbS1pZGVudGlmaWVyIjoxMjM0NTY3ODkwfQ.nPLCnnGhBGpAxxB18f3UTXtsU9iQgvyuagZphMswZXyk88JTvnYfVISBN6NPYsHSS6dRmlfIlSon_7RQncI6nQ",
    "postback-missing-did-win":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzA4IiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MCwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyMzQiLCJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MH0.YmwE0N0vOAo1BObrUJV69f-pOxwk4ulfMoEdkLSP0aeC0SvZpiCZTzecPWYzliwZCvRQKXkEort5e40Y1OaCdw",
    // Issue #14: one payload check each (a field absent, of another type, or out of range).
    "postback-missing-impression-type":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzA5IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImFkLW5ldHdvcmstaWRlbnRpZmllciI6ImtpdHRlc3QuYWRhdHRyaWJ1dGlvbmtpdCIsImRpZC13aW4iOnRydWUsInBvc3RiYWNrLXNlcXVlbmNlLWluZGV4IjoxLCJjb252ZXJzaW9uLXR5cGUiOiJkb3dubG9hZCIsInNvdXJjZS1pZGVudGlmaWVyIjoiMTIiLCJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MH0.8CcLWJn75oBGmq-fKS0EKznM4IPBiAMkNZQmm4Y-VPn4xjYYeEF9QwvzbpJ9WUePM0_HjPFY4vJ9oTsSZ-EWIA",
    "postback-missing-ad-network-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzEwIiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjEsImNvbnZlcnNpb24tdHlwZSI6ImRvd25sb2FkIiwic291cmNlLWlkZW50aWZpZXIiOiIxMiIsImFkdmVydGlzZWQtaXRlbS1pZGVudGlmaWVyIjoxMjM0NTY3ODkwfQ.00Abu4h9Ka-xZRTMVo9Cf40BgucTTm7ZSlFTDPeqIwA48rI2z3zhapRib_A4g_eN7NeLXstBPPQS-Q0ihYnA-w",
    "postback-missing-source-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzExIiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjEsImNvbnZlcnNpb24tdHlwZSI6ImRvd25sb2FkIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.UfW2u1TuzBsB80siQWJAy5q1nmRDDL5R1YRbkjbOsD4lg7SSbkeMa437ZWEOcPFRzPAvaeru1jpmLbr8R8jZDA",
    "postback-missing-advertised-item-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzEyIiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjEsImNvbnZlcnNpb24tdHlwZSI6ImRvd25sb2FkIiwic291cmNlLWlkZW50aWZpZXIiOiIxMiJ9.KFYfGxkAiQWJubXJy0tZOkQ8NRB7hBr1h9-RbFD2aPsa3yl0cKop7VixYTlODYh8Zmq1N1j7gemf602_VYYicQ",
    "postback-missing-conversion-type":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzEzIiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjEsInNvdXJjZS1pZGVudGlmaWVyIjoiMTIiLCJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MH0.7tslp1fZ2u5Rali4sk3QoX9Nn60QO7RqWv6rRchFOgahi6AydT__LCzaEfjjuJPIkKWUD58di8zc1FFTwAyM7w",
    "postback-missing-postback-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwdWJsaXNoZXItaXRlbS1pZGVudGlmaWVyIjo1ODM4NDkyLCJtYXJrZXRwbGFjZS1pZGVudGlmaWVyIjoiY29tLmFwcGxlLkFwcFN0b3JlIiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MSwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.7Xsg0ZdtEsGpCIaHejtYZTBNEno7PP8wdUKMoN9IhatxbW3qqbYc2AXckYjn1pKEdObUC8wzgpK8bQCwcJtSUA",
    "postback-missing-postback-sequence-index":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzE1IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.IWTWs_cRksf0av2LKM7liHxSAl42Z7BX9-31TWFLBmPEZMlOamroO9wBlvkShiW-7U0H0NCyPs8AuofNhwHn9g",
    "postback-wrong-type-impression-type":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzE2IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6MSwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjEsImNvbnZlcnNpb24tdHlwZSI6ImRvd25sb2FkIiwic291cmNlLWlkZW50aWZpZXIiOiIxMiIsImFkdmVydGlzZWQtaXRlbS1pZGVudGlmaWVyIjoxMjM0NTY3ODkwfQ.-FyJTBBAtMrWf8tzuLlcORiR6xANpSoGVVh-CQOO8iyZ8r4Zfkhep4RTyVxWIl3EmBysV7RrYsFIYjIrs7Q9ug",
    "postback-wrong-type-ad-network-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzE3IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoxLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MSwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.k56rIVKIK5MY7Bvrut6Ny5MhMXdnG4QKdsYApL3SIM46m-z8-Pv-9wplbbD0wHwQTqz6bGSikUGTlX4pMtsP6Q",
    "postback-wrong-type-advertised-item-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzE4IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjEsImNvbnZlcnNpb24tdHlwZSI6ImRvd25sb2FkIiwic291cmNlLWlkZW50aWZpZXIiOiIxMiIsImFkdmVydGlzZWQtaXRlbS1pZGVudGlmaWVyIjoiMTIzNDU2Nzg5MCJ9.qEYMoi_ng1MVDaoCCa6f0b4WxGAtgr6ZbFGMrOeog_dCEAQ97yAqiJa05FWZARs-FibjFeLUIhJeZLvCsaDgzQ",
    "postback-wrong-type-conversion-type":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzE5IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjEsImNvbnZlcnNpb24tdHlwZSI6MSwic291cmNlLWlkZW50aWZpZXIiOiIxMiIsImFkdmVydGlzZWQtaXRlbS1pZGVudGlmaWVyIjoxMjM0NTY3ODkwfQ.ECNyyjBeHkG8vM7gvAYSgdIKNALEmweTpcswM-xITxtrI-obJ7JgsCRN5GYcfd2-IlBFfRBuRJLjHOJgEdpJ_A",
    "postback-wrong-type-postback-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoxLCJwdWJsaXNoZXItaXRlbS1pZGVudGlmaWVyIjo1ODM4NDkyLCJtYXJrZXRwbGFjZS1pZGVudGlmaWVyIjoiY29tLmFwcGxlLkFwcFN0b3JlIiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MSwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.M1NS7xPjWBL77gWvy2NL0SCiKewf8Vjb9tenHSA4_JzUnyPxFxZ48OEus9RHx9pRoIDQqHLWtUT1XdMYZGadLA",
    "postback-wrong-type-did-win":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzIxIiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6InRydWUiLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MSwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.X6AZ-PM3BjYCRfPdgwDsjaH6zqwZRRoEpP9T8S1D--VlrN1LSsq6w-ptjpSxmtlRu6zRuLrSKZx-3FbSjdi94w",
    "postback-wrong-type-postback-sequence-index":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzIyIiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOiIxIiwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.Bh6-uEAy-PdQAVNDRRyI44iH9EV_i0TeVK4cL3wrk4DANfyna9VD6Cfoho9nGKfOouo4JaY-ku4UxddEP3BUTQ",
    "postback-wrong-type-marketplace-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzIzIiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6bnVsbCwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MSwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.cI1yiZ714R1usbHfZRt9iwQKlgPsCn1nGZvECglxBbVT0Se6xIy6z0wuyV8grV5b2oFw4S4ib38alBNZiRz-PA",
    "postback-wrong-type-publisher-item-identifier":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzI0IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6IjU4Mzg0OTIiLCJtYXJrZXRwbGFjZS1pZGVudGlmaWVyIjoiY29tLmFwcGxlLkFwcFN0b3JlIiwiaW1wcmVzc2lvbi10eXBlIjoiYXBwLWltcHJlc3Npb24iLCJhZC1uZXR3b3JrLWlkZW50aWZpZXIiOiJraXR0ZXN0LmFkYXR0cmlidXRpb25raXQiLCJkaWQtd2luIjp0cnVlLCJwb3N0YmFjay1zZXF1ZW5jZS1pbmRleCI6MSwiY29udmVyc2lvbi10eXBlIjoiZG93bmxvYWQiLCJzb3VyY2UtaWRlbnRpZmllciI6IjEyIiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEyMzQ1Njc4OTB9.ixizN53luSkLJqBsEzh7aMbJ2qJGuVtf3NjPL0mWjVUXXvBeY56ABusrvGuSs4B__cpLQ6TRuHdibIsneIfJjA",
    "postback-psi-minus-1":
      "eyJraWQiOiJraXQtdGVzdC1rZXkvMCIsImFsZyI6IkVTMjU2In0.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiNWIwZDBhNmUtNmEzZi00ZjNjLTliNTEtMGMxZjNhMmI0YzI1IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6NTgzODQ5MiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoia2l0dGVzdC5hZGF0dHJpYnV0aW9ua2l0IiwiZGlkLXdpbiI6dHJ1ZSwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOi0xLCJjb252ZXJzaW9uLXR5cGUiOiJkb3dubG9hZCIsInNvdXJjZS1pZGVudGlmaWVyIjoiMTIiLCJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6MTIzNDU2Nzg5MH0.ultDyIQdxPxI3jWQeGahKTy_OXLV-IX2gMcACDq_xlgXibKHh7ILOI5pgRmqEpWgpjef5xIFbRHiac2_MezHyQ",
  ]
}
