import Foundation
import SKANJSON
import SKANModel
import SKANSignatures
import SKANSuites
import SKANVocabulary

private typealias Input = SignatureSuite.Input
private typealias Output = SignatureSuite.Output
private typealias Op = SignatureSuite.Operation
private typealias Kind = SignatureSuite.ImpressionKind

/// Verifiers and impression signers that read their inputs too loosely or too strictly: a
/// field's text signed whatever its type, a key or a version guessed, a check's answer
/// dropped, an impression member never checked (SIG-4 to SIG-12).
extension MutantCatalog {
  static let signatureInputs: [Mutant] = [
    Mutant(
      "unknown-op-verifies-postback", .signature,
      "Dispatches on a prefix: an unknown op that begins with `verify` verifies a postback (IN-1).",
      input: { input in
        guard let op = input[Input.op]?.stringValue, op.hasPrefix("verify"),
          ![Op.verifyPostback, .verifyImpression, .verifyAAKPostback, .verifyAAKImpression].map(\.rawValue).contains(op)
        else { return input }
        return input.setting(Input.op, .string(Op.verifyPostback.rawValue))
      }),
    Mutant(
      "p192-verified-with-p256", .signature,
      "Verifies 1.0 and 2.0 postbacks, which Apple signed with its P-192 key, with its P-256 key: rejected instead of verified (SIG-6).",
      output: { output, input in
        guard legacySignatureChecked(output, input), input[Input.publicKey] == nil,
          let members = postbackMembers(input),
          let signed = output[Output.signedString]?.stringValue
        else { return output }
        return verifyPostback(input, members, signed: signed, appleKey: AppleKeys.skanP256)
      }),
    Mutant(
      "p192-unsupported", .signature,
      "Has no P-192 (swift-crypto offers none): 1.0 and 2.0 postbacks are unverifiable, p192-unsupported, instead of verified or rejected (the kit before SIG-6 changed).",
      output: { output, input in
        guard legacySignatureChecked(output, input) else { return output }
        return Output.object([
          .verdict: "unverifiable", .reason: "p192-unsupported", .signedString: output[Output.signedString] ?? .null,
        ])
      }),
    Mutant(
      "p192-key-refused", .signature,
      "Reads `public_key` as P-256 only: Apple's P-192 key given for a 2.0 postback is invalid-input (SIG-6).",
      input: { input in
        guard input[Input.op] == .string(Op.verifyPostback.rawValue), let key = input[Input.publicKey]?.stringValue,
          (try? crypto.p256PublicKey(spkiBase64: key)) == nil, (try? crypto.postbackPublicKey(spkiBase64: key)) != nil
        else { return input }
        return thrown(input)
      }),
    Mutant(
      "no-version-missing-field", .signature,
      "Requires `version`: a postback without it is rejected, missing-field, instead of being checked as a 1.0 postback (SIG-23).",
      output: { output, input in
        guard let members = postbackMembers(input), members["version"] == nil else { return output }
        return Output.object([.verdict: "rejected", .reason: "missing-field", .signedString: .null])
      }),
    Mutant(
      "no-version-unknown", .signature,
      "Takes a postback without `version` for an unknown version: unverifiable, unknown-version, instead of a 1.0 postback (SIG-23).",
      output: { output, input in
        guard let members = postbackMembers(input), members["version"] == nil else { return output }
        return Output.object([.verdict: "unverifiable", .reason: "unknown-version", .signedString: .null])
      }),
    Mutant(
      "postback-not-object-thrown", .signature,
      "Decodes the postback as an object up front: one that is not (an array, text that does not parse) fails the whole input, invalid-input, instead of the verdict rejected, malformed-json (SIG-8).",
      input: { input in
        guard input[Input.op] == .string(Op.verifyPostback.rawValue), input[Input.postback] != nil,
          postbackMembers(input) == nil
        else {
          return input
        }
        return thrown(input)
      }),
    Mutant(
      "missing-postback-is-null", .signature,
      "Reads an absent postback as null: the verdict rejected, malformed-json, instead of invalid-input.",
      input: { input in
        input[Input.op] == .string(Op.verifyPostback.rawValue) && input[Input.postback] == nil
          ? input.setting(Input.postback, .null) : input
      }),
    Mutant(
      "fields-joined-as-text", .signature,
      "Joins the signed fields' text whatever their JSON types, as JavaScript's `join` does: the string \"525463029\" signs as 525463029, and the number 4.0 is the version \"4\" (SIG-4).",
      output: { output, input in
        guard output[Output.reason] == "wrong-type", let members = postbackMembers(input),
          let label = members["version"]
        else { return output }
        guard let layout = PostbackVersion(rawValue: jsText(label)) else {
          return Output.object([.verdict: "unverifiable", .reason: "unknown-version", .signedString: .null])
        }
        var parts: [String] = []
        for field in layout.signedFields {
          guard field.optional else {
            parts.append(members[field.name].map(jsText) ?? "")
            continue
          }
          let slot = layout == .v4_0 ? PostbackVersion.sourceSlot : ["source-app-id"]
          parts += slot.compactMap { members[$0] }.map(jsText)
        }
        return verifyPostback(input, members, signed: parts.joined(separator: separator))
      }),
    wrongTypeMutant(
      "booleans-by-truthiness",
      "Signs a boolean field by its truthiness (`'true' if value else 'false'`): did-win 1 is true, the string \"false\" is true (SIG-4).",
      fields: ["redownload", "did-win"]
    ) { value in value.boolValue == nil ? .bool(truthy(value)) : nil },
    wrongTypeMutant(
      "integers-read-with-int",
      "Reads integer fields with Python's int(): 1.5 is 1 and the string \"525463029\" is 525463029 (SIG-4).",
      fields: ["app-id", "campaign-id", "source-app-id", "fidelity-type", "postback-sequence-index"]
    ) { value in
      switch value {
      case .double(let number) where number.isFinite && abs(number) < 9e18: return .integer(Int(number))
      case .string(let text): return Int(text.trimmingCharacters(in: .whitespaces)).map { .integer($0) }
      case .bool(let flag): return .integer(flag ? 1 : 0)
      default: return nil
      }
    },
    Mutant(
      "postback-typed-decoder", .signature,
      "Decodes the postback into a struct of its version's signed fields and attribution-signature: one that is missing or of the wrong type fails the whole input, invalid-input, instead of the verdict rejected (a null source field reads as absent).",
      input: { input in
        let refused: (JSONValue) -> Bool = { input in
          ["missing-field", "wrong-type"].contains(
            Suite.signature.evaluate(input).outputValue?[Output.reason]?.stringValue ?? "")
        }
        guard var members = postbackMembers(input), refused(input) else { return input }
        for name in PostbackVersion.sourceSlot where members[name] == .null { members[name] = nil }
        let decoded = input.setting(Input.postback, .object(members))
        return refused(decoded) ? thrown(input) : decoded
      }),
    Mutant(
      "source-domain-preferred", .signature,
      "Fills the 4.0 source slot with `source-domain ?? source-app-id`: a postback with both signs its source-domain instead of being refused (SIG-20).",
      output: { output, input in
        guard output[Output.reason] == "ambiguous-source", var members = postbackMembers(input) else { return output }
        members["source-app-id"] = nil
        return verifyPostback(input, members, layout: .v4_0)
      }),
    Mutant(
      "missing-version-is-4-0", .signature,
      "Takes a postback without version for the newest layout, 4.0 (`postback.get(\"version\", \"4.0\")`), instead of reading it as a 1.0 postback (SIG-23).",
      output: { output, input in
        guard output[Output.reason] == "missing-field", var members = postbackMembers(input), members["version"] == nil
        else { return output }
        members["version"] = "4.0"
        return verifyPostback(input, members, layout: .v4_0)
      }),
    Mutant(
      "bad-key-falls-back-to-apple", .signature,
      "Uses Apple's key when the given public key cannot be read (`try?` with Apple's key as the fallback), instead of refusing the input.",
      error: { code, input in
        guard code == ModelError.Code.invalidInput.rawValue,
          [Op.verifyPostback, .verifyImpression, .verifyAAKImpression].map(\.rawValue).contains(
            input[Input.op]?.stringValue ?? ""),
          let key = input[Input.publicKey]?.stringValue, (try? crypto.p256PublicKey(spkiBase64: key)) == nil
        else { return nil }
        return Suite.signature.evaluate(input.setting(Input.publicKey, .string(AppleKeys.skanP256)))
      }),
    Mutant(
      "verify-result-ignored", .signature,
      "Drops the result of the ECDSA check: any well-formed signature verifies, whatever it signs (`isValidSignature` called, its answer unused).",
      output: { output, input in
        guard output[Output.reason] == "bad-signature" else { return output }
        switch input[Input.op]?.stringValue {
        case Op.verifyAAKPostback.rawValue:
          guard let payload = aakPayload(input) else { return output }
          if let reason = payloadReason(payload, PayloadRules()) {
            return output.setting(Output.reason, .string(reason))
          }
          let type = payload["conversion-type"]?.stringValue
          let normalized = type.flatMap(PostbackScenario.ConversionType.init(spelling:))?.rawValue ?? type
          return output.setting(Output.verdict, "verified").setting(Output.reason, "ok").setting(
            Output.conversionType, .optional(normalized))
        case Op.verifyAAKImpression.rawValue:
          guard let payload = impressionPayload(input) else { return output }
          if let rejection = AdAttributionKitSignature.rejection(payload, AdAttributionKitSignature.impressionFields) {
            return output.setting(Output.reason, .string(rejection.reason.rawValue))
          }
          return output.setting(Output.verdict, "verified").setting(Output.reason, "ok")
        default: return output.setting(Output.verdict, "verified").setting(Output.reason, "ok")
        }
      }),
    Mutant(
      "malformed-signature-thrown", .signature,
      "Lets a signature it cannot decode (not base64, not DER, not 64 bytes) throw out of the verifier: invalid-input instead of the verdict rejected (CryptoKit's signature initializers throw).",
      input: { input in
        Suite.signature.evaluate(input).outputValue?[Output.reason] == "malformed-signature" ? thrown(input) : input
      }),
    Mutant(
      "verify-timestamp-in-seconds", .signature,
      "Verifies impressions over their timestamp in seconds (milliseconds divided by 1000), as a signer that signs seconds would (SIG-9).",
      output: { output, input in
        guard input[Input.op] == .string(Op.verifyImpression.rawValue),
          let signed = output[Output.signedString]?.stringValue
        else {
          return output
        }
        var parts = signedParts(signed)
        guard let milliseconds = parts.last.flatMap({ Int($0) }) else { return output }
        parts[parts.count - 1] = String(milliseconds / 1000)
        return verifyImpression(input, signed: parts.joined(separator: separator)) ?? output
      }),
    Mutant(
      "impression-fidelity-fixed-1", .signature,
      "Signs and verifies every impression with fidelity-type 1, view-through included (SIG-9).",
      input: { input in
        impressionOp(input) && input[Input.kind] == .string(Kind.viewThrough.rawValue)
          ? input.setting(Input.kind, .string(Kind.storekitRendered.rawValue)) : input
      }),
    Mutant(
      "impression-integral-double-signed-as-written", .signature,
      "Signs an impression's integer written with a fraction as its text, `1234567890.0` (Python's str), so the signature fails (SIG-9).",
      output: { output, input in
        guard impressionOp(input), let signed = output[Output.signedString]?.stringValue,
          let impression = input[Input.impression]
        else { return output }
        var parts = signedParts(signed)
        var fields: [ImpressionField] = [.sourceIdentifier, .itunesItemID, .timestamp]
        if input[Input.kind] != .string(Kind.web.rawValue) { fields.append(.sourceAppID) }
        for field in fields where field.signedStringPosition < parts.count {
          if case .double? = impression[field.rawValue], let integer = impression[field.rawValue]?.exactInteger {
            parts[field.signedStringPosition] = "\(integer).0"
          }
        }
        let written = parts.joined(separator: separator)
        guard written != signed else { return output }
        if input[Input.op] == .string(Op.impressionSignedString.rawValue) {
          return output.setting(Output.signedString, .string(written))
        }
        return verifyImpression(input, signed: written) ?? output
      }),
    impressionCheckMutant(
      "nonce-not-validated", "Signs any nonce, UUID or not (no 8-4-4-4-12 check) (SIG-11).", code: "invalid-nonce",
      member: .nonce, placeholder: "00000000-0000-0000-0000-000000000000"
    ) { value in value.stringValue?.lowercased() },
    impressionCheckMutant(
      "source-identifier-unchecked",
      "Signs any integer source-identifier, 10000 included (no 0 to 9999 check) (SIG-11).",
      code: "invalid-source-identifier", member: .sourceIdentifier, placeholder: 0
    ) { value in value.exactInteger.map { String($0) } },
    Mutant(
      "impression-integers-from-text", .signature,
      "Accepts an impression's integers written as digit strings (\"5239\") and signs their digits (SIG-9).",
      input: { input in
        guard impressionOp(input) else { return input }
        return input.updating(Input.impression) { impression in
          var result = impression
          for name in ["source-identifier", "itunes-item-id", "source-app-id", "timestamp"] {
            if let text = impression[name]?.stringValue, let number = Int(text) {
              result = result.setting(name, .integer(number))
            }
          }
          return result
        }
      }),
    Mutant(
      "impression-any-source-field", .signature,
      "Fills an impression's source slot with whichever source field it has, source-domain or source-app-id, whatever the kind (SIG-10).",
      input: { input in
        guard impressionOp(input), input[Input.kind] == .string(Kind.web.rawValue),
          input[Input.impression]?["source-domain"] == nil,
          let app = input[Input.impression]?["source-app-id"]
        else { return input }
        return input.updating(Input.impression) { $0.setting("source-domain", .string(jsText(app))) }
      }),
    Mutant(
      "impression-kind-unchecked", .signature,
      "Never checks kind: fidelity-type is `kind == \"view-through\" ? 0 : 1`, so an unknown kind is signed like storekit-rendered.",
      input: { input in
        guard impressionOp(input), let kind = input[Input.kind]?.stringValue,
          Kind(rawValue: kind) == nil
        else { return input }
        return input.setting(Input.kind, .string(Kind.storekitRendered.rawValue))
      }),
  ]

