import SKANJSON
import SKANVectors

/// The samples of `reference/apple-samples.json` (Apple's published examples and real field
/// postbacks from peak/skanpostback verify_test.go, MIT), verbatim, by the samples file's ID.
/// Every one is the input of a vector whose verdict matches the file's `verifies_here` (the two
/// 1.0 and 2.0 postbacks under Apple's P-192 key, SIG-6).
enum AppleSamples {
  /// Postback objects by sample ID.
  static let postbacks: [String: JSONValue] = [
    "apple_doc_v4_0_web_tier_high_fine": [
      "version": "4.0", "ad-network-id": "com.example", "source-identifier": "5239", "app-id": 525463029,
      "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e30", "redownload": false, "source-domain": "example.com",
      "fidelity-type": 1, "did-win": true, "conversion-value": 63, "postback-sequence-index": 0,
      "attribution-signature":
        "MEUCIGRmSMrqedNu6uaHyhVcifs118R5z/AB6cvRaKrRRHWRAiEAv96ne3dKQ5kJpbsfk4eYiePmrZUU6sQmo+7zfP/1Bxo=",
    ],
    "apple_doc_v4_0_web_tier_low_coarse": [
      "version": "4.0", "ad-network-id": "com.example", "source-identifier": "39", "app-id": 525463029,
      "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e31", "redownload": false, "source-domain": "example.com",
      "fidelity-type": 1, "did-win": true, "coarse-conversion-value": "high", "postback-sequence-index": 0,
      "attribution-signature":
        "MEUCIQD4rX6eh38qEhuUKHdap345UbmlzA7KEZ1bhWZuYM8MJwIgMnyiiZe6heabDkGwOaKBYrUXQhKtF3P/ERHqkR/XpuA=",
    ],
    "apple_doc_v3_0_winning": [
      "version": "3.0", "ad-network-id": "example123.skadnetwork", "campaign-id": 42,
      "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "app-id": 525463029,
      "attribution-signature":
        "MEYCIQD5eq3AUlamORiGovqFiHWI4RZT/PrM3VEiXUrsC+M51wIhAPMANZA9c07raZJ64gVaXhB9+9yZj/X6DcNxONdccQij",
      "redownload": true, "source-app-id": 1234567891, "fidelity-type": 1, "conversion-value": 20, "did-win": true,
    ],
    "apple_doc_v3_0_nonwinning": [
      "version": "3.0", "ad-network-id": "example123.skadnetwork", "campaign-id": 42,
      "transaction-id": "f9ac267a-a889-44ce-b5f7-0166d11461f0", "app-id": 525463029,
      "attribution-signature":
        "MEUCIQDDetUtkyc/MiQvVJ5I6HIO1E7l598572Wljot2Onzd4wIgVJLzVcyAV+TXksGNoa0DTMXEPgNPeHCmD4fw1ABXX0g=",
      "redownload": true, "fidelity-type": 1, "did-win": false,
    ],
    "apple_doc_v2_2": [
      "version": "2.2", "ad-network-id": "com.example", "campaign-id": 42,
      "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "app-id": 525463029,
      "attribution-signature":
        "MEYCIQDTuQ1Z4Tpy9D3aEKbxLl5J5iKiTumcqZikuY/AOD2U7QIhAJAaiAv89AoquHXJffcieEQXdWHpcV8ZgbKN0EwV9/sY",
      "redownload": true, "source-app-id": 1234567891, "fidelity-type": 1, "conversion-value": 20,
    ],
    "apple_doc_v2_1_legacy_page": [
      "version": "2.1", "ad-network-id": "com.example", "campaign-id": 42,
      "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "app-id": 525463029,
      "attribution-signature":
        "MEUCID6rbq3qt4GvFaAaynh5/LAcvn1d8CQTRhrZhLIxLKntAiEAo7IrvoMw6u2qDg6Tr5vIsEHXjlLkPlCOL0ojJcEh3Qw=",
      "redownload": true, "source-app-id": 1234567891, "conversion-value": 20,
    ],
    "field_v1_0_ironsource": [
      "ad-network-id": "su67r6k2v3.skadnetwork", "app-id": 1176027022,
      "attribution-signature": "MDMCGELMEaJCS0y1JXqjZujcMXdJel8boLV6PAIXFNKYjzROJY2CxAmU+HoPQfTJCyjoS6k=",
      "campaign-id": 51, "redownload": false, "transaction-id": "583e867c-0bc5-4980-8766-6d8cf992f24a",
      "version": "1.0",
    ],
    "field_v2_0_meta": [
      "ad-network-id": "v9wttpbfk9.skadnetwork", "app-id": 1176027022,
      "attribution-signature": "MDQCGDYZvzXjCRDEcFjJu2xd4kaOPwK+sJpUbgIYZRiWFh0Lpz7KFnF3qrXdyl9sAG8j6gne",
      "campaign-id": 75, "conversion-value": 18, "redownload": true,
      "transaction-id": "c4a69044-1c85-4755-9e25-97d8daa30c55", "version": "2.0",
    ],
    "field_v2_1_ironsource_forwarded": [
      "transaction-id": "240b7588-90a3-4ecc-84c6-4e5263395c40", "ad-network-id": "su67r6k2v3.skadnetwork",
      "timestamp": 1613095729, "campaign-id": 92, "conversion-value": 0, "redownload": false, "version": "2.1",
      "source-app-id": 1299956969,
      "attribution-signature":
        "MEUCIQDiGkZ57TN2NX0s6gQ9MZiD2O8DXJga2kJbzxcpqq1cawIgVMTTh58UjhngI1aY+sBUvk60iwa7t++IZIa0lB4gS2k=",
      "app-id": 1196764367,
    ],
    "field_v2_1_tiktok_via_adjust": [
      "version": "2.1", "ad-network-id": "mj797d8u6f.skadnetwork", "campaign-id": 3,
      "transaction-id": "00877faf-84ac-459c-b1a2-5301bf4452d8", "app-id": 1434505322,
      "attribution-signature":
        "MEUCIHDlkRyY8uA78H5vKLw1chf192FSBnbDnQMxUXJdmtPrAiEAuqCVM63RZxpkexKKrFCgfkM5aLZ4mMZkRrkL0ivovNc=",
      "redownload": false, "adjust-campaign": "a_campaign", "adjust-campaign-id": "112233445566",
      "adjust-adgroup": "a_group_uid", "adjust-adgroup-id": "112233445566", "timestamp": 1622794663,
    ],
    "apple_doc_aak_reengagement_dev1": [
      "jws-string":
        "eyJraWQiOiJhcHBsZS1kZXZlbG9wbWVudC1pZGVudGlmaWVyXC8xIiwiYWxnIjoiRVMyNTYifQ.eyJwb3N0YmFjay1pZGVudGlmaWVyIjoiODU1NDZFQjctRkQzOS00NEJDLTg5OTAtQzk4QTRBQzM2QTQ5IiwicHVibGlzaGVyLWl0ZW0taWRlbnRpZmllciI6MCwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwiYWQtbmV0d29yay1pZGVudGlmaWVyIjoiZGV2ZWxvcG1lbnQuYWRhdHRyaWJ1dGlvbmtpdCIsImRpZC13aW4iOnRydWUsInBvc3RiYWNrLXNlcXVlbmNlLWluZGV4IjowLCJjb252ZXJzaW9uLXR5cGUiOiJyZS1lbmdhZ2VtZW50Iiwic291cmNlLWlkZW50aWZpZXIiOiIxMjM0IiwiYWR2ZXJ0aXNlZC1pdGVtLWlkZW50aWZpZXIiOjEwNzM4MDI3NzU2fQ.bAdNwKd6OfHK9tofvjjua4X_JPcFTxXPQSspD9gZkinw97pY7R1aI-LSjl-oxZZF3_K2H5JK5TSEBee4_1U4oQ",
      "conversion-value": 24, "ad-interaction-type": "click", "country-code": "US",
    ],
    "apple_doc_aak_prod_illustrative": [
      "ad-interaction-type": "click",
      "jws-string":
        "eyJraWQiOiJhcHBsZS1jYXMtaWRlbnRpZmllci8wIiwiYWxnIjoiRVMyNTYifQ.eyJhZHZlcnRpc2VkLWl0ZW0taWRlbnRpZmllciI6Njg0OTM5LCJjb252ZXJzaW9uLXR5cGUiOiJyZS1lbmdhZ2VtZW50IiwibWFya2V0cGxhY2UtaWRlbnRpZmllciI6ImNvbS5hcHBsZS5BcHBTdG9yZSIsImFkLW5ldHdvcmstaWRlbnRpZmllciI6InRlc3QuYWRhdHRyaWJ1dGlvbmtpdCIsImltcHJlc3Npb24tdHlwZSI6ImFwcC1pbXByZXNzaW9uIiwicG9zdGJhY2stc2VxdWVuY2UtaW5kZXgiOjAsInNvdXJjZS1pZGVudGlmaWVyIjoiODM0NCIsImRpZC13aW4iOnRydWUsInBvc3RiYWNrLWlkZW50aWZpZXIiOiIzZjUwZmU1Ny0yOWFlLTQ4NjEtOGMwYi1hYzZhZGRkZmY3MmMiLCJwdWJsaXNoZXItaXRlbS1pZGVudGlmaWVyIjo1ODM4NDkyfQ.AemK1x2ahIPKOnFEEscG4wvipRtR1G6DzpNF4M4joPb8POIH4FJjm4VvcNgLXc9rWBrEDQPvDblduoc7MFcK5w",
      "coarse-conversion-value": "medium", "country-code": "US",
    ],
  ]

