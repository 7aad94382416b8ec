import Crypto
import SKANJSON
import SKANModel
import SKANSuites
import SKANVocabulary

private typealias Input = SignatureSuite.Input
private typealias Output = SignatureSuite.Output
private typealias Op = SignatureSuite.Operation
private typealias AAKPostback = SignatureSuite.AAKPostback

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
          guard output[Output.reason] == "bad-signature" || output[Output.reason] == "malformed-signature",
            let rejection = payloadRejection(input, PayloadRules())
          else { return output }
          return output.setting(Output.reason, .string(rejection))
        }),
      Mutant(
        "aak-payload-before-key-lookup", .signature,
        "Checks the AdAttributionKit payload as soon as the JWS is split, before the key lookup and the signature.",
        output: { output, input in
          guard let reason = output[Output.reason]?.stringValue,
            ["unknown-kid", "bad-signature", "malformed-signature"].contains(reason),
            let rejection = payloadRejection(input, PayloadRules())
          else { return output }
          return output.setting(Output.verdict, "rejected").setting(Output.reason, .string(rejection))
        }),
    ] + adAttributionKitInputs

  /// AdAttributionKit verifiers and impression signers that read the JWS, its keys or an
  /// impression's payload the wrong way (SIG-13 to SIG-18).
  /// The input with its JWS text transformed: the postback's `jws-string` for
  /// `verify-aak-postback`, `jws` for `verify-aak-impression`; other inputs unchanged.
  static func jwsText(_ input: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    switch input[Input.op]?.stringValue {
    case Op.verifyAAKPostback.rawValue:
      return input.updating(Input.postback) { $0.updating(AAKPostback.jwsString, transform) }
    case Op.verifyAAKImpression.rawValue: return input.updating(Input.jws, transform)
    default: return input
    }
  }

  static let adAttributionKitInputs: [Mutant] = [
    Mutant(
      "aak-jws-string-typed", .signature,
      "Decodes the postback with a typed decoder: a missing or non-string jws-string fails the whole input, invalid-input, instead of the verdict rejected (SIG-16).",
      input: { input in
        guard input[Input.op] == .string(Op.verifyAAKPostback.rawValue), let postback = input[Input.postback],
          postback.objectValue != nil,
          postback[AAKPostback.jwsString]?.stringValue == nil
        else { return input }
        return thrown(input)
      }),
    Mutant(
      "aak-payload-typed-decoder", .signature,
      "Decodes the AdAttributionKit payload into a struct (conversion-type an enum) as soon as the JWS is split, before the key and the signature: a field missing or of the wrong type, or an unknown conversion-type, fails the whole input, invalid-input.",
      input: { input in
        guard let payload = aakPayload(input), payloadReason(payload, PayloadRules(indexes: Int.min...Int.max)) != nil
        else { return input }
        return thrown(input)
      }),
    Mutant(
      "aak-unused-keys-unchecked", .signature,
      "Reads only the key for the JWS's kid: a malformed key under another kid goes unnoticed.",
      error: { code, input in
        guard code == ModelError.Code.invalidInput.rawValue, input[Input.op] == .string(Op.verifyAAKPostback.rawValue),
          let keys = input[Input.keys]?.objectValue
        else { return nil }
        let jws = input[Input.postback]?[AAKPostback.jwsString]?.stringValue ?? ""
        let kid: String? = if case .success(let parsed) = CompactJWS.parse(jws) { parsed.kid } else { nil }
        let read = keys.filter { entry in
          entry.key == kid || entry.value.stringValue.flatMap { try? crypto.p256PublicKey(spkiBase64: $0) } != nil
        }
        guard read.count < keys.count else { return nil }
        return Suite.signature.evaluate(input.setting(Input.keys, .object(read)))
      }),
    Mutant(
      "aak-malformed-jws-thrown", .signature,
      "Lets a JWS it cannot split or decode throw: invalid-input, with no signing input, instead of the verdict rejected, malformed-jws (SIG-14).",
      input: { input in
        Suite.signature.evaluate(input).outputValue?[Output.reason] == "malformed-jws" ? thrown(input) : input
      }),
    Mutant(
      "aak-lenient-base64url", .signature,
      "Decodes JWS parts leniently: `=` padding and the standard alphabet's `+` and `/` pass (SIG-14).",
      input: { input in
        let lenient: (JSONValue) -> JSONValue = { value in
          guard let text = value.stringValue else { return value }
          return .string(
            String(
              text.compactMap { (char: Character) -> Character? in
                char == "+" ? "-" : char == "/" ? "_" : char == "=" ? nil : char
              }))
        }
        return jwsText(input, lenient)
      }),
    Mutant(
      "aak-der-accepted", .signature,
      "Accepts a DER-encoded ECDSA signature in a JWS, as generic ECDSA verifiers take it, besides the raw R‖S (SIG-14).",
      input: { input in
        let raw: (JSONValue) -> JSONValue = { value in
          guard let text = value.stringValue else { return value }
          let parts = text.split(separator: ".", omittingEmptySubsequences: false)
          guard parts.count == 3, let bytes = Base64Codec.decodeURL(String(parts[2])), bytes.first == 0x30,
            let signature = try? P256.Signing.ECDSASignature(derRepresentation: bytes)
          else { return value }
          return .string("\(parts[0]).\(parts[1]).\(Base64Codec.encodeURL(Array(signature.rawRepresentation)))")
        }
        return jwsText(input, raw)
      }),
    Mutant(
      "aak-tries-every-key", .signature,
      "Tries every key it has when the JWS's kid has none, instead of answering unknown-kid (SIG-15).",
      output: { output, input in
        guard output[Output.reason] == "unknown-kid", let kid = output[Output.kid]?.stringValue else { return output }
        let keys = input[Input.keys]?.objectValue ?? AppleKeys.aakByKID.mapValues { .string($0) }
        var first: JSONValue?
        for name in keys.keys.sorted() {
          guard let key = keys[name],
            let answer = Suite.signature.evaluate(input.setting(Input.keys, .object([kid: key]))).outputValue
          else { continue }
          if answer[Output.verdict] == "verified" { return answer }
          first = first ?? answer
        }
        return first ?? output
      }),
    Mutant(
      "aak-builtin-keys", .signature,
      "Verifies Apple's kids with its built-in Apple keys, whatever keys the input gives (SIG-15).",
      input: { input in
        guard input[Input.op] == .string(Op.verifyAAKPostback.rawValue), var keys = input[Input.keys]?.objectValue
        else { return input }
        for (kid, key) in AppleKeys.aakByKID { keys[kid] = .string(key) }
        return input.setting(Input.keys, .object(keys))
      }),
    Mutant(
      "aak-alg-none-accepted", .signature,
      "Takes alg none for an unsigned JWS and skips the signature (the classic downgrade) (SIG-14).",
      output: { output, input in
        guard output[Output.reason] == "unsupported-alg" else { return output }
        let jws =
          input[Input.op] == .string(Op.verifyAAKPostback.rawValue)
          ? input[Input.postback]?[AAKPostback.jwsString] : input[Input.jws]
        let parts = (jws?.stringValue ?? "").split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let header = decodedObject(parts[0]), header["alg"] == "none",
          let payload = decodedObject(parts[1])
        else { return output }
        var answer = output.setting(Output.signingInput, .string(parts[0] + "." + parts[1]))
        if input[Input.op] == .string(Op.verifyAAKImpression.rawValue) {
          let rejection = AdAttributionKitSignature.rejection(payload, AdAttributionKitSignature.impressionFields)
          return rejection.map { answer.setting(Output.reason, .string($0.reason.rawValue)) }
            ?? answer.setting(Output.verdict, "verified").setting(Output.reason, "ok")
        }
        answer = answer.setting(Output.kid, header["kid"] ?? .null)
        if let reason = payloadReason(payload, PayloadRules()) { return answer.setting(Output.reason, .string(reason)) }
        let type = payload["conversion-type"]?.stringValue
        return answer.setting(Output.verdict, "verified").setting(Output.reason, "ok").setting(
          Output.conversionType,
          .optional(type.flatMap(PostbackScenario.ConversionType.init(spelling:))?.rawValue ?? type))
      }),
    Mutant(
      "aak-impression-alg-unchecked", .signature,
      "Never checks an impression header's alg: RS256 passes (SIG-14, SIG-18).",
      output: { output, input in
        guard input[Input.op] == .string(Op.aakImpressionSigningInput.rawValue),
          output[Output.reason] == "unsupported-alg",
          let header = (input[Input.header]?.stringValue).flatMap({ try? JSONParser.parse($0) })
        else { return output }
        let es256 = CanonicalJSON.compact(header.setting("alg", "ES256"))
        let reason = AdAttributionKitSignature.impressionShape(
          header: es256, payload: input[Input.payload]?.stringValue ?? "")
        return output.setting(Output.reason, .string(reason.rawValue))
      }),
    Mutant(
      "aak-signing-input-padded", .signature,
      "Encodes an impression's signing input in standard base64 (`=` padding, `+` and `/`) instead of base64url (SIG-18).",
      output: { output, input in
        guard input[Input.op] == .string(Op.aakImpressionSigningInput.rawValue),
          let header = input[Input.header]?.stringValue,
          let payload = input[Input.payload]?.stringValue
        else { return output }
        let standard =
          Base64Codec.encodeStandard(Array(header.utf8)) + "." + Base64Codec.encodeStandard(Array(payload.utf8))
        return output.setting(Output.signingInput, .string(standard))
      }),
    Mutant(
      "aak-impression-reserialized", .signature,
      "Re-serializes an impression's header and payload from their members in a fixed order (alg then kid, the payload in Apple's field list order) before signing or verifying, instead of using the texts as given (SIG-18).",
      output: { output, input in
        switch input[Input.op]?.stringValue {
        case Op.aakImpressionSigningInput.rawValue:
          guard let header = input[Input.header]?.stringValue.flatMap({ reserialized($0, order: ["alg", "kid"]) }),
            let payload = input[Input.payload]?.stringValue.flatMap({ reserialized($0, order: impressionOrder) })
          else { return output }
          return output.setting(Output.signingInput, .string(CompactJWS.signingInput(header: header, payload: payload)))
        case Op.verifyAAKImpression.rawValue:
          let parts = (input[Input.jws]?.stringValue ?? "").split(separator: ".", omittingEmptySubsequences: false).map(
            String.init)
          guard ["ok", "missing-field", "wrong-type"].contains(output[Output.reason]?.stringValue ?? ""),
            parts.count == 3,
            let header = Base64Codec.decodeURL(parts[0]).flatMap({
              reserialized(String(decoding: $0, as: UTF8.self), order: ["alg", "kid"])
            }),
            let payload = Base64Codec.decodeURL(parts[1]).flatMap({
              reserialized(String(decoding: $0, as: UTF8.self), order: impressionOrder)
            })
          else { return output }
          let signingInput = CompactJWS.signingInput(header: header, payload: payload)
          guard signingInput != parts[0] + "." + parts[1] else { return output }
          return output.setting(Output.verdict, "rejected").setting(Output.reason, "bad-signature").setting(
            Output.signingInput, .string(signingInput))
        default: return output
        }
      }),
    impressionPayloadMutant(
      "aak-impression-source-identifier-either-type",
      "Takes an impression's source-identifier as a number or a digit string (the postback's type) (SIG-18).",
      fields: AdAttributionKitSignature.impressionFields
    ) { payload in
      guard let text = payload["source-identifier"]?.stringValue, let number = Int(text) else { return payload }
      var read = payload
      read["source-identifier"] = .integer(number)
      return read
    },
    impressionPayloadMutant(
      "aak-impression-ignores-timestamp", "Never checks the impression payload's timestamp (SIG-18).",
      fields: AdAttributionKitSignature.impressionFields.filter { $0.name != "timestamp" }
    ) { $0 },
  ]

  /// The members of an impression payload in Apple's field list order (SIG-18).
  static let impressionOrder = AdAttributionKitSignature.impressionFields.map(\.name)

  /// `text`, a JSON object, written again with the members named in `order` first, in that
  /// order, then the others sorted; `nil` when it is not a JSON object.
  static func reserialized(_ text: String, order: [String]) -> String? {
    guard let members = (try? JSONParser.parse(text))?.objectValue else { return nil }
    let names = order.filter { members[$0] != nil } + CanonicalJSON.sortedKeys(members).filter { !order.contains($0) }
    let written = names.map { CanonicalJSON.compact(.string($0)) + ":" + CanonicalJSON.compact(members[$0] ?? .null) }
    return "{" + written.joined(separator: ",") + "}"
  }

  /// The JSON object one base64url part of a JWS decodes to, strictly.
  static func decodedObject(_ part: String) -> [String: JSONValue]? {
    Base64Codec.decodeURL(part).flatMap { try? JSONParser.parse(bytes: $0) }?.objectValue
  }

  /// The payload of an `aak-impression-signing-input` input, or the decoded payload of a
  /// `verify-aak-impression` input's JWS.
  static func impressionPayload(_ input: JSONValue) -> [String: JSONValue]? {
    switch input[Input.op]?.stringValue {
    case Op.aakImpressionSigningInput.rawValue:
      return (input[Input.payload]?.stringValue).flatMap { try? JSONParser.parse($0) }?.objectValue
    case Op.verifyAAKImpression.rawValue:
      guard let jws = input[Input.jws]?.stringValue, case .success(let parsed) = CompactJWS.parse(jws) else {
        return nil
      }
      return parsed.payload
    default: return nil
    }
  }

  /// A mutant that judges an impression payload, once the header (and the signature) have
  /// passed, by `fields` after `read`.
  static func impressionPayloadMutant(
    _ id: String, _ summary: String, fields: [AdAttributionKitSignature.Field],
    read: @escaping @Sendable ([String: JSONValue]) -> [String: JSONValue]
  ) -> Mutant {
    Mutant(
      id, .signature, summary,
      output: { output, input in
        guard ["ok", "missing-field", "wrong-type"].contains(output[Output.reason]?.stringValue ?? ""),
          let payload = impressionPayload(input)
        else { return output }
        let rejection = AdAttributionKitSignature.rejection(read(payload), fields)
        let answer = output.setting(Output.reason, .string(rejection?.reason.rawValue ?? "ok"))
        guard input[Input.op] == .string(Op.verifyAAKImpression.rawValue) else { return answer }
        return answer.setting(Output.verdict, rejection == nil ? "verified" : "rejected")
      })
  }

  /// A mutant that judges a verified JWS's payload by `rules`.
  static func payloadMutant(_ id: String, _ summary: String, _ rules: PayloadRules) -> Mutant {
    Mutant(
      id, .signature, summary,
      output: { output, input in
        // Only answers of the payload steps (6 and 7) change: the signature has verified.
        guard let reason = output[Output.reason]?.stringValue,
          ["ok", "missing-field", "wrong-type", "invalid-value"].contains(reason),
          output[Output.signingInput]?.stringValue != nil, let payload = aakPayload(input)
        else { return output }
        if let reason = payloadReason(payload, rules) {
          return output.setting(Output.verdict, "rejected").setting(Output.reason, .string(reason)).setting(
            Output.conversionType, .null)
        }
        let type = payload["conversion-type"]?.stringValue
        let normalized = type.flatMap(PostbackScenario.ConversionType.init(spelling:))?.rawValue ?? type
        return output.setting(Output.verdict, "verified").setting(Output.reason, "ok").setting(
          Output.conversionType, .optional(normalized))
      })
  }

  /// The decoded payload of a `verify-aak-postback` input's JWS.
  static func aakPayload(_ input: JSONValue) -> [String: JSONValue]? {
    guard input[Input.op] == .string(Op.verifyAAKPostback.rawValue),
      let jws = input[Input.postback]?[AAKPostback.jwsString]?.stringValue,
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