  /// An input the reference refuses as `invalid-input` (it has no `op`): the answer of a
  /// mutant whose verifier throws on `input` instead of answering a verdict.
  static func thrown(_ input: JSONValue) -> JSONValue { input.setting(Input.op, nil) }

  /// Whether a `verify-postback` answer for a 1.0 or 2.0 postback (or one without version,
  /// SIG-23) came from the signature check under the P-192 key (SIG-6).
  static func legacySignatureChecked(_ output: JSONValue, _ input: JSONValue) -> Bool {
    guard let members = postbackMembers(input), output[Output.signedString]?.stringValue != nil,
      ["ok", "bad-signature", "malformed-signature"].contains(output[Output.reason]?.stringValue ?? "")
    else { return false }
    return members["version"].map { ["1.0", "2.0"].contains($0.stringValue ?? "") } ?? true
  }

  /// A value's text as JavaScript's `String()` writes it: numbers without a trailing `.0`.
  static func jsText(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .integer(let number): return String(number)
    case .double(let number): return value.exactInteger.map { String($0) } ?? "\(number)"
    case .array, .object: return CanonicalJSON.compact(value)
    }
  }

  /// Python's truthiness of a JSON value.
  static func truthy(_ value: JSONValue) -> Bool {
    switch value {
    case .null: return false
    case .bool(let flag): return flag
    case .integer(let number): return number != 0
    case .double(let number): return number != 0
    case .string(let text): return !text.isEmpty
    case .array(let elements): return !elements.isEmpty
    case .object(let members): return !members.isEmpty
    }
  }

  /// A mutant that reads the postback's `fields` of a known version with `read` (`nil`: as
  /// the reference does) when the reference finds a field of the wrong type, then verifies.
  static func wrongTypeMutant(
    _ id: String, _ summary: String, fields: [String], read: @escaping @Sendable (JSONValue) -> JSONValue?
  ) -> Mutant {
    Mutant(
      id, .signature, summary,
      output: { output, input in
        guard output[Output.reason] == "wrong-type", let members = postbackMembers(input),
          let layout = members["version"]?.stringValue.flatMap(PostbackVersion.init(rawValue:))
        else { return output }
        var changed = members
        for name in fields { if let value = members[name], let text = read(value) { changed[name] = text } }
        guard changed != members else { return output }
        return verifyPostback(input, changed, layout: layout)
      })
  }

  /// Whether the input is one of the SKAdNetwork impression operations.
  static func impressionOp(_ input: JSONValue) -> Bool {
    input[Input.op] == .string(Op.impressionSignedString.rawValue)
      || input[Input.op] == .string(Op.verifyImpression.rawValue)
  }

  /// A signed string's fields.
  static func signedParts(_ signed: String) -> [String] {
    signed.split(separator: Character(separator), omittingEmptySubsequences: false).map(String.init)
  }

  /// What `verify-impression` answers for `signed` under the input's signature and key, or
  /// `nil` when the input has no usable key or signature.
  static func verifyImpression(_ input: JSONValue, signed: String) -> JSONValue? {
    guard let signature = input[Input.signature]?.stringValue, let text = input[Input.publicKey]?.stringValue,
      let key = try? crypto.p256PublicKey(spkiBase64: text)
    else { return nil }
    let verdict = key.verdict(derSignatureBase64: signature, message: signed)
    return Output.object([
      .verdict: .string(verdict.verdict.rawValue), .reason: .string(verdict.reason.rawValue),
      .signedString: .string(signed),
    ])
  }

  /// A mutant that skips one check of an impression member (the whole-input error `code`):
  /// it signs the input with `member` set to a valid `placeholder`, then puts the member's
  /// own `text` at the field's position in the signed string.
  static func impressionCheckMutant(
    _ id: String, _ summary: String, code: String, member field: ImpressionField, placeholder: JSONValue,
    text: @escaping @Sendable (JSONValue) -> String?
  ) -> Mutant {
    let member = field.rawValue
    let index = field.signedStringPosition
    return Mutant(
      id, .signature, summary,
      error: { error, input in
        guard error == code, impressionOp(input), let value = input[Input.impression]?[member], let own = text(value)
        else {
          return nil
        }
        let answer = Suite.signature.evaluate(input.updating(Input.impression) { $0.setting(member, placeholder) })
        guard let output = answer.outputValue, let signed = output[Output.signedString]?.stringValue else {
          return answer
        }
        var parts = signedParts(signed)
        guard index < parts.count else { return answer }
        parts[index] = own
        let changed = parts.joined(separator: separator)
        if input[Input.op] == .string(Op.impressionSignedString.rawValue) {
          return .output(output.setting(Output.signedString, .string(changed)))
        }
        return verifyImpression(input, signed: changed).map { .output($0) } ?? answer
      })
  }
}
