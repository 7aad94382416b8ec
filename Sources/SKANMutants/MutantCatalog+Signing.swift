import Foundation
import SKANJSON
import SKANModel
import SKANSuites

extension MutantCatalog {
  static let separator = "\u{2063}"

  static let s2s: [Mutant] = [
    Mutant(
      "s2s-fine-applies-in-every-window", .s2s,
      "Applies an AppsFlyer response's fine value whatever window its postback_sequence_index names (S2S-15, SKN-1).",
      output: { output, input in
        guard input["op"] == "parse-response", output["fine_applies"] == false else { return output }
        return output.setting("fine_applies", true)
      }),
    Mutant(
      "s2s-missing-index-is-window-0", .s2s,
      "Reads an absent or null postback_sequence_index as window 0 (S2S-15).",
      output: { output, input in
        guard input["op"] == "parse-response", input["api"] == "appsflyer-v2", output["window"] == .null else {
          return output
        }
        return output.setting("window", 0).setting("fine_applies", true)
      }),
    Mutant(
      "hmac-fields-swapped", .s2s, "Signs uid before app_id.",
      input: { input in
        guard input["op"] == "sign" || input["op"] == "build-request", let app = input["app_id"], let uid = input["uid"]
        else { return input }
        return input.setting("app_id", uid).setting("uid", app)
      },
      output: { output, input in
        // Put the request's own query back, so that only the signature differs.
        guard input["op"] == "build-request" else { return output }
        return output.updating("query") { query in
          query.setting("app_id", input["app_id"]).setting("uid", input["uid"])
        }
      }),
    Mutant(
      "readme-formula-by-default", .s2s,
      "Uses the README's formula (with the dev key in the message) when no profile is named.",
      input: { input in
        guard input["op"] == "sign" || input["op"] == "build-request", input["profile"] == nil else { return input }
        return input.setting("profile", "appsflyer-readme")
      }),
    Mutant(
      "upper-case-hex", .s2s, "Writes the HMAC in upper-case hex.",
      output: { output, _ in
        output.updating("signature") { $0.stringValue.map { .string($0.uppercased()) } ?? $0 }
          .updating("headers") {
            $0.updating("Authorization") { $0.stringValue.map { .string($0.uppercased()) } ?? $0 }
          }
      }),
    Mutant(
      "signature-not-checked", .s2s, "Accepts any signature.",
      output: { output, input in
        guard output["status"] == 401 else { return output }
        let uid = input["request"]?["query"]?["uid"]
        let known = input["known_uids"]?.arrayValue ?? []
        return uid.map { known.contains($0) } == true
          ? ["parameter": nil, "reason": "ok", "status": 200]
          : ["parameter": nil, "reason": "unknown-uid", "status": 404]
      }),
    Mutant(
      "unknown-uid-accepted", .s2s, "Answers 200 for a uid it does not know.",
      output: { output, _ in output["status"] == 404 ? ["parameter": nil, "reason": "ok", "status": 200] : output }),
    Mutant(
      "truthy-lock", .s2s, "Reads lock \"YES\" and 1 as true, as Objective-C's boolValue does.",
      input: { input in
        input.updating("body") { body in
          body.updating("lock") { lock in lock == "YES" || lock == "yes" || lock == 1 ? true : lock }
        }
      }),
    Mutant(
      "value-64-accepted", .s2s, "Accepts a conversion value of 64.",
      input: { input in input.updating("body") { $0.updating("value") { $0 == 64 ? 63 : $0 } } },
      output: { output, input in input["body"]?["value"] == 64 ? output.setting("fine", 64) : output }),
  ]

  static let signature: [Mutant] = [
    Mutant(
      "source-slot-kept-empty", .signature, "Keeps an empty slot for the source when the postback has none.",
      output: { output, input in
        guard let postback = input["postback"]?.objectValue, postback["source-app-id"] == nil,
          postback["source-domain"] == nil,
          output["verdict"] == "verified", let signed = output["signed_string"]?.stringValue
        else { return output }
        var parts = signed.components(separatedBy: separator)
        parts.insert("", at: min(6, parts.count))
        return output.setting("signed_string", .string(parts.joined(separator: separator))).setting(
          "verdict", "rejected"
        )
        .setting("reason", "bad-signature")
      }),
    Mutant(
      "capitalized-booleans", .signature, "Writes booleans as True/False in the signed string.",
      output: { output, _ in
        guard let signed = output["signed_string"]?.stringValue,
          signed.contains("\(separator)true") || signed.contains("\(separator)false")
        else { return output }
        let changed = signed.replacingOccurrences(of: "\(separator)true", with: "\(separator)True")
          .replacingOccurrences(of: "\(separator)false", with: "\(separator)False")
        let result = output.setting("signed_string", .string(changed))
        return output["verdict"] == "verified"
          ? result.setting("verdict", "rejected").setting("reason", "bad-signature") : result
      }),
    Mutant(
      "conversion-value-signed", .signature, "Signs the unsigned conversion-value too.",
      output: { output, input in
        guard let value = input["postback"]?["conversion-value"], output["verdict"] == "verified",
          let signed = output["signed_string"]?.stringValue
        else { return output }
        return output.setting("signed_string", .string(signed + separator + value.description)).setting(
          "verdict", "rejected"
        )
        .setting("reason", "bad-signature")
      }),
    Mutant(
      "nonce-case-kept", .signature, "Keeps an impression nonce's letter case instead of lower-casing it.",
      output: { output, input in
        guard let nonce = input["impression"]?["nonce"]?.stringValue, nonce != nonce.lowercased(),
          let signed = output["signed_string"]?.stringValue
        else { return output }
        return output.setting(
          "signed_string", .string(signed.replacingOccurrences(of: nonce.lowercased(), with: nonce)))
      }),
    Mutant(
      "timestamp-in-seconds", .signature, "Signs impressions with a timestamp in seconds.",
      output: { output, input in
        guard input["op"] == "impression-signed-string", let time = input["impression"]?["timestamp"]?.exactInteger,
          let signed = output["signed_string"]?.stringValue, signed.hasSuffix(String(time))
        else { return output }
        return output.setting(
          "signed_string", .string(String(signed.dropLast(String(time).count)) + String(time / 1000)))
      }),
    Mutant(
      "kid-ignored", .signature, "Verifies every AdAttributionKit postback with the production key.",
      output: { output, _ in
        guard output["verdict"] == "verified", let kid = output["kid"]?.stringValue, kid != "apple-cas-identifier/0"
        else { return output }
        return output.setting("verdict", "rejected").setting("reason", "bad-signature")
      }),
  ]
}
