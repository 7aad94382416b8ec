import SKANJSON
import SKANModel
import SKANSignatures
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `s2s` suite: HMAC signing, request validation, request building and
/// response parsing.
enum S2SScenarios: SuiteScenarios {
  static let suite = Suite.s2s

  /// The uid, app ID and dev key of the check values in reference/skan-semantics.md, 6b.
  static let uid = "LYPnL-sdJuSwjg-AQ2GTZehc"
  static let appID = "id123456789"
  static let devKey = "dev_key"
  /// A timestamp in milliseconds and the same instant in seconds.
  static let milliseconds = "1603034622000"
  static let seconds = "1603034622"

  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.s2s)
    signing(&b)
    validation(&b)
    building(&b)
    parsing(&b)
    b.add(
      "unknown-op",
      "An unknown op with everything `sign` needs is `invalid-input`; catches a harness that falls back to signing.",
      ["IN-1"], tags: ["bad-input"],
      S2SSuite.Input.object([
        .op: "verify",  // an unknown op: a value under test
        .devKey: .string(devKey), .appID: .string(appID), .uid: .string(uid), .timestamp: "1603034622000",
      ]))
    return b.scenarios
  }

  /// The `op` member naming `operation`.
  static func operation(_ operation: S2SSuite.Operation) -> JSONValue { .string(operation.rawValue) }

  static func sign(
    _ timestamp: String, key: String = devKey, app: String = appID, uid: String = uid, profile: String? = nil
  ) -> JSONValue {
    let input = S2SSuite.Input.object([
      .op: operation(.sign), .timestamp: .string(timestamp), .devKey: .string(key), .appID: .string(app),
      .uid: .string(uid),
    ])
    guard let profile else { return input }
    return input.setting(S2SSuite.Input.profile, .string(profile))
  }

  /// The signature the model gives, used to build inputs (never expected answers); a profile
  /// the model does not know is a broken scenario and stops the generator.
  static func signature(_ timestamp: String, key: String, app: String, uid: String, profile: String? = nil) -> String {
    guard let signing = profile.map(S2SSignatureProfile.init(rawValue:)) ?? .default else {
      preconditionFailure("S2S scenario: unknown signing profile \"\(profile ?? "")\"")
    }
    return signing.sign(timestamp: timestamp, devKey: key, appID: app, uid: uid, crypto: SwiftCrypto()).signature
  }

  private static func signing(_ b: inout ScenarioBuilder) {
    b.add(
      "sign-client-ms",
      "The default profile signs af_timestamp + app_id + uid keyed with the dev key (the 6b check value); catches the README's formula as the default and upper-case hex.",
      ["S2S-1", "S2S-3", "S2S-5"], sign(milliseconds))
    b.add(
      "sign-client-ms-explicit",
      "The profile named `appsflyer-client` is the default one; catches a profile name that is not recognized.",
      ["S2S-1", "S2S-3"], sign(milliseconds, profile: "appsflyer-client"))
    b.add(
      "sign-readme-ms",
      "The README profile puts the dev key into the message too; catches a signer that ignores the profile.",
      ["S2S-2", "S2S-3"], sign(milliseconds, profile: "appsflyer-readme"))
    b.add(
      "sign-client-seconds",
      "The same instant in seconds gives another signature; catches a client that sends seconds, as the README's examples do.",
      ["S2S-1", "S2S-5"], sign(seconds))
    b.add(
      "sign-readme-seconds",
      "The README profile with a seconds timestamp, the README's own reading; shows that both choices change the signature.",
      ["S2S-2", "S2S-5"], sign(seconds, profile: "appsflyer-readme"))
    b.add(
      "sign-empty-uid",
      "An empty uid adds nothing to the message; catches a signer that inserts a placeholder or refuses.", ["S2S-4"],
      sign(milliseconds, uid: ""))
    b.add("sign-empty-app-id", "An empty app_id adds nothing to the message.", ["S2S-4"], sign(milliseconds, app: ""))
    b.add(
      "sign-empty-key",
      "An empty dev key is a valid HMAC key (all zero bytes after padding); catches a signer that crashes or skips the HMAC.",
      ["S2S-4", "S2S-3"], sign(milliseconds, key: ""))
    b.add(
      "sign-empty-key-readme", "The README profile with an empty dev key: the key adds nothing to the message either.",
      ["S2S-2", "S2S-4"], sign(milliseconds, key: "", profile: "appsflyer-readme"))
    b.add(
      "sign-non-ascii-uid",
      "A uid with non-ASCII letters (é, 日本) is signed as UTF-8; catches Latin-1 or UTF-16 encodings and the shipped client's ASCII conversion, which fails.",
      ["S2S-4"], sign(milliseconds, uid: "uid-é-日本"))
    b.add(
      "sign-non-ascii-key", "A dev key with non-ASCII letters is used as its UTF-8 bytes.", ["S2S-4", "S2S-3"],
      sign(milliseconds, key: "clé-ключ"))
    b.add(
      "sign-decomposed-accent",
      "A uid with a decomposed é (e + U+0301) is signed as given, not normalized; catches NFC normalization before signing.",
      ["S2S-4"], sign(milliseconds, uid: "uid-e\u{301}"))
    b.add(
      "sign-whitespace-kept", "Spaces around fields are kept; catches trimming.", ["S2S-4"],
      sign(milliseconds, app: " id123456789 "))
    b.add(
      "sign-key-64-bytes", "A 64-byte key, exactly SHA-256's block size, is used as is.", ["S2S-3"],
      tags: ["edge-exact"], sign(milliseconds, key: String(repeating: "k", count: 64)))
    b.add(
      "sign-key-65-bytes",
      "A 65-byte key is hashed first (RFC 2104); catches an HMAC written by hand that truncates the key.", ["S2S-3"],
      tags: ["edge-exact"], sign(milliseconds, key: String(repeating: "k", count: 65)))
    b.add(
      "sign-key-200-bytes", "A 200-byte key, longer than the block size, is hashed first.", ["S2S-3"],
      sign(milliseconds, key: String(repeating: "0123456789", count: 20)))
    b.add(
      "sign-missing-key", "An input without dev_key is `invalid-input`; catches signing with an empty key by default.",
      ["IN-1"], tags: ["bad-input"],
      S2SSuite.Input.object([
        .op: operation(.sign), .timestamp: .string(milliseconds), .appID: .string(appID), .uid: .string(uid),
      ]))
    b.add(
      "sign-timestamp-number",
      "A timestamp given as a JSON number is `invalid-input`: the signed text is the header's text, so the input gives it as a string.",
      ["IN-1"], tags: ["bad-input"],
      S2SSuite.Input.object([
        .op: operation(.sign), .timestamp: 1_603_034_622_000, .devKey: .string(devKey), .appID: .string(appID),
        .uid: .string(uid),
      ]))
    b.add(
      "sign-unknown-profile", "An unknown profile is `invalid-input`; catches a fall-back to the default.", ["IN-1"],
      tags: ["bad-input"], sign(milliseconds, profile: "appsflyer"))
  }

  static let serverKey = "kit-test-dev-key"
  static let timestamp = "1700000000123"

  static func request(
    app: String? = appID, uid: String? = uid, timestamp: String? = timestamp, signature: String?,
    sdkVersion: Bool = true, timestampHeader: String = "Af-Timestamp", signatureHeader: String = "Authorization"
  ) -> JSONValue {
    // The query's members are AppsFlyer's query parameters, not the suite's members.
    var query: [String: JSONValue] = [:]
    if let app { query["app_id"] = .string(app) }
    if let uid { query["uid"] = .string(uid) }
    if sdkVersion { query["sdk_version"] = "sdk_less" }
    var headers: [String: JSONValue] = [:]
    if let timestamp { headers[timestampHeader] = .string(timestamp) }
    if let signature { headers[signatureHeader] = .string(signature) }
    return S2SSuite.Request.object([.query: .object(query), .headers: .object(headers)])
  }

  static func validate(_ request: JSONValue, profile: String? = nil, busy: Bool = false, known: [String] = [uid])
    -> JSONValue
  {
    var input = S2SSuite.Input.object([
      .op: operation(.validateRequest), .devKey: .string(serverKey), .knownUIDs: .array(known.map { .string($0) }),
      .request: request,
    ])
    if let profile { input = input.setting(S2SSuite.Input.profile, .string(profile)) }
    if busy { input = input.setting(S2SSuite.Input.busy, true) }
    return input
  }

  static func good(_ timestamp: String = timestamp, uid: String = uid, profile: String? = nil) -> String {
    signature(timestamp, key: serverKey, app: appID, uid: uid, profile: profile)
  }

  private static func validation(_ b: inout ScenarioBuilder) {
    let sig = good()
    let tampered = String(sig.dropLast()) + (sig.hasSuffix("0") ? "1" : "0")
    b.add(
      "validate-ok", "A well-signed request for a known uid gets 200 `ok`.", ["S2S-6", "S2S-8", "S2S-1"],
      validate(request(signature: sig)))
    b.add(
      "validate-upper-case-hex",
      "The same signature in upper-case hex gets 200: signatures are compared as bytes; catches a string comparison.",
      ["S2S-9"], tags: ["case"], validate(request(signature: sig.uppercased())))
    b.add(
      "validate-header-names-lower-case",
      "Header names in lower case (`af-timestamp`, `authorization`) are the same headers; catches case-sensitive header lookup.",
      ["S2S-8"], tags: ["case"],
      validate(request(signature: sig, timestampHeader: "af-timestamp", signatureHeader: "authorization")))
    b.add(
      "validate-without-sdk-version", "`sdk_version` is optional; catches a server that requires it.", ["S2S-8"],
      validate(request(signature: sig, sdkVersion: false)))
    b.add(
      "validate-readme-profile", "A server with the README profile accepts a request signed with it.",
      ["S2S-2", "S2S-6"], validate(request(signature: good(profile: "appsflyer-readme")), profile: "appsflyer-readme"))
    b.add(
      "validate-profile-mismatch",
      "A request signed with the client formula, at a server with the README profile, gets 401; catches a server that accepts either formula.",
      ["S2S-2", "S2S-1"], validate(request(signature: sig), profile: "appsflyer-readme"))
    b.add(
      "validate-tampered-signature",
      "The last hex digit of the signature changed: 401 `bad-signature`; catches a server that checks only the signature's form.",
      ["S2S-6"], validate(request(signature: tampered)))
    b.add(
      "validate-signature-for-other-uid",
      "A signature made for another uid, sent with a known uid: 401; catches a server that does not sign the uid it looks up.",
      ["S2S-6"], validate(request(signature: good(uid: "other-uid")), known: [uid, "other-uid"]))
    b.add(
      "validate-signature-other-timestamp",
      "A signature made for another timestamp: 401; catches a server that does not sign the header's timestamp.",
      ["S2S-6"], validate(request(timestamp: "1700000000124", signature: sig)))
    b.add(
      "validate-missing-uid", "No uid: 400 `missing-parameter` naming `uid`.", ["S2S-6", "S2S-7"],
      validate(request(uid: nil, signature: sig)))
    b.add(
      "validate-missing-app-id", "No app_id: 400 naming `app_id`.", ["S2S-6", "S2S-7"],
      validate(request(app: nil, signature: sig)))
    b.add(
      "validate-empty-uid", "An empty uid is missing: 400; catches a server that looks up the empty string (404).",
      ["S2S-7"], validate(request(uid: "", signature: sig)))
    b.add(
      "validate-missing-timestamp", "No Af-Timestamp header: 400 naming `Af-Timestamp`.", ["S2S-7"],
      validate(request(timestamp: nil, signature: sig)))
    b.add(
      "validate-missing-signature", "No Authorization header: 400 naming `Authorization`, not 401.", ["S2S-7"],
      validate(request(signature: nil)))
    b.add(
      "validate-readme-query-form",
      "The README's form, af_timestamp and af_sig in the query, has no headers: 400 naming `Af-Timestamp`.", ["S2S-8"],
      validate(
        S2SSuite.Request.object([
          .query: [
            "app_id": .string(appID), "uid": .string(uid), "af_timestamp": .string(timestamp), "af_sig": .string(sig),
          ], .headers: [:],
        ])))
    let secondsTimestamp = "1700000000"
    b.add(
      "validate-seconds-timestamp",
      "A timestamp in seconds, correctly signed: 400 `malformed-timestamp`; catches a server that accepts the README examples' seconds.",
      ["S2S-5"], validate(request(timestamp: secondsTimestamp, signature: good(secondsTimestamp))))
    b.add(
      "validate-timestamp-fraction",
      "A timestamp written `1700000000123.0`, correctly signed: 400; catches a server that parses it as a number.",
      ["S2S-5"], validate(request(timestamp: "1700000000123.0", signature: good("1700000000123.0"))))
    b.add(
      "validate-timestamp-14-digits", "A 14-digit timestamp (microseconds cut short, or a year after 2286): 400.",
      ["S2S-5"], tags: ["edge-exact"], validate(request(timestamp: "17000000001230", signature: good("17000000001230")))
    )
    b.add(
      "validate-readme-example-signature",
      "The README's 28-character example signature: 400 `malformed-signature`; catches a server that compares prefixes.",
      ["S2S-9", "S2S-3"], validate(request(signature: "b457aca5d23a6cbe512775578201")))
    b.add(
      "validate-signature-non-hex", "A 64-character signature with a non-hex character: 400 `malformed-signature`.",
      ["S2S-9"], validate(request(signature: String(sig.dropLast()) + "g")))
    b.add(
      "validate-unknown-uid", "A well-signed request for an unknown uid: 404 `unknown-uid`.", ["S2S-6"],
      validate(request(uid: "unknown-uid", signature: good(uid: "unknown-uid"))))
    b.add(
      "validate-unknown-uid-bad-signature",
      "An unknown uid with a bad signature: 401, not 404; catches a server that reveals which uids exist.", ["S2S-7"],
      validate(request(uid: "unknown-uid", signature: tampered)))
    b.add(
      "validate-busy", "A busy server answers 503 `server-busy`.", ["S2S-6", "S2S-7"],
      validate(request(signature: sig), busy: true))
    b.add(
      "validate-busy-first", "A busy server answers 503 even to a request without a uid: busy is checked first.",
      ["S2S-7"], validate(request(uid: nil, signature: tampered), busy: true))
    b.add(
      "validate-missing-before-signature",
      "A request without app_id and with a bad signature: 400, the parameters being checked first.", ["S2S-7"],
      validate(request(app: nil, signature: tampered)))
    b.add(
      "validate-header-not-string", "A header value that is not a string is `invalid-input`.", ["IN-1"],
      tags: ["bad-input"],
      validate(
        S2SSuite.Request.object([
          .query: ["app_id": .string(appID), "uid": .string(uid)],
          .headers: ["Af-Timestamp": 1_700_000_000_123, "Authorization": .string(sig)],
        ])))
    b.add(
      "validate-header-twice",
      "The same header named twice in different letter case: 400 `duplicate-header`; catches a server that picks one of two conflicting timestamps.",
      ["S2S-7", "S2S-8"], tags: ["case"],
      validate(
        S2SSuite.Request.object([
          .query: ["app_id": .string(appID), "uid": .string(uid)],
          .headers: [
            "Af-Timestamp": .string(timestamp), "af-timestamp": .string(timestamp), "Authorization": .string(sig),
          ],
        ])))
  }

  private static func building(_ b: inout ScenarioBuilder) {
    func appsFlyer(_ time: JSONValue, profile: String? = nil) -> JSONValue {
      let input = S2SSuite.Input.object([
        .op: operation(.buildRequest), .api: .string(S2SSuite.RequestAPI.appsflyer.rawValue),
        .devKey: .string(serverKey), .appID: .string(appID), .uid: .string(uid), .timestamp: time,
      ])
      guard let profile else { return input }
      return input.setting(S2SSuite.Input.profile, .string(profile))
    }
    let config = S2SSuite.Config.object([
      .apiKey: "kit_api_key", .osVersion: "17.4", .bundleID: "com.example.app", .appVersion: "2.3.1",
      .idfv: "6F9619FF-8B86-D011-B42D-00C04FC964FF", .idfa: "00000000-0000-0000-0000-000000000000",
    ])
    func singular(_ event: String, _ steps: [JSONValue]) -> JSONValue {
      S2SSuite.Input.object([
        .op: operation(.buildRequest), .api: .string(S2SSuite.RequestAPI.singular.rawValue), .config: config,
        .event: .string(event), .steps: .array(steps),
      ])
    }
    // The steps are the lifecycle suite's (Spec/s2s.md).
    func step(
      _ stepOperation: LifecycleSuite.StepOperation, _ time: Int,
      _ members: KeyValuePairs<LifecycleSuite.Step, JSONValue> = [:]
    ) -> JSONValue {
      LifecycleSuite.Step.object(members).setting(LifecycleSuite.Step.at, .integer(time))
        .setting(LifecycleSuite.Step.op, .string(stepOperation.rawValue))
    }
    let t0 = ScenarioTime.t0
    b.add(
      "build-appsflyer",
      "The AppsFlyer request: GET /api/v2.0/conversion-value with app_id, uid and sdk_version in the query, the millisecond timestamp and the signature in headers; catches the README's query form and second timestamps.",
      ["S2S-8", "S2S-1", "S2S-5"], appsFlyer(.integer(t0)))
    b.add(
      "build-appsflyer-readme", "The same request signed with the README profile.", ["S2S-8", "S2S-2"],
      appsFlyer(.integer(t0), profile: "appsflyer-readme"))
    b.add(
      "build-appsflyer-double-time",
      "A time written `1.700000000123e12` is the same millisecond and is sent without a fraction; catches `1.700000000123E12` or `1700000000123.0` in the header.",
      ["S2S-5"], appsFlyer(.double(1.700000000123e12)))
    b.add(
      "build-appsflyer-negative-time", "A negative time is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      appsFlyer(-1))
    b.add(
      "build-singular-fresh",
      "A session request before any step: the fixed keys and no snapshot keys, which have no value yet; catches empty strings for unset keys.",
      ["S2S-10", "S2S-11"], singular("__SESSION__", []))
    b.add(
      "build-singular-after-update",
      "After registration and an update (fine 5, coarse code 1): the snapshot's values as decimal strings, in seconds.",
      ["S2S-10", "S2S-11"],
      singular(
        "purchase",
        [
          step(.register, t0),
          step(
            .serverResponse, ScenarioTime.at(hours: 1),
            [.response: ["conversion_value": 5, "skan_updated_coarse_value": 1, "status": "ok"]]),
        ]))
    b.add(
      "build-singular-revenue",
      "Revenue in two currencies: the revenue objects as compact JSON with sorted keys; catches another key order or number form.",
      ["S2S-11"],
      singular(
        "__SESSION__",
        [
          step(.register, t0),
          step(.revenue, ScenarioTime.at(hours: 1), [.amount: 4.99, .currency: "USD"]),
          step(.revenue, ScenarioTime.at(hours: 2), [.amount: 1200, .currency: "KRW"]),
          step(.revenue, ScenarioTime.at(hours: 3), [.amount: 0.5, .currency: "EUR", .admon: true]),
        ]))
    tracking(&b, config: config)
    b.add(
      "build-singular-missing-config", "A config without idfa is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      S2SSuite.Input.object([
        .op: operation(.buildRequest), .api: .string(S2SSuite.RequestAPI.singular.rawValue),
        .config: S2SSuite.Config.object([.apiKey: "k"]), .event: "__SESSION__", .steps: [],
      ]))
    b.add(
      "build-unknown-api",
      "An unknown api with everything an AppsFlyer request needs is `invalid-input`; catches a fall-back to AppsFlyer.",
      // an unknown api: a value under test
      ["IN-1"], tags: ["bad-input"], appsFlyer(.integer(t0)).setting(S2SSuite.Input.api, "adjust"))
  }

  /// ATT-7: the Singular request's `idfa` follows the ATT gate (metadata.md, "App Tracking
  /// Transparency").
  private static func tracking(_ b: inout ScenarioBuilder, config: JSONValue) {
    let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
    func singular(_ status: String?, consent: Bool = true, idfa: String = idfa) -> JSONValue {
      let input = S2SSuite.Input.object([
        .op: operation(.buildRequest), .api: .string(S2SSuite.RequestAPI.singular.rawValue),
        .config: config.setting(S2SSuite.Config.idfa, .string(idfa)), .event: "__SESSION__", .steps: [],
      ])
      guard let status else { return input }
      // The ATT state is the metadata suite's `att`.
      return input.setting(
        S2SSuite.Input.att, MetadataSuite.ATT.object([.status: .string(status), .consent: .bool(consent)]))
    }
    b.add(
      "build-singular-att-authorized",
      "ATT authorized with consent: the IDFA is sent as `idfa`, exactly as given.", ["S2S-10", "ATT-7", "ATT-1"],
      singular("authorized"))
    b.add(
      "build-singular-att-denied",
      "ATT denied: no `idfa` parameter at all; catches the snippet's habit of always sending the configured IDFA, and sending the zero UUID.",
      ["ATT-7", "ATT-2"], tags: ["privacy"], singular("denied"))
    b.add(
      "build-singular-att-consent-withdrawn", "ATT authorized but consent withdrawn: no `idfa` parameter.",
      ["ATT-7", "ATT-1"], tags: ["privacy"], singular("authorized", consent: false))
    b.add(
      "build-singular-att-unknown", "A real IDFA in the config but no ATT state: no `idfa` parameter.",
      ["ATT-7", "ATT-5"], tags: ["privacy"], singular(nil))
    b.add(
      "build-singular-att-zero-idfa",
      "Authorized with consent but the zero UUID configured: no `idfa` parameter, not the zeros (kit-defined).",
      ["ATT-7", "ATT-3"], singular("authorized", idfa: AdvertisingIdentifier.zero))
    b.add(
      "build-singular-invalid-idfa", "A configured IDFA that is not a UUID is `invalid-idfa`, even when not sent.",
      ["ATT-4"], tags: ["bad-input"], singular("denied", idfa: "IDFA"))
    b.add(
      "build-singular-att-bad-status", "An unknown ATT status is `invalid-input`.", ["IN-1", "ATT-2"],
      tags: ["bad-input"], singular("allowed"))
  }

  private static func parsing(_ b: inout ScenarioBuilder) {
    func parse(_ api: String, _ body: JSONValue) -> JSONValue {
      S2SSuite.Input.object([.op: operation(.parseResponse), .api: .string(api), .body: body])
    }
    func v2(_ members: [String: JSONValue]) -> JSONValue {
      var body: [String: JSONValue] = [
        "value": 63, "coarse_value": "high", "lock": true, "next_w_time": 1_672_147_423, "postback_sequence_index": 2,
      ]
      for (key, value) in members { body[key] = value }
      return parse("appsflyer-v2", .object(body))
    }
    func without(_ key: String) -> JSONValue {
      var body: [String: JSONValue] = [
        "value": 63, "coarse_value": "high", "lock": true, "next_w_time": 1_672_147_423, "postback_sequence_index": 2,
      ]
      body[key] = nil
      return parse("appsflyer-v2", .object(body))
    }
    b.add(
      "parse-af-v1",
      "The README's v1 example `{\"value\": 43}`: fine 43, no coarse, no lock. Kept without a mutant: it is the seed README's own v1 example, the suite's reference point for that format; reading v1 as v2 is caught by `s2s/parse-af-v1-ignores-v2-keys`.",
      ["S2S-12"],
      parse("appsflyer-v1", ["value": 43]))
    b.add(
      "parse-af-v1-ignores-v2-keys", "A v1 response is read for `value` only: a bad coarse_value does not matter.",
      ["S2S-12"], parse("appsflyer-v1", ["value": 1, "coarse_value": "HIGH"]))
    b.add(
      "parse-af-v2-readme", "The README's v2 example with `lock: true` (the README writes `YES`): every field read.",
      ["S2S-12", "S2S-13"], v2([:]))
    b.add(
      "parse-af-v2-minimal", "A v2 response with only `value`: coarse none, lock false, the rest null.",
      ["S2S-12", "S2S-13"], parse("appsflyer-v2", ["value": 0]))
    b.add(
      "parse-af-v2-lock-yes",
      "`lock` as the string \"YES\": `lock-not-boolean`; catches Objective-C boolValue coercion.", ["S2S-13", "VAL-7"],
      v2(["lock": "YES"]))
    b.add(
      "parse-af-v2-lock-integer", "`lock: 1` is `lock-not-boolean` for AppsFlyer (Singular accepts 0/1).",
      ["S2S-13", "VAL-7"], v2(["lock": 1]))
    b.add(
      "parse-af-v2-value-64", "`value: 64` is `fine-out-of-range`; catches clients that pass it to StoreKit.",
      ["S2S-13", "VAL-1"], tags: ["edge-exact"], v2(["value": 64]))
    b.add(
      "parse-af-v2-value-minus-1", "`value: -1` is `fine-out-of-range`.", ["S2S-13", "VAL-1"], tags: ["edge-exact"],
      v2(["value": -1]))
    b.add(
      "parse-af-v2-value-string", "`value: \"42\"` is `fine-not-integer`; catches intValue coercion.",
      ["S2S-13", "VAL-2"], v2(["value": "42"]))
    b.add("parse-af-v2-value-double", "`value: 12.0` is 12.", ["S2S-13", "VAL-2"], v2(["value": 12.0]))
    b.add(
      "parse-af-v2-value-fraction", "`value: 12.5` is `fine-not-integer`; catches truncation.", ["S2S-13", "VAL-2"],
      v2(["value": 12.5]))
    b.add("parse-af-v2-value-absent", "No `value` is `fine-not-integer`, not fine 0.", ["S2S-13"], without("value"))
    b.add(
      "parse-af-v2-coarse-upper-case", "`coarse_value: \"HIGH\"` is `coarse-unknown`.", ["S2S-13", "VAL-3", "VAL-8"],
      tags: ["case"], v2(["coarse_value": "HIGH"]))
    b.add(
      "parse-af-v2-coarse-code", "`coarse_value: 2` (a Singular code) is `coarse-unknown`: AppsFlyer sends names.",
      ["S2S-13", "VAL-3", "VAL-8"], v2(["coarse_value": 2]))
    b.add(
      "parse-af-v2-coarse-absent", "No coarse_value: coarse null, the rest applied.", ["S2S-13"],
      without("coarse_value"))
    b.add(
      "parse-af-v2-psi-3", "`postback_sequence_index: 3` is `invalid-sequence-index`.", ["S2S-13"],
      tags: ["edge-exact"], v2(["postback_sequence_index": 3]))
    b.add(
      "parse-af-v2-psi-string", "`postback_sequence_index: \"1\"` is `invalid-sequence-index`.", ["S2S-13"],
      v2(["postback_sequence_index": "1"]))
    b.add(
      "parse-af-v2-psi-0", "`postback_sequence_index: 0` with `next_w_time: 0`: a SKAN 3-style answer, read as given.",
      ["S2S-13"], tags: ["edge-exact"], v2(["postback_sequence_index": 0, "next_w_time": 0]))
    b.add(
      "parse-af-v2-window-1",
      "`postback_sequence_index: 1` with value 40 and coarse low: window 1, `fine_applies` false: only the coarse value and the lock apply there (SKN-1); catches clients that pass a later window's fine value on, or take the index for a window counted from 1.",
      ["S2S-15", "SKN-1"], v2(["postback_sequence_index": 1, "value": 40, "coarse_value": "low"]))
    b.add(
      "parse-af-v2-window-0",
      "`postback_sequence_index: 0` with `next_w_time` set: window 0, the fine value applies; catches clients that ignore fine values whenever an index is given.",
      ["S2S-15"], tags: ["edge-exact"], v2(["postback_sequence_index": 0]))
    b.add(
      "parse-af-v2-window-null",
      "`postback_sequence_index: null`: no window named, `window` and `fine_applies` null, the client's own window decides; catches clients that read a missing index as window 0.",
      ["S2S-15"], v2(["postback_sequence_index": nil]))
    b.add(
      "parse-af-v2-next-negative", "`next_w_time: -1` is `invalid-window-time`.", ["S2S-13"], v2(["next_w_time": -1]))
    b.add(
      "parse-af-v2-next-fraction", "`next_w_time: 1672147423.5` is `invalid-window-time`.", ["S2S-13"],
      v2(["next_w_time": 1_672_147_423.5]))
    b.add(
      "parse-af-v2-order",
      "`value: 64` with `postback_sequence_index: 3`: `fine-out-of-range`, the fields being checked in order.",
      ["S2S-13"], v2(["value": 64, "postback_sequence_index": 3]))
    b.add(
      "parse-af-v2-body-array", "A body that is an array is `malformed-response`.", ["S2S-13"],
      parse("appsflyer-v2", [63]))
    b.add(
      "parse-af-v1-body-string",
      "A body that is a string (the README's `YES` makes the real body unparseable) is `malformed-response`.",
      ["S2S-13"], parse("appsflyer-v1", "{\"value\": 63, \"lock\": YES}"))
    b.add(
      "parse-singular-update", "Singular: conversion_value 21, coarse code 1, lock true: fine 21, coarse medium, lock.",
      ["S2S-14"],
      parse(
        "singular",
        [
          "conversion_value": 21, "skan_updated_coarse_value": 1, "skan_updated_lock_window_value": true,
          "status": "ok",
        ]))
    b.add(
      "parse-singular-lock-integer", "Singular: lock given as 1 locks, as the snippet reads it.", ["S2S-14"],
      parse("singular", ["conversion_value": 3, "skan_updated_lock_window_value": 1, "status": "ok"]))
    b.add(
      "parse-singular-no-value", "Singular: status ok without a value: nothing to apply.", ["S2S-14"],
      parse("singular", ["status": "ok"]))
    b.add(
      "parse-singular-error",
      "Singular: status error with a reason is `server-error`; the reason is for people, in the message only (S2S-16).",
      ["S2S-14", "S2S-16"],
      parse("singular", ["status": "error", "reason": "Invalid API key"]))
    b.add(
      "parse-singular-coarse-3",
      "Singular: coarse code 3 is `coarse-code-out-of-range`; the snippet's check misses it.", ["S2S-14", "VAL-5"],
      tags: ["snippet-bug"], parse("singular", ["conversion_value": 3, "skan_updated_coarse_value": 3, "status": "ok"]))
    b.add(
      "parse-singular-coarse-fraction", "Singular: coarse code 1.5 is `coarse-code-not-integer`.", ["S2S-14", "VAL-5"],
      parse("singular", ["conversion_value": 3, "skan_updated_coarse_value": 1.5, "status": "ok"]))
    b.add(
      "parse-singular-fine-64", "Singular: conversion_value 64 is `fine-out-of-range`.", ["S2S-14", "VAL-1"],
      tags: ["edge-exact"], parse("singular", ["conversion_value": 64, "status": "ok"]))
    b.add(
      "parse-singular-null-body", "Singular: a body that is null is `malformed-response`.", ["S2S-14", "S2S-13"],
      parse("singular", nil))
    b.add(
      "parse-missing-body", "An input without `body` is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      S2SSuite.Input.object([.op: operation(.parseResponse), .api: .string(S2SSuite.ResponseAPI.singular.rawValue)]))
    b.add(
      "parse-unknown-api", "An unknown api is `invalid-input`.", ["IN-1"], tags: ["bad-input"],
      parse("appsflyer-v3", ["value": 1]))
  }
}

/// The s2s suite's scenarios (its part in vector generation).
extension S2SSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { S2SScenarios.self }
}
