import SKANJSON
import SKANModel
import SKANSignatures
import SKANSuites
import SKANVocabulary

private typealias Input = SignatureSuite.Input
private typealias Output = SignatureSuite.Output
private typealias Op = SignatureSuite.Operation

/// Bugs of real SKAdNetwork postback verifiers, each a mutant of the
/// reference that builds the signed string the way the real library does and verifies it.
extension MutantCatalog {
  /// The primitives a mutant verifies its own signed string with.
  static let crypto = SwiftCrypto()

  static let libraryBugs: [Mutant] = [
    Mutant(
      "unknown-minor-version-nearest-layout", .signature,
      "Verifies an unknown minor version (4.1, 3.1, 2.3) with the nearest known layout of its major version, signing its own label (SIG-7).",
      output: { output, input in
        guard output[Output.reason] == "unknown-version", let members = postbackMembers(input),
          let layout = members["version"]?.stringValue.flatMap(nearestLayout)
        else { return output }
        return verifyPostback(input, members, layout: layout)
      }),
    Mutant(
      "unknown-version-4-0-layout", .signature,
      "Verifies any unknown version string with the 4.0 layout, signing its own label (SIG-7).",
      output: { output, input in
        guard output[Output.reason] == "unknown-version", let members = postbackMembers(input) else { return output }
        return verifyPostback(input, members, layout: .v4_0)
      }),
    bothSourcesMutant("both-source-fields-signed", domainFirst: false),
    bothSourcesMutant("both-source-fields-signed-domain-first", domainFirst: true),
    Mutant(
      "source-app-id-zero-dropped", .signature,
      "Takes source-app-id 0 for absent in 3.0 and 4.0 and drops it from the signed string (vap 1.1.0).",
      output: { output, input in
        guard output[Output.signedString]?.stringValue != nil, let members = postbackMembers(input),
          members["source-app-id"] == 0, let version = members["version"]?.stringValue,
          let layout = PostbackVersion(rawValue: version), layout == .v3_0 || layout == .v4_0
        else { return output }
        var without = members
        without["source-app-id"] = nil
        return verifyPostback(input, without, layout: layout)
      }),
    Mutant(
      "v2-2-signed-as-2-1", .signature,
      "Signs a 2.2 postback with the 2.1 layout, leaving fidelity-type out (vap 1.1.0).",
      output: { output, input in
        guard output[Output.signedString]?.stringValue != nil, let members = postbackMembers(input),
          members["version"] == "2.2"
        else { return output }
        return verifyPostback(input, members, layout: .v2_1)
      }),
    Mutant(
      "source-app-id-required-below-3", .signature,
      "Rejects a 2.x postback without source-app-id (vap 1.1.0 raises a TypeError).",
      output: { output, input in
        guard output[Output.signedString]?.stringValue != nil, let members = postbackMembers(input),
          members["source-app-id"] == nil, let version = members["version"]?.stringValue, version.hasPrefix("2.")
        else { return output }
        return Output.object([.verdict: "rejected", .reason: "missing-field", .signedString: .null])
      }),
    Mutant(
      "source-slot-required-4-0", .signature,
      "Rejects a 4.0 postback with neither source-app-id nor source-domain (a real TypeScript verifier).",
      output: { output, input in
        guard output[Output.signedString]?.stringValue != nil, let members = postbackMembers(input),
          members["version"] == "4.0", members["source-app-id"] == nil, members["source-domain"] == nil
        else { return output }
        return Output.object([.verdict: "rejected", .reason: "missing-field", .signedString: .null])
      }),
    Mutant(
      "integral-double-wrong-type", .signature,
      "Takes only numbers written without a fraction as integers, so fidelity-type 1.0 is wrong-type (the kit's rule before numbers by value, SIG-4).",
      output: { output, input in
        guard output[Output.verdict] == "verified", let members = postbackMembers(input),
          members.values.contains(where: { if case .double = $0 { return true } else { return false } })
        else { return output }
        return Output.object([.verdict: "rejected", .reason: "wrong-type", .signedString: .null])
      }),
    Mutant(
      "integral-double-signed-as-written", .signature,
      "Signs an integral number written with a fraction as its text, `1.0` (Python's str, as vap 1.1.0 does), so the signature fails (SIG-4).",
      output: { output, input in
        guard output[Output.verdict] == "verified", let members = postbackMembers(input),
          members.values.contains(where: { if case .double = $0 { return true } else { return false } })
        else { return output }
        return Output.object([
          .verdict: "rejected", .reason: "bad-signature", .signedString: output[Output.signedString] ?? .null,
        ])
      }),
    Mutant(
      "base64-junk-skipped", .signature,
      "Decodes attribution-signature skipping every character outside the base64 alphabet, as Python's base64.b64decode does without validate=True (vap 1.1.0) (SIG-22).",
      output: { output, input in
        guard output[Output.reason] == "malformed-signature", var members = postbackMembers(input),
          let text = members["attribution-signature"]?.stringValue,
          let layout = members["version"]?.stringValue.flatMap(PostbackVersion.init(rawValue:))
        else { return output }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
        let kept = String(text.filter { alphabet.contains($0) })
        guard kept != text else { return output }
        members["attribution-signature"] = .string(kept)
        return verifyPostback(input, members, layout: layout)
      }),
  ]

