import Foundation
import SKANJSON
import SKANModel
public import SKANSuites
public import SKANVocabulary

private typealias Input = SignatureSuite.Input
private typealias Output = SignatureSuite.Output
private typealias Op = SignatureSuite.Operation

extension MutantCatalog {
  static let separator = PostbackVersion.separator

  static let signature: [Mutant] = [
    Mutant(
      "source-slot-kept-empty", .signature, "Keeps an empty slot for the source when the postback has none.",
      output: { output, input in
        guard let postback = input[Input.postback]?.objectValue, postback["source-app-id"] == nil,
          postback["source-domain"] == nil,
          output[Output.verdict] == "verified", let signed = output[Output.signedString]?.stringValue
        else { return output }
        var parts = signed.components(separatedBy: separator)
        parts.insert("", at: min(PostbackVersion.sourceSlotPosition, parts.count))
        return output.setting(Output.signedString, .string(parts.joined(separator: separator))).setting(
          Output.verdict, "rejected"
        )
        .setting(Output.reason, "bad-signature")
      }),
    Mutant(
      "capitalized-booleans", .signature, "Writes booleans as True/False in the signed string.",
      output: { output, _ in
        guard let signed = output[Output.signedString]?.stringValue,
          signed.contains("\(separator)true") || signed.contains("\(separator)false")
        else { return output }
        let changed = signed.replacingOccurrences(of: "\(separator)true", with: "\(separator)True")
          .replacingOccurrences(of: "\(separator)false", with: "\(separator)False")
        let result = output.setting(Output.signedString, .string(changed))
        return output[Output.verdict] == "verified"
          ? result.setting(Output.verdict, "rejected").setting(Output.reason, "bad-signature") : result
      }),
    Mutant(
      "conversion-value-signed", .signature, "Signs the unsigned conversion-value too.",
      output: { output, input in
        guard let value = input[Input.postback]?["conversion-value"], output[Output.verdict] == "verified",
          let signed = output[Output.signedString]?.stringValue
        else { return output }
        return output.setting(Output.signedString, .string(signed + separator + value.description)).setting(
          Output.verdict, "rejected"
        )
        .setting(Output.reason, "bad-signature")
      }),
    Mutant(
      "nonce-case-kept", .signature, "Keeps an impression nonce's letter case instead of lower-casing it.",
      output: { output, input in
        guard let nonce = input[Input.impression]?["nonce"]?.stringValue, nonce != nonce.lowercased(),
          let signed = output[Output.signedString]?.stringValue
        else { return output }
        return output.setting(
          Output.signedString, .string(signed.replacingOccurrences(of: nonce.lowercased(), with: nonce)))
      }),
    Mutant(
      "timestamp-in-seconds", .signature, "Signs impressions with a timestamp in seconds.",
      output: { output, input in
        guard input[Input.op] == .string(Op.impressionSignedString.rawValue),
          let time = input[Input.impression]?["timestamp"]?.exactInteger,
          let signed = output[Output.signedString]?.stringValue, signed.hasSuffix(String(time))
        else { return output }
        return output.setting(
          Output.signedString, .string(String(signed.dropLast(String(time).count)) + String(time / 1000)))
      }),
    Mutant(
      "kid-ignored", .signature, "Verifies every AdAttributionKit postback with the production key.",
      output: { output, _ in
        guard output[Output.verdict] == "verified", let kid = output[Output.kid]?.stringValue,
          kid != "apple-cas-identifier/0"
        else { return output }
        return output.setting(Output.verdict, "rejected").setting(Output.reason, "bad-signature")
      }),
  ]
}

extension SignatureSuite: MutantSuite {
  /// The signature suite's mutants: signing, real libraries' bugs, AdAttributionKit's JWS, and the readers of the inputs.
  public static var mutants: [Mutant] {
    MutantCatalog.signature + MutantCatalog.libraryBugs + MutantCatalog.adAttributionKit + MutantCatalog.signatureInputs
  }
}
