extension RequirementCatalog {
  static let afReadme = "Seed: appsflyer-sdkless-s2s-readme.md"
  static let afHistory =
    "the public git history of AppsFlyerSDK/appsflyer-sdkless-skadnetwork-client (reference/skan-semantics.md, section 6b)"

  /// Requirements of `Spec/s2s.md`.
  static let s2s: [Requirement] = [
    Requirement(
      "S2S-1", .must, .kitDefined, area: .s2s,
      "The default signing profile, `appsflyer-client`, signs the text `af_timestamp + app_id + uid` with HMAC-SHA256 keyed with the dev key.",
      source:
        "The shipped client has always signed this text, and the README was corrected to it in April 2025 (\(afHistory)); servers check what clients send.",
      alternative:
        "The seed README's older text, profile `appsflyer-readme` (S2S-2): every `appsflyer-client` signing vector gives another signature under it."
    ),
    Requirement(
      "S2S-2", .must, .seed, area: .s2s,
      "The profile `appsflyer-readme` signs `af_timestamp + DevKey + app_id + uid` with HMAC-SHA256 keyed with the dev key.",
      source:
        "\(afReadme) (\"HmacSHA256(af_timestamp + DevKey + app_id + uid)\", \"uses the DevKey as the signature's secret key\")"
    ),
    Requirement(
      "S2S-3", .must, .kitDefined, area: .s2s,
      "A signature is HMAC-SHA256 (RFC 2104) written as 64 lower-case hex digits; a key longer than SHA-256's 64-byte block is hashed first, as RFC 2104 says.",
      source:
        "The README says only \"HMAC SHA256\"; its example `af_sig=b457aca5d23a6cbe512775578201` has 28 characters, not the length of any SHA-256 digest; the shipped client writes lower-case hex (\(afHistory)).",
      alternative:
        "A shorter or upper-case signature like the README's example; no HMAC-SHA256 hex digest has 28 characters."),
    Requirement(
      "S2S-4", .must, .kitDefined, area: .s2s,
      "The fields are concatenated verbatim, without separators, trimming or case changes; an empty field adds nothing; text is signed as its UTF-8 bytes, non-ASCII included, and so is the key.",
      source:
        "The README defines the text as a concatenation; the shipped client converts key and message as ASCII C strings, so non-ASCII input fails there and a NUL truncates (\(afHistory)).",
      alternative:
        "Refuse non-ASCII input as the shipped client does: such a signer fails the non-ASCII signing vectors."),
    Requirement(
      "S2S-5", .must, .kitDefined, area: .s2s,
      "`af_timestamp` is Unix milliseconds in decimal without a fraction; a server answers 400 `malformed-timestamp` for a value that is not exactly 13 ASCII digits.",
      source:
        "The shipped client sends milliseconds since v1.1.0 (2021) (\(afHistory)); the README says \"current time in miliseconds\" but its examples carry seconds (`1603034622`).",
      alternative:
        "Seconds, as in the README's examples: the same request then has another signature, and a 10-digit timestamp is refused."
    ),
    Requirement(
      "S2S-6", .must, .seed, area: .s2s,
      "The conversion-value API answers 200 with the value, 400 for a request with parameters or headers missing or malformed, 401 for an invalid signature, 404 for an unknown or expired uid, 503 when busy; the kit reports the status with a stable reason code.",
      source: "\(afReadme) (\"Response codes\")"),
    Requirement(
      "S2S-7", .must, .kitDefined, area: .s2s,
      "A server checks in this order and answers the first failure: busy (503 `server-busy`); `Af-Timestamp` or `Authorization` given twice, names compared without regard to case (400 `duplicate-header`); `app_id`, `uid`, `Af-Timestamp`, `Authorization` present and not empty (400 `missing-parameter`, naming it); timestamp and signature well-formed (400); the signature (401 `bad-signature`); the uid (404 `unknown-uid`).",
      source:
        "The README gives the codes but no order. The signature comes before the uid so that a caller without the dev key learns nothing about which uids exist.",
      alternative: "Look the uid up first (404 before 401), which lets anyone probe for uids."),
    Requirement(
      "S2S-8", .must, .kitDefined, area: .s2s,
      "The request is `GET /api/v2.0/conversion-value` with the query parameters `app_id`, `uid` and `sdk_version=sdk_less`, and the headers `Af-Timestamp` (milliseconds) and `Authorization` (the signature); header names are matched without regard to letter case, `sdk_version` is optional.",
      source:
        "The current client (\(afHistory)); the README shows the older form with `af_timestamp` and `af_sig` in the query.",
      alternative:
        "The README's query form: such a request has no `Af-Timestamp` header and gets 400 `missing-parameter`."),
    Requirement(
      "S2S-9", .must, .kitDefined, area: .s2s,
      "A server compares the signature in constant time over the decoded bytes, so hex digits of either letter case are accepted; a value that is not 64 hex digits is 400 `malformed-signature`.",
      source:
        "A byte-by-byte string comparison that stops at the first difference leaks the signature through timing; comparing bytes makes the letter case irrelevant.",
      alternative: "Compare the hex strings, which refuses an upper-case signature with 401."),
    Requirement(
      "S2S-10", .must, .seed, area: .s2s,
      "A Singular S2S request is a GET of `https://sdk-api-v1.singular.net/api/v2/conversion_value` with `a` (API key), `v` (OS version), `i` (bundle ID), `app_v`, `n` (event name, `__SESSION__` for a session), `p` (`iOS`), `idfv`, `idfa` when the ATT gate forwards it (ATT-7), and every key of the lifecycle snapshot (LIF-2) that has a value.",
      source: "\(singular) (`prepareQueryParams`, `getSkanDetails`, `SESSION_EVENT_NAME`)"),
    Requirement(
      "S2S-11", .must, .kitDefined, area: .s2s,
      "In the Singular query, snapshot integers are written in decimal and revenue objects as compact JSON with sorted keys (numbers as in Spec/README.md, Canonical JSON); keys without a value are left out.",
      source:
        "The snippet uses `stringValue` and `NSJSONSerialization`, whose key order is unspecified; `setValue:nil` leaves a key out.",
      alternative:
        "Another key order or number form for the revenue objects, which the server reads as the same JSON but the vectors compare as text."
    ),
    Requirement(
      "S2S-12", .must, .seed, area: .s2s,
      "An AppsFlyer v1 response carries the fine value in `value`; a v2 response adds `coarse_value` (`low`, `medium`, `high`), `lock`, `next_w_time` (Unix seconds) and `postback_sequence_index`.",
      source: "\(afReadme) (Examples 1 and 2); the response keys of the client (\(afHistory))"),
    Requirement(
      "S2S-13", .must, .kitDefined, area: .s2s,
      "An AppsFlyer response is checked in the order `value` (VAL-1, VAL-2; absent is `fine-not-integer`), `coarse_value` (VAL-3; absent or null is none), `lock` (a JSON boolean, VAL-7; absent is false), `next_w_time` (a non-negative integer, else `invalid-window-time`), `postback_sequence_index` (0, 1 or 2, else `invalid-sequence-index`); a body that is not a JSON object is `malformed-response`.",
      source:
        "The README's Example 2 writes `\"lock\": YES`, which is not JSON; the client reads values with Objective-C accessors that coerce any type.",
      alternative:
        "Coerce like the client (`YES`, `\"1\"` or `1` as true, a string value as its number): every type vector fails."
    ),
    Requirement(
      "S2S-14", .must, .seed, area: .s2s,
      "A Singular response is read as the lifecycle suite reads it: `conversion_value` (VAL-1, VAL-2), `skan_updated_coarse_value` a code 0 to 2 (VAL-5), `skan_updated_lock_window_value` a boolean or 0/1; without a value, `status: \"ok\"` means no update and anything else is `server-error`.",
      source: "\(singular) (`getConversionValueFromServer`); LIF-3, LIF-4"),
    Requirement(
      "S2S-15", .must, .kitDefined, area: .s2s,
      "The update says which conversion window it is for and whether its fine value applies: `window` is an AppsFlyer v2 `postback_sequence_index` (0 the first window, 1 the second, 2 the third); in windows 1 and 2 `fine_applies` is false, because SKAdNetwork ignores a fine value after the first window (SKN-1) and only the coarse value and the lock apply there. Without an index (v1, Singular, an absent or null index) both are null and the client's own current window decides.",
      source:
        "The README's Example 2 answers `value` 63 with `postback_sequence_index` 2; the client treats a response with `postback_sequence_index > 0 || next_w_time > 0` as SKAdNetwork 4 (\(afHistory)); Apple ignores the fine value after the first window (SKN-1).",
      alternative:
        "Report `fine` and the index only and leave the rule to the reader, as the kit did before: a reader of the output alone then sees fine 63 for the third window."
    ),
    Requirement(
      "S2S-16", .must, .kitDefined, area: .s2s,
      "The `reason` of a Singular reply without a value is not part of the answer: the answer is the error `server-error`, whose message may carry the reason for people and is never compared.",
      source:
        "The snippet logs the reason and changes nothing (\(singular), `getConversionValueFromServer`); the reasons a server sends are free text.",
      alternative:
        "Answer an output with the reason as a member: implementations would then have to reproduce the server's free text to pass."
    ),
  ]
}