  /// `apple_doc_v2_0_broken_example`: Apple's 2.0 example as quoted in developer forums thread 657368, not valid JSON.
  static let brokenV20Text =
    "{ \"version\" : \"2.0\", \"ad-network-id\" : \"com.example\", \"campaign-id\" : 42, \"transaction-id\" : \"6aafb7a5-0170-41b5-bbe4-fe71dedf1e28\", \"app-id\" : 525463029, \"attribution-signature\" : \"MDYCGQCsQ4y8d4BlYU9b8Qb9BPWPi+ixk\\/OiRysCGQDZZ8fpJnuqs9my8iSQVbJO\\/oU1AXUROYU=\" \"redownload\": 1, \"source-app-id\": 1234567891 \"conversion-value: 20 }"

  /// The source of each sample, as the samples file gives it.
  static let sources: [String: String] = [
    "apple_doc_v4_0_web_tier_high_fine":
      "https://developer.apple.com/documentation/storekit/verifying-an-install-validation-postback",
    "apple_doc_v4_0_web_tier_low_coarse":
      "https://developer.apple.com/documentation/storekit/verifying-an-install-validation-postback",
    "apple_doc_v3_0_winning":
      "https://developer.apple.com/documentation/storekit/combining-parameters-for-skadnetwork-3-postbacks",
    "apple_doc_v3_0_nonwinning":
      "https://developer.apple.com/documentation/storekit/combining-parameters-for-skadnetwork-3-postbacks",
    "apple_doc_v2_2":
      "https://developer.apple.com/documentation/storekit/combining-parameters-for-previous-skadnetwork-postback-versions",
    "apple_doc_v2_1_legacy_page": "third-party copies of an earlier Apple doc revision",
    "field_v1_0_ironsource":
      "github.com/peak/skanpostback verify_test.go (commit 79900c56aba754a258386c7fda4a7f4424af7da7)",
    "field_v2_0_meta": "github.com/peak/skanpostback verify_test.go (commit 79900c56aba754a258386c7fda4a7f4424af7da7)",
    "field_v2_1_ironsource_forwarded":
      "github.com/peak/skanpostback verify_test.go (commit 79900c56aba754a258386c7fda4a7f4424af7da7)",
    "field_v2_1_tiktok_via_adjust":
      "github.com/peak/skanpostback verify_test.go (commit 79900c56aba754a258386c7fda4a7f4424af7da7)",
    "apple_doc_v2_0_broken_example": "https://developer.apple.com/forums/thread/657368",
    "apple_doc_aak_reengagement_dev1":
      "https://developer.apple.com/documentation/adattributionkit/identifying-the-parameters-in-a-postback",
    "apple_doc_aak_prod_illustrative":
      "https://developer.apple.com/documentation/adattributionkit/identifying-the-parameters-in-a-postback",
  ]
}
