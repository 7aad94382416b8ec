import SKANJSON
import SKANModel
import SKANSuites

extension MutantCatalog {
  static func metadata(_ input: JSONValue, _ transform: ([String: JSONValue]) -> [String: JSONValue]) -> JSONValue {
    guard let members = input["metadata"]?.objectValue else { return input }
    return input.setting("metadata", .object(transform(members)))
  }

  static let metadataBooleanKeys = ["skan_lock_window", "skoverlay_dismissible"]

  /// The input with each metadata boolean's text replaced where `replacement` gives one.
  static func booleans(_ input: JSONValue, _ replacement: @escaping (String) -> String?) -> JSONValue {
    metadata(input) { members in
      var result = members
      for key in metadataBooleanKeys {
        if let text = members[key]?.stringValue, let replaced = replacement(text) { result[key] = .string(replaced) }
      }
      return result
    }
  }

  static let metadata: [Mutant] = [
    Mutant(
      "yes-not-true", .metadata, "Does not accept \"yes\" as true.",
      input: { input in booleans(input) { $0.lowercased() == "yes" ? "nope" : nil } }),
    Mutant(
      "booleans-lower-case-only", .metadata, "Accepts booleans in lower case only.",
      input: { input in booleans(input) { $0 != $0.lowercased() ? "nope" : nil } }),
    Mutant(
      "on-is-true", .metadata, "Accepts on/off as booleans.",
      input: { input in booleans(input) { $0 == "on" ? "true" : $0 == "off" ? "false" : nil } }),
    Mutant(
      "ios-as-decimal", .metadata, "Compares iOS versions as decimals (15.10 as 15.1).",
      input: { input in
        input.updating("ios_version") { version in
          guard let text = version.stringValue, let number = Double(text) else { return version }
          let major = Int(number)
          let minor = Int(((number - Double(major)) * 10).rounded())
          return .string("\(major).\(minor)")
        }
      }),
    Mutant(
      "ios-16-1-exclusive", .metadata, "Uses the fine/coarse/lock call only above 16.1.",
      input: { input in
        ["16.1", "16.1.0"].contains(input["ios_version"]?.stringValue ?? "")
          ? input.setting("ios_version", "16.0.9") : input
      }),
    Mutant(
      "prose-key-alias", .metadata, "Accepts the contract's prose names overlay_position and overlay_dismissible.",
      input: { input in
        metadata(input) { members in
          var result = members
          if let value = members["overlay_position"], members["skoverlay_position"] == nil {
            result["skoverlay_position"] = value
          }
          if let value = members["overlay_dismissible"], members["skoverlay_dismissible"] == nil {
            result["skoverlay_dismissible"] = value
          }
          return result
        }
      }),
    Mutant(
      "empty-fine-absent", .metadata, "Treats an empty fine value as absent.",
      input: { input in
        metadata(input) { members in
          members["skan_conversion_value"] == "" ? members.filter { $0.key != "skan_conversion_value" } : members
        }
      }),
    Mutant(
      "dismissible-default-false", .metadata, "Makes overlays non-dismissible by default.",
      output: { output, input in
        guard input["metadata"]?["skoverlay_dismissible"] == nil else { return output }
        return output.updating("overlay") { $0.isNull ? $0 : $0.setting("dismissible", false) }
      }),
    Mutant(
      "coarse-below-16-1", .metadata, "Passes the coarse value to the iOS 15.4 fine-only call.",
      output: { output, input in
        output.updating("skan_call") { call in
          guard call["api"] == "fine-only", let coarse = input["metadata"]?["skan_coarse_value"] else { return call }
          return call.setting("coarse", coarse)
        }
      }),
    Mutant(
      "medium-is-31", .metadata, "Synthesizes 31 for a coarse-only medium.",
      output: { output, input in
        guard input["metadata"]?["skan_conversion_value"] == nil, input["metadata"]?["skan_coarse_value"] == "medium"
        else { return output }
        return output.updating("skan_call") { $0.isNull ? $0 : $0.setting("fine", 31) }
      }),
    Mutant(
      "lock-call-without-values", .metadata, "Makes a call with fine 0 when only a lock is given.",
      output: { output, input in
        guard let members = input["metadata"]?.objectValue, members["skan_conversion_value"] == nil,
          members["skan_coarse_value"] == nil,
          members["skan_lock_window"] != nil, output["skan_call"]?.isNull == true
        else { return output }
        return output.setting("skan_call", ["api": "fine-coarse-lock", "fine": 0, "coarse": nil, "lock": true])
      }),
  ]
}
