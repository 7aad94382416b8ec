import SKANJSON
import SKANModel
import SKANSuites

/// AdAttributionKit postback verifiers that skip or reorder payload checks (SIG-15 to SIG-17).
extension MutantCatalog {
  /// The payload rules a flawed verifier applies.
  struct PayloadRules: Sendable {
    /// Fields it never reads: no presence, type or value check.
    var ignored: Set<String> = []
    /// Whether it checks the JSON type of the fields it reads.
    var checksTypes = true
    /// The sequence indexes it accepts.
    var indexes: ClosedRange<Int> = AdAttributionKitSignature.sequenceIndexes
    /// Whether it accepts any `conversion-type` string.
    var anyConversionType = false
  }

  static let adAttributionKit: [Mutant] =
    AdAttributionKitSignature.postbackFields.map { field in
      payloadMutant(
        "aak-ignores-\(field.name)", "Never checks the AdAttributionKit payload's \(field.name) (SIG-16, SIG-17).",
        PayloadRules(ignored: [field.name]))
    } + [
      payloadMutant(
        "aak-payload-types-unchecked",
        "Checks that the AdAttributionKit payload's fields are present but not their JSON types (SIG-16).",
        PayloadRules(checksTypes: false)),
      payloadMutant(
        "aak-psi-negative-accepted", "Checks only that postback-sequence-index is at most 2 (SIG-17).",
        PayloadRules(indexes: Int.min...2)),
      payloadMutant(
        "aak-any-conversion-type", "Accepts any conversion-type string, install included (SIG-17).",
        PayloadRules(anyConversionType: true)),
      Mutant(
        "aak-payload-before-signature", .signature,
        "Checks the AdAttributionKit payload's fields and values before the signature (steps 6 and 7 before 5).",
        output: { output, input in
          guard output["reason"] == "bad-signature" || output["reason"] == "malformed-signature",
            let rejection = payloadRejection(input, PayloadRules())
          else { return output }
          return output.setting("reason", .string(rejection))
        }),
      Mutant(
        "aak-payload-before-key-lookup", .signature,
        "Checks the AdAttributionKit payload as soon as the JWS is split, before the key lookup and the signature.",
        output: { output, input in
          guard let reason = output["reason"]?.stringValue,
            ["unknown-kid", "bad-signature", "malformed-signature"].contains(reason),
            let rejection = payloadRejection(input, PayloadRules())
          else { return output }
          return output.setting("verdict", "rejected").setting("reason", .string(rejection))
        }),
    ]

  /// A mutant that judges a verified JWS's payload by `rules`.
  static func payloadMutant(_ id: String, _ summary: String, _ rules: PayloadRules) -> Mutant {
    Mutant(
      id, .signature, summary,
      output: { output, input in
        // Only answers of the payload steps (6 and 7) change: the signature has verified.
        guard let reason = output["reason"]?.stringValue,
          ["ok", "missing-field", "wrong-type", "invalid-value"].contains(reason),
          output["signing_input"]?.stringValue != nil, let payload = aakPayload(input)
        else { return output }
        if let reason = payloadReason(payload, rules) {
          return output.setting("verdict", "rejected").setting("reason", .string(reason)).setting(
            "conversion_type", .null)
        }
        let type = payload["conversion-type"]?.stringValue
        let normalized = type.flatMap(PostbackScenario.ConversionType.init(spelling:))?.rawValue ?? type
        return output.setting("verdict", "verified").setting("reason", "ok").setting(
          "conversion_type", .optional(normalized))
      })
  }

  /// The decoded payload of a `verify-aak-postback` input's JWS.
  static func aakPayload(_ input: JSONValue) -> [String: JSONValue]? {
    guard input["op"] == "verify-aak-postback", let jws = input["postback"]?["jws-string"]?.stringValue,
      case .success(let parsed) = CompactJWS.parse(jws)
    else { return nil }
    return parsed.payload
  }

  /// The reason a verifier with `rules` rejects the input's payload, `nil` when it does not.
  static func payloadRejection(_ input: JSONValue, _ rules: PayloadRules) -> String? {
    aakPayload(input).flatMap { payloadReason($0, rules) }
  }

  /// The first payload rejection under `rules`, in the Spec's order (steps 6 and 7).
  static func payloadReason(_ payload: [String: JSONValue], _ rules: PayloadRules) -> String? {
    for field in AdAttributionKitSignature.postbackFields where !rules.ignored.contains(field.name) {
      guard let value = payload[field.name] else {
        if field.optional { continue }
        return "missing-field"
      }
      if rules.checksTypes && field.kind.signedText(of: value) == nil { return "wrong-type" }
    }
    if !rules.ignored.contains("conversion-type") && !rules.anyConversionType {
      guard payload["conversion-type"]?.stringValue.flatMap(PostbackScenario.ConversionType.init(spelling:)) != nil
      else { return "invalid-value" }
    }
    if !rules.ignored.contains("postback-sequence-index") {
      guard let index = payload["postback-sequence-index"]?.exactInteger, rules.indexes.contains(index) else {
        return "invalid-value"
      }
    }
    return nil
  }
}
