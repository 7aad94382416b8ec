import Foundation

/// Apple's published example postbacks, as the postback probe sends them: each verifies with
/// Apple's own keys, so a receiver needs no test key .
/// They are Apple's example data (`com.example`, `development.adattributionkit`), which a
/// dashboard can recognize and purge; point the probe at a staging receiver all the same.
///
/// Sources (the same texts as Tests/Fixtures/apple-samples.json): storekit/verifying-an-install-validation-postback
/// (the two 4.0 postbacks), storekit/combining-parameters-for-skadnetwork-3-postbacks (the
/// losing 3.0 postback), adattributionkit/identifying-the-parameters-in-a-postback (the
/// development re-engagement, under `apple-development-identifier/1`).
enum ApplePostbackExamples {
  /// A winning 4.0 web postback, window 0, fine value 63.
  static let winner = """
    {"version":"4.0","ad-network-id":"com.example","source-identifier":"5239","app-id":525463029,"transaction-id":"6aafb7a5-0170-41b5-bbe4-fe71dedf1e30","redownload":false,"source-domain":"example.com","fidelity-type":1,"did-win":true,"conversion-value":63,"postback-sequence-index":0,"attribution-signature":"MEUCIGRmSMrqedNu6uaHyhVcifs118R5z/AB6cvRaKrRRHWRAiEAv96ne3dKQ5kJpbsfk4eYiePmrZUU6sQmo+7zfP/1Bxo="}
    """
  /// Another winning 4.0 web postback (another transaction), coarse value `high`.
  static let second = """
    {"version":"4.0","ad-network-id":"com.example","source-identifier":"39","app-id":525463029,"transaction-id":"6aafb7a5-0170-41b5-bbe4-fe71dedf1e31","redownload":false,"source-domain":"example.com","fidelity-type":1,"did-win":true,"coarse-conversion-value":"high","postback-sequence-index":0,"attribution-signature":"MEUCIQD4rX6eh38qEhuUKHdap345UbmlzA7KEZ1bhWZuYM8MJwIgMnyiiZe6heabDkGwOaKBYrUXQhKtF3P/ERHqkR/XpuA="}
    """
  /// A losing 3.0 postback.
  static let loser = """
    {"version":"3.0","ad-network-id":"example123.skadnetwork","campaign-id":42,"transaction-id":"f9ac267a-a889-44ce-b5f7-0166d11461f0","app-id":525463029,"attribution-signature":"MEUCIQDDetUtkyc/MiQvVJ5I6HIO1E7l598572Wljot2Onzd4wIgVJLzVcyAV+TXksGNoa0DTMXEPgNPeHCmD4fw1ABXX0g=","redownload":true,"fidelity-type":1,"did-win":false}
    """
  /// A development AdAttributionKit re-engagement postback.
  static let adAttributionKit = """
    {"jws-string":"eyJraWQiOiJhcHBsZS1kZXZlbG9wbWVudC1pZGVudGlmaWVyXC8xIiwiYWxnIjoiRVMyNTYifQ.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiODU1NDZFQjctRkQzOS00NEJDLTg5OTAtQzk4QTRBQzM2QTQ5IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6MCwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoiZGV2ZWxvcG1lbnQuYWRhdHRyaWJ1dGlvbmtpdCIsImRpZC13aW4iOnRydWUsInBvc3RiYWNrLXNlcXVlbmNlLWluZGV4IjowLCJjb252ZXJzaW9uLXR5cGUiOiJyZS1lbmdhZ2VtZW50Iiwic291cmNlLWlkZW50aWZpZXIiOiIxMjM0IiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEwNzM4MDI3NzU2fQ.bAdNwKd6OfHK9tofvjjua4X_JPcFTxXPQSspD9gZkinw97pY7R1aI-LSjl-oxZZF3_K2H5JK5TSEBee4_1U4oQ","conversion-value":24,"ad-interaction-type":"click","country-code":"US"}
    """
  /// A winning 3.0 app postback, conversion value 20 (storekit/combining-parameters-for-skadnetwork-3-postbacks).
  static let winner3 = """
    {"version":"3.0","ad-network-id":"example123.skadnetwork","campaign-id":42,"transaction-id":"6aafb7a5-0170-41b5-bbe4-fe71dedf1e28","app-id":525463029,"attribution-signature":"MEYCIQD5eq3AUlamORiGovqFiHWI4RZT/PrM3VEiXUrsC+M51wIhAPMANZA9c07raZJ64gVaXhB9+9yZj/X6DcNxONdccQij","redownload":true,"source-app-id":1234567891,"fidelity-type":1,"conversion-value":20,"did-win":true}
    """
  /// A 2.2 postback (storekit/combining-parameters-for-previous-skadnetwork-postback-versions),
  /// with the same `transaction-id` as ``winner3``: the receiver's key makes it a duplicate of it.
  static let winner22 = """
    {"version":"2.2","ad-network-id":"com.example","campaign-id":42,"transaction-id":"6aafb7a5-0170-41b5-bbe4-fe71dedf1e28","app-id":525463029,"attribution-signature":"MEYCIQDTuQ1Z4Tpy9D3aEKbxLl5J5iKiTumcqZikuY/AOD2U7QIhAJAaiAv89AoquHXJffcieEQXdWHpcV8ZgbKN0EwV9/sY","redownload":true,"source-app-id":1234567891,"fidelity-type":1,"conversion-value":20}
    """
  /// The winner with its unsigned `conversion-value` rewritten: the same postback, a
  /// differing body (RCV-6).
  static let rewritten = winner.replacingOccurrences(of: "\"conversion-value\":63", with: "\"conversion-value\":0")
  /// The winner with a signed field changed: a forgery (RCV-2).
  static let forged = winner.replacingOccurrences(
    of: "\"source-identifier\":\"5239\"", with: "\"source-identifier\":\"5240\"")
}
