import Foundation
import SKANJSON
import SKANModel
import SKANSuites

extension MutantCatalog {
  static let separator = PostbackVersion.separator

  static let signature: [Mutant] = [
    Mutant(
      "source-slot-kept-empty", .signature, "Keeps an empty slot for the source when the postback has none.",
      output: { output, input in
        guard let postback = input["postback"]?.objectValue, postback["source-app-id"] == nil,
          postback["source-domain"] == nil,
          output["verdict"] == "verified", let signed = output["signed_string"]?.stringValue
        else { return output }
        var parts = signed.components(separatedBy: separator)
        parts.insert("", at: min(PostbackVersion.sourceSlotPosition, parts.count))
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
