import SKANJSON
import SKANModel
import SKANSuiteCodecs
import Testing

/// One bad input and the exact error the reference gives for it.
struct PinnedError: CustomTestStringConvertible, Sendable {
  /// What the case pins, shown as the test argument.
  let name: String
  let suite: Suite
  /// The input, as JSON text.
  let input: String
  let code: String
  let message: String

  var testDescription: String { name }
}

/// Pins the exact text of the errors the codecs produce, so that moving names into enums or
/// reading JSON through another reader cannot reword them unseen.
/// Messages are not in `Vectors/`, so no vector would notice.
@Suite("Pinned error messages")
struct ErrorMessagePinTests {
  /// Every "is not a, b or c" list the codecs and the model spell
  /// (`grep -rnE 'is not [A-Za-z0-9/_.-]+,? ?(or|,) ' Sources/SKANSuiteCodecs Sources/SKANModel`).
  static let choiceLists: [PinnedError] = [
    PinnedError(
      name: "ValuesSuite op", suite: .values, input: #"{"op": "fin"}"#, code: "invalid-input",
      message: #"input.op "fin" is not fine, coarse, coarse-code, synthesize-fine, lock or timeline"#),
    PinnedError(
      name: "SignatureSuite op", suite: .signature, input: #"{"op": "verify"}"#, code: "invalid-input",
      message:
        #"input.op "verify" is not verify-postback, impression-signed-string, verify-impression, verify-aak-postback, verify-aak-impression or aak-impression-signing-input"#
    ),
    PinnedError(
      name: "S2SSuite op", suite: .s2s, input: #"{"op": "signs"}"#, code: "invalid-input",
      message: #"input.op "signs" is not sign, validate-request, build-request or parse-response"#),
    PinnedError(
      name: "LifecycleStepDecoder op", suite: .lifecycle,
      input: #"{"steps": [{"at": 0, "op": "register"}, {"at": 1000, "op": "install"}]}"#, code: "invalid-input",
      message: #"input.steps[1].op "install" is not register, server-response or revenue"#),
    PinnedError(
      name: "AttributionSuite op", suite: .attribution, input: #"{"op": "routes"}"#, code: "invalid-input",
      message: #"input.op "routes" is not attribute or route"#),
    PinnedError(
      name: "AttributionSuite kind", suite: .attribution,
      input: #"{"op": "route", "conversions": [{"kind": "reinstall", "id": "a", "at": 0}], "updates": []}"#,
      code: "invalid-input", message: #"input.conversions[0]: "reinstall" is not install or re-engagement"#),
    PinnedError(
      name: "PostbackSuite conversion_type", suite: .postback,
      input: #"{"framework": "skadnetwork", "interaction": "click", "conversion_type": "install"}"#,
      code: "invalid-input", message: #"input.conversion_type "install" is not download, redownload or re-engagement"#
    ),
    PinnedError(
      name: "ImpressionSigning kind", suite: .signature,
      input: #"{"op": "impression-signed-string", "kind": "rendered", "impression": {}}"#, code: "invalid-input",
      message: #"input.kind "rendered" is not storekit-rendered, view-through or web"#),
    PinnedError(
      name: "S2SResponseParsing api", suite: .s2s, input: #"{"op": "parse-response", "api": "appsflyer", "body": {}}"#,
      code: "invalid-input", message: #"input.api "appsflyer" is not appsflyer-v1, appsflyer-v2 or singular"#),
    PinnedError(
      name: "S2SRequestBuilding api", suite: .s2s, input: #"{"op": "build-request", "api": "appsflyer-v2"}"#,
      code: "invalid-input", message: #"input.api "appsflyer-v2" is not appsflyer or singular"#),
    PinnedError(
      name: "CoarseValue", suite: .values, input: #"{"op": "coarse", "value": "med"}"#, code: "coarse-unknown",
      message: #"coarse value "med" is not low, medium or high"#),
    PinnedError(
      name: "MetadataContract boolean", suite: .metadata,
      input: #"{"ios_version": "17.4", "metadata": {"skan_conversion_value": "5", "skan_lock_window": "maybe"}}"#,
      code: "invalid-boolean", message: #"skan_lock_window "maybe" is not true/false, yes/no or 1/0"#),
    PinnedError(
      name: "MetadataContract overlay position", suite: .metadata,
      input: #"{"ios_version": "17.4", "metadata": {"skoverlay_app_id": "123", "skoverlay_position": "top"}}"#,
      code: "invalid-overlay-position", message: #"skoverlay_position "top" is not bottom or bottomRaised"#),
  ]

  /// The shape errors of `InputReader` (Sources/SKANSuiteCodecs/InputReader.swift), one per kind of
  /// read, each reached through a suite.
  static let shapes: [PinnedError] = [
    PinnedError(
      name: "not an object", suite: .window, input: #"[1]"#, code: "invalid-input",
      message: "input must be an object, not array"),
    PinnedError(
      name: "nested not an object", suite: .values, input: #"{"op": "timeline", "t0": 0, "updates": [{"at": 0}, 7]}"#,
      code: "invalid-input", message: "input.updates[1] must be an object, not integer"),
    PinnedError(
      name: "missing timestamp", suite: .window, input: #"{"at": 0}"#, code: "invalid-input",
      message: "input.t0 is missing"),
    PinnedError(
      name: "mistyped timestamp", suite: .window, input: #"{"t0": "0", "at": 0}"#, code: "invalid-input",
      message: "input.t0 must be an integer (Unix milliseconds), not string"),
    PinnedError(
      name: "fractional timestamp", suite: .window, input: #"{"t0": 0, "at": 1.5}"#, code: "invalid-input",
      message: "input.at must be an integer (Unix milliseconds), not number"),
    PinnedError(
      name: "timestamp out of range", suite: .window, input: #"{"t0": 0, "at": 9007199254740992}"#,
      code: "invalid-input", message: "input.at 9007199254740992 is outside ±(2^53 - 1) milliseconds"),
    PinnedError(
      name: "profile", suite: .window, input: #"{"profile": "dev", "t0": 0, "at": 0}"#, code: "invalid-input",
      message: #"input.profile must be "production" or "aak-developer", not "dev""#),
    PinnedError(
      name: "profile not a string", suite: .window, input: #"{"profile": 1, "t0": 0, "at": 0}"#,
      code: "invalid-input", message: #"input.profile must be "production" or "aak-developer", not 1"#),
    PinnedError(
      name: "missing string", suite: .values, input: #"{}"#, code: "invalid-input", message: "input.op is missing"),
    PinnedError(
      name: "mistyped string", suite: .values, input: #"{"op": null}"#, code: "invalid-input",
      message: "input.op must be a string, not null"),
    PinnedError(
      name: "missing array", suite: .lifecycle, input: #"{}"#, code: "invalid-input",
      message: "input.steps is missing"),
    PinnedError(
      name: "mistyped array", suite: .lifecycle, input: #"{"steps": {}}"#, code: "invalid-input",
      message: "input.steps must be an array, not object"),
    PinnedError(
      name: "mistyped object", suite: .metadata, input: #"{"ios_version": "17.4", "metadata": []}"#,
      code: "invalid-input", message: "input.metadata must be an object, not array"),
    PinnedError(
      name: "missing object", suite: .metadata, input: #"{"ios_version": "17.4"}"#, code: "invalid-input",
      message: "input.metadata is missing"),
    PinnedError(
      name: "mistyped boolean", suite: .lifecycle,
      input: #"{"steps": [{"at": 0, "op": "revenue", "amount": 1, "currency": "USD", "admon": "yes"}]}"#,
      code: "invalid-input", message: "input.steps[0].admon must be a boolean, not string"),
    PinnedError(
      name: "missing member read raw", suite: .lifecycle,
      input: #"{"steps": [{"at": 0, "op": "revenue", "currency": "USD"}]}"#, code: "invalid-input",
      message: "input.steps[0].amount is missing"),
    PinnedError(
      name: "mistyped optional string", suite: .metadata,
      input: #"{"ios_version": "17.4", "metadata": {}, "idfa": 5}"#, code: "invalid-input",
      message: "input.idfa must be a string or null, not integer"),
    PinnedError(
      name: "choice", suite: .postback, input: #"{"framework": "skan", "interaction": "click"}"#,
      code: "invalid-input", message: #"input.framework "skan" is not one of skadnetwork, adattributionkit"#),
    PinnedError(
      name: "choice not a string", suite: .postback, input: #"{"framework": "skadnetwork", "interaction": 2}"#,
      code: "invalid-input", message: "input.interaction must be a string, not integer"),
    PinnedError(
      name: "tracking status", suite: .metadata,
      input: #"{"ios_version": "17.4", "metadata": {}, "att": {"status": "granted", "consent": true}}"#,
      code: "invalid-input",
      message: #"input.att.status "granted" is not one of notDetermined, restricted, denied, authorized"#),
    PinnedError(
      name: "tracking consent missing", suite: .metadata,
      input: #"{"ios_version": "17.4", "metadata": {}, "att": {"status": "denied"}}"#, code: "invalid-input",
      message: "input.att.consent is missing"),
    PinnedError(
      name: "tracking consent mistyped", suite: .metadata,
      input: #"{"ios_version": "17.4", "metadata": {}, "att": {"status": "denied", "consent": "no"}}"#,
      code: "invalid-input", message: "input.att.consent must be a boolean, not string"),
    PinnedError(
      name: "tracking not an object", suite: .metadata,
      input: #"{"ios_version": "17.4", "metadata": {}, "att": "denied"}"#, code: "invalid-input",
      message: "input.att must be an object, not string"),
    PinnedError(
      name: "mistyped integer", suite: .postback,
      input:
        #"{"framework": "skadnetwork", "interaction": "click", "t0": 0, "updates": [], "tiers": [], "ad": {"ad_network_id": "x", "source_identifier": "12"}, "postback_ids": []}"#,
      code: "invalid-input", message: "input.ad.source_identifier must be an integer, not string"),
    PinnedError(
      name: "mistyped optional integer", suite: .postback,
      input:
        #"{"framework": "skadnetwork", "interaction": "click", "t0": 0, "updates": [], "tiers": [], "ad": {"ad_network_id": "x", "source_identifier": 12, "advertised_app_id": 1, "source_app_id": "1"}, "postback_ids": []}"#,
      code: "invalid-input", message: "input.ad.source_app_id must be an integer or null, not string"),
    PinnedError(
      name: "missing integer in an array element", suite: .postback,
      input:
        #"{"framework": "skadnetwork", "interaction": "click", "t0": 0, "updates": [], "tiers": [{"2": 0, "3": 0, "4": 0}, {"2": 0, "4": 0}]}"#,
      code: "invalid-input", message: "input.tiers[1].3 is missing"),
  ]

  @Test("every \"is not a, b or c\" message, word for word", arguments: choiceLists)
  func choiceList(pinned: PinnedError) throws {
    try check(pinned)
  }

  @Test("InputReader's shape messages, word for word", arguments: shapes)
  func shape(pinned: PinnedError) throws {
    try check(pinned)
  }

  private func check(_ pinned: PinnedError) throws {
    let input = try JSONParser.parse(pinned.input)
    let result = pinned.suite.evaluate(input)
    guard case .error(let code, let message) = result else {
      Issue.record("\(pinned.name): expected error \(pinned.code), got \(result)")
      return
    }
    #expect(code == pinned.code, "\(pinned.name): code \(code) (\(message))")
    #expect(message == pinned.message, "\(pinned.name): message")
  }
}