  /// A mutant that fills the 4.0 source slot with both source fields when both are present
  /// (SIG-20), `source-app-id` first unless `domainFirst`.
  static func bothSourcesMutant(_ id: String, domainFirst: Bool) -> Mutant {
    let order = domainFirst ? "source-domain then source-app-id" : "source-app-id then source-domain"
    return Mutant(
      id, .signature, "Signs both source fields of a 4.0 postback that has both, \(order) (SIG-20).",
      output: { output, input in
        guard output[Output.reason] == "ambiguous-source", let members = postbackMembers(input) else { return output }
        var appOnly = members
        appOnly["source-domain"] = nil
        guard case .success(let signed) = PostbackSignature.signedString(appOnly, version: .v4_0) else {
          return output
        }
        guard let domain = members["source-domain"]?.stringValue else {
          return Output.object([.verdict: "rejected", .reason: "wrong-type", .signedString: .null])
        }
        var parts = signed.split(separator: Character(separator), omittingEmptySubsequences: false).map(String.init)
        let slot = PostbackVersion.sourceSlotPosition
        parts.insert(domain, at: min(domainFirst ? slot : slot + 1, parts.count))
        return verifyPostback(input, members, signed: parts.joined(separator: separator))
      })
  }

  /// The members of a `verify-postback` input's postback, given as an object or as text.
  static func postbackMembers(_ input: JSONValue) -> [String: JSONValue]? {
    guard input[Input.op] == .string(Op.verifyPostback.rawValue), let raw = input[Input.postback] else { return nil }
    if let text = raw.stringValue { return (try? JSONParser.parse(text))?.objectValue }
    return raw.objectValue
  }

  /// The known P-256 version with the same major version and the greatest minor version not
  /// above the label's: `4.1` gives 4.0, `2.3` gives 2.2; `5.0` and `4` give none.
  static func nearestLayout(_ label: String) -> PostbackVersion? {
    func parts(_ text: String) -> (Int, Int)? {
      let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
      guard pieces.count == 2, let major = Int(pieces[0]), let minor = Int(pieces[1]) else { return nil }
      return (major, minor)
    }
    guard let (major, minor) = parts(label) else { return nil }
    return PostbackVersion.allCases.filter { !$0.usesP192 }.compactMap { version -> (PostbackVersion, Int)? in
      guard let (knownMajor, knownMinor) = parts(version.rawValue), knownMajor == major, knownMinor <= minor else {
        return nil
      }
      return (version, knownMinor)
    }.max { $0.1 < $1.1 }?.0
  }

  /// What a verifier answers when it signs `members` with `layout` (the label as it is).
  static func verifyPostback(_ input: JSONValue, _ members: [String: JSONValue], layout: PostbackVersion) -> JSONValue {
    switch PostbackSignature.signedString(members, version: layout) {
    case .failure(let failure):
      return Output.object([.verdict: "rejected", .reason: .string(failure.reason.rawValue), .signedString: .null])
    case .success(let signed): return verifyPostback(input, members, signed: signed)
    }
  }

  /// What a verifier answers for `signed` with the postback's signature, under the input's
  /// key or Apple's for the postback's version (P-192 for 1.0, 2.0 and no version, SIG-6,
  /// SIG-23; P-256 otherwise), or under `appleKey` when given and the input has no key.
  static func verifyPostback(
    _ input: JSONValue, _ members: [String: JSONValue], signed: String, appleKey: String? = nil
  ) -> JSONValue {
    guard let signature = members["attribution-signature"] else {
      return Output.object([.verdict: "rejected", .reason: "missing-field", .signedString: .string(signed)])
    }
    guard let text = signature.stringValue else {
      return Output.object([.verdict: "rejected", .reason: "wrong-type", .signedString: .string(signed)])
    }
    let legacy = members["version"].map { ["1.0", "2.0"].contains($0.stringValue ?? "") } ?? true
    let apple = appleKey ?? (legacy ? AppleKeys.skanP192 : AppleKeys.skanP256)
    guard let key = try? crypto.postbackPublicKey(spkiBase64: input[Input.publicKey]?.stringValue ?? apple)
    else { return Output.object([.verdict: "unverifiable", .reason: "unknown-version", .signedString: .null]) }
    let verdict = key.verdict(derSignatureBase64: text, message: signed)
    return Output.object([
      .verdict: .string(verdict.verdict.rawValue), .reason: .string(verdict.reason.rawValue),
      .signedString: .string(signed),
    ])
  }
}
