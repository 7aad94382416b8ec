extension RequirementCatalog {
  static let skVer = "Apple: storekit/verifying-an-install-validation-postback"
  static let sk3 = "Apple: storekit/combining-parameters-for-skadnetwork-3-postbacks"
  static let skPrev = "Apple: storekit/combining-parameters-for-previous-skadnetwork-postback-versions"
  static let skVT = "Apple: storekit/generating-the-signature-to-validate-view-through-ads"
  static let skSKR = "Apple: storekit/generating-the-signature-to-validate-storekit-rendered-ads"
  static let web = "Apple: skadnetworkforwebads/generating-a-signature-for-attributable-web-ads"
  static let aakVer = "Apple: adattributionkit/verifying-a-postback"
  static let aakPar = "Apple: adattributionkit/identifying-the-parameters-in-a-postback"
  static let aakJWS = "Apple: adattributionkit/generating-jws-impressions"

  /// Requirements of `Spec/signature.md`.
  static let signature: [Requirement] = [
    Requirement(
      "SIG-1", .must, .apple, area: .signature,
      "A SKAdNetwork 4.0 postback's signed string is `version`, `ad-network-id`, `source-identifier`, `app-id`, `transaction-id`, `redownload`, the source slot, `fidelity-type`, `did-win`, `postback-sequence-index`, joined by U+2063 INVISIBLE SEPARATOR, as UTF-8.",
      source: skVer),
    Requirement(
      "SIG-2", .must, .apple, area: .signature,
      "The source slot holds `source-app-id` or `source-domain`, whichever the postback has; when it has neither (a lower tier, a non-winning postback) the slot is dropped, with its separator.",
      source:
        "\(skVer) (\"Include source-app-id only if you receive it\"); \(sk3) (the signed string without the slot and its separator)"
    ),
    Requirement(
      "SIG-3", .must, .apple, area: .signature,
      "Earlier versions: 3.0 signs `version`, `ad-network-id`, `campaign-id`, `app-id`, `transaction-id`, `redownload`, [`source-app-id`], `fidelity-type`, `did-win`; 2.2 the same without `did-win`; 2.1 also without `fidelity-type`.",
      source: "\(sk3); \(skPrev)"),
    Requirement(
      "SIG-4", .must, .kitDefined, area: .signature,
      "Signed fields have fixed JSON types: strings (`version`, `ad-network-id`, `source-identifier`, `transaction-id`, `source-domain`), integers (`app-id`, `campaign-id`, `source-app-id`, `fidelity-type`, `postback-sequence-index`): JSON numbers with an integral value from -2^63 to 2^63 - 1, signed in their integer form (`1`; one written with a fraction or exponent, `1.0`, is the same number: SIG-25), booleans written `true`/`false` (`redownload`, `did-win`). A signed field of another type, or a number with a fraction or beyond that range, is rejected (`wrong-type`); an absent one too (`missing-field`).",
      source:
        "Apple's postbacks are typed as listed (storekit/identifying-the-parameters-in-install-validation-postbacks); a verifier that signs the text of any JSON type accepts forged shapes.",
      alternative:
        "Sign the text whatever the JSON type: a copy of the 2.1 example with every value a string would verify (a gist quotes one). Or take only numbers written without a fraction or exponent as integers (the kit before 0.2): JavaScript's and Go's JSON decoders cannot tell `1.0` from `1`, so verifiers in those languages could not conform."
    ),
    Requirement(
      "SIG-5", .must, .apple, area: .signature,
      "The signature (`attribution-signature`, base64 of an ASN.1 DER ECDSA signature) is verified with ECDSA P-256 and SHA-256 under Apple's published key for versions 2.1 to 4.0; it verifies (`verified`), does not (`rejected`, `bad-signature`), or is not base64 DER (`rejected`, `malformed-signature`; which texts count as base64 is SIG-22's).",
      source: skVer),
    Requirement(
      "SIG-6", .must, .apple, area: .signature,
      "Versions 1.0 and 2.0 are verified with ECDSA P-192 (secp192r1) and SHA-256 under Apple's published P-192 key, the signature base64 DER as for later versions: 2.0 signs as 2.1, 1.0 signs `ad-network-id`, `campaign-id`, `app-id`, `transaction-id`.",
      source:
        "Apple: storekit/skadnetwork-2-release-notes (the P-192 key for versions 1.0 and 2.0); the samples file's two field postbacks verify with it (peak/skanpostback verifies both)."
    ),
    Requirement(
      "SIG-7", .must, .kitDefined, area: .signature,
      "A `version` the kit does not know (such as `5.0`, `4`, or a minor version Apple never defined such as `4.1`, `3.1` or `2.3`) is `unverifiable` (`unknown-version`), whatever its fields and even when a signature over them in a known version's layout verifies; a postback without `version` is a 1.0 postback (SIG-23).",
      source:
        "A verifier cannot know the layout of a future version; guessing one turns a new version into a forgery verdict.",
      alternative:
        "Reject unknown versions, or verify them with the 4.0 layout or with the nearest known layout of their major version."
    ),
    Requirement(
      "SIG-8", .must, .kitDefined, area: .signature,
      "A postback may be given as the text of its body; text that is not a JSON object is `rejected` (`malformed-json`).",
      source:
        "Apple's original 2.0 example (developer forums thread 657368) is not valid JSON; a verifier sees bodies, not objects.",
      alternative: "Repair the JSON before verifying."),
    Requirement(
      "SIG-9", .must, .apple, area: .signature,
      "A SKAdNetwork 4 StoreKit-rendered or view-through impression signs `version`, `ad-network-id`, `source-identifier`, `itunes-item-id`, `nonce`, `source-app-id`, `fidelity-type`, `timestamp` joined by U+2063; `fidelity-type` is 1 for StoreKit-rendered ads and 0 for view-through ads; `timestamp` is Unix milliseconds.",
      source:
        "\(skSKR); \(skVT); Apple: storekit/skstoreproductparameteradnetworktimestamp (the timestamp in milliseconds)"),
    Requirement(
      "SIG-10", .must, .apple, area: .signature,
      "A web ad impression signs the same fields with `source-domain` in place of `source-app-id`, and `fidelity-type` 1.",
      source: "\(web); Apple: skadnetworkforwebads/signature (\"The fidelity type value for web ads is `1`\")"),
    Requirement(
      "SIG-11", .must, .kitDefined, area: .signature,
      "The impression nonce must be a UUID (`invalid-nonce` otherwise) and is signed lower-case; `source-identifier` is an integer from 0 to 9999 (`invalid-source-identifier` otherwise).",
      source:
        "Apple asks for a lower-case UUID and a four-digit source identifier (\(skSKR)); `UUID().uuidString` is upper-case, so the kit lower-cases rather than refusing it.",
      alternative: "Sign the nonce as given: an upper-case nonce then gives another string, and StoreKit's check fails."
    ),
    Requirement(
      "SIG-12", .must, .kitDefined, area: .signature,
      "An impression signature is checked by verifying it with the ad network's public key (ECDSA P-256, SHA-256, base64 DER), never by comparing bytes: ECDSA signatures are randomized.",
      source:
        "\(skSKR); \(skVT) (how the signature is made: \"ECDSA with a SHA-256 hash\", a DER value in base64). Apple describes generating it; checking by verification is the kit's.",
      alternative:
        "Sign deterministically (RFC 6979) and compare bytes: every vector such an implementation fails lists SIG-12."),
    Requirement(
      "SIG-13", .must, .apple, area: .signature,
      "An AdAttributionKit postback's `jws-string` is a compact JWS (ES256) verified with the key its header `kid` names: `apple-cas-identifier/0` (production), `apple-development-identifier/0`, `apple-development-identifier/1`; the kid is compared after JSON decoding, so Apple's escaped `\\/` is a slash.",
      source: "\(aakVer); \(aakPar) (the header of Apple's example escapes the slash)"),
    Requirement(
      "SIG-14", .must, .kitDefined, area: .signature,
      "A JWS is exactly three parts of strict base64url (no padding, no other characters, zero unused bits), a JSON-object header with `alg` `ES256` (else `unsupported-alg`) and a string `kid`, a JSON-object payload, and a signature of 64 raw bytes R‖S (a DER signature is `malformed-signature`); anything else is `malformed-jws`.",
      source: "RFC 7515 section 2 and RFC 7518 section 3.4; lenient decoders accept several texts for one signature.",
      alternative: "Lenient decoding (padding, standard alphabet, DER signatures), which some JWS libraries allow."),
    Requirement(
      "SIG-15", .must, .kitDefined, area: .signature,
      "A `kid` with no key is `unverifiable` (`unknown-kid`); the kit never tries the other keys.",
      source:
        "Apple names the key by kid (\(aakVer)); trying every key would accept a development postback labelled as production.",
      alternative: "Try every published key."),
    Requirement(
      "SIG-16", .must, .kitDefined, area: .signature,
      "After the signature verifies, the payload must have `impression-type`, `ad-network-identifier`, `source-identifier` (a string), `advertised-item-identifier` (integer), `conversion-type`, `postback-identifier` (string), `did-win` (boolean), `postback-sequence-index` (integer), and may have `marketplace-identifier` (string) and `publisher-item-identifier` (integer); otherwise `rejected` (`missing-field`, `wrong-type`). The payload is read only after the key lookup (SIG-15) and the signature: a JWS whose kid has no key is `unknown-kid`, and one whose signature does not verify `bad-signature` (or `malformed-signature`), whatever its payload.",
      source:
        "\(aakPar) lists these keys and says the payload \"may include\" them, with their types; requiring them, and reading them only after the signature, is the kit's policy: a signed payload without one cannot be attributed.",
      alternative:
        "Accept a correctly signed payload that lacks a key Apple says it \"may include\" (verify the signature, read what is there): such a verifier answers `verified` for the `signature/aak-test-key-missing-*` vectors, which list SIG-16, so an expectations file can name them."
    ),
    Requirement(
      "SIG-17", .must, .kitDefined, area: .signature,
      "`conversion-type` is `download`, `redownload` or `re-engagement` (`reengagement`: SIG-24); `postback-sequence-index` is 0 to 2; other values are `rejected` (`invalid-value`).",
      source:
        "\(aakPar) lists `download`, `redownload` and `re-engagement`, and its examples write `re-engagement`; it gives the index's three windows. Apple states no verdict for another value: rejecting it is the kit's.",
      alternative:
        "Verify the signature only and report any value: every vector such an implementation fails lists SIG-17."),
    Requirement(
      "SIG-18", .must, .apple, area: .signature,
      "An AdAttributionKit impression is a compact JWS whose header has `alg` `ES256` and the ad network's `kid`, whose payload has `impression-identifier` (string), `publisher-item-identifier`, `impression-type`, `ad-network-identifier`, `source-identifier` (a number), `timestamp` (milliseconds), `advertised-item-identifier`, and optionally `eligible-for-re-engagement` (boolean); the signing input is `BASE64URL(header) . BASE64URL(payload)` in ASCII.",
      source: aakJWS),
    Requirement(
      "SIG-19", .must, .kitDefined, area: .signature,
      "Fields outside the signature never change the verdict: `conversion-value`, `coarse-conversion-value`, `country-code`, `ad-interaction-type`, and fields a forwarder adds (`timestamp`, `adjust-*`).",
      source:
        "Apple signs only the listed fields (\(skVer), \(aakPar)); real forwarded postbacks carry extra fields (peak/skanpostback verify_test.go).",
      alternative: "Reject postbacks with fields Apple does not send, which rejects forwarded postbacks."),
    Requirement(
      "SIG-20", .must, .kitDefined, area: .signature,
      "A 4.0 postback with both `source-app-id` and `source-domain` is `rejected` (`ambiguous-source`), whichever fields its signature covers.",
      source: "Apple sends one or the other (\(skVer)); a verifier must not pick one for the signed string.",
      alternative: "Sign one of them (which one differs between implementations), or sign both."),
    Requirement(
      "SIG-21", .should, .kitDefined, area: .signature,
      "For the verifying operations the verdict is what conformance is about; the `reason`, the `signed_string` or `signing_input` the check covered, and the `kid` and `conversion_type` read from a payload are diagnostics: an answer SHOULD carry them and, when it does, they SHOULD match; an answer without them, or with other values, still conforms at the verdict level.",
      source:
        "A choice of the kit: real verifiers (vap, Go, PHP and TypeScript libraries) return a verdict and at most a coarse reason, never the signed string.",
      alternative:
        "Compare every member, as the kit did before: a library whose verdicts are all right then fails dozens of vectors on reasons it does not report."
    ),
    Requirement(
      "SIG-22", .must, .kitDefined, area: .signature,
      "A SKAdNetwork signature (`attribution-signature`, an impression's signature) is decoded from canonical base64 only (RFC 4648 section 4: the standard alphabet, `=` padding to a multiple of four, no white space or other character, unused bits zero); any other text is `rejected` (`malformed-signature`).",
      source:
        "Apple says only to decode the signature from Base64 (\(skVer)); lenient decoders accept many texts for one signature, so the kit takes the one an encoder writes.",
      alternative:
        "Lenient decoding that skips characters outside the alphabet (Python's base64.b64decode without validate=True, as vap 1.1.0 does): such a verifier answers `verified` for `signature/signature-junk-inside-base64`, which lists SIG-22."
    ),
    Requirement(
      "SIG-23", .must, .apple, area: .signature,
      "A postback without `version` is a 1.0 postback: it is checked over the 1.0 fields (`ad-network-id`, `campaign-id`, `app-id`, `transaction-id`) under the 1.0 key (SIG-6), never `rejected` for the missing version nor `unknown-version`.",
      source:
        "Apple: storekit/skadnetwork-1-release-notes (\"The original install-validation postback doesn't include a version number\"); storekit/identifying-the-parameters-in-install-validation-postbacks (`version`: \"Version 2 and later\"); storekit/combining-parameters-for-previous-skadnetwork-postback-versions (the version 1 parameters: `ad-network-id`, `campaign-id`, `app-id`, `transaction-id`); storekit/verifying-an-install-validation-postback (\"Postbacks contain a `version` parameter, starting with SKAdNetwork 2\"). The four pages agree (Spec/sources.md, D-22)."
    ),
    Requirement(
      "SIG-24", .may, .kitDefined, area: .signature,
      "A verifier may accept the `conversion-type` `reengagement` and report it as `re-engagement`.",
      source:
        "Apple contradicts itself: adattributionkit/receiving-ad-attributions-and-postbacks says \"AdAttributionsKit represents reengagement postbacks as `reengagement` in the postback's `conversion-type` field\", while \(aakPar) (\"The string `re-engagement` to indicate someone reengaged\"), adattributionkit/postbackupdate/conversiontype/reengagement (\"the framework represents this using the string re-engagement\") and every signed example Apple shows write `re-engagement`. No postback Apple shows carries `reengagement`, so a verifier that accepts only Apple's enumerated strings is not wrong: the case is MAY.",
      alternative:
        "Reject `reengagement` (`invalid-value`), as a verifier that checks Apple's enumeration does: `signature/aak-test-key-reengagement` differs, a MAY difference that an expectations file states."
    ),
    Requirement(
      "SIG-25", .may, .kitDefined, area: .signature,
      "A verifier may read, by the kit's rules, a postback or impression in a shape Apple never sends: an integer written with a fraction (`1.0`, read by value); a field Apple rules out for the version, the interaction or the postback (a 3.0 `source-domain`, a fine and a coarse value together, a view-through re-engagement, a source app, a publisher or four source-identifier digits in a later postback, a losing later postback). Each verifies, or is read, as its signed fields say.",
      source:
        "Apple's postbacks are typed and shaped by storekit/identifying-the-parameters-in-install-validation-postbacks (integers; \"either `conversion-value` or `coarse-conversion-value`, not both\"), storekit/receiving-postbacks-in-multiple-conversion-windows and \(aakMW) (later postbacks carry two digits and no source; \"Nonwinning ad attributions receive only one postback\"), \(aakRCV) (no re-engagement from a view). Apple says nothing of a verifier's answer to another shape: reading it by its signed fields is the kit's choice, and rejecting it follows Apple as well, so the cases are MAY.",
      alternative:
        "Reject shapes Apple never sends (a typed decoder that refuses `1.0`, a schema with the fields each version and window allows): every vector that lists SIG-25 differs, a MAY difference that an expectations file states."
    ),
  ]
}
