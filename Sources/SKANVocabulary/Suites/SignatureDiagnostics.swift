/// Which members of a `signature` operation's output are diagnostics (SIG-21; Spec/signature.md,
/// "Levels of the output").
///
/// For verification, conformance is the verdict (`verified`, `rejected`, `unverifiable`): it
/// is what an ad network acts on. The reason, the signed string or signing input the check
/// covered, and what the check read out of a payload explain a verdict; real libraries
/// return a coarser reason or none, and no signed string, so these are compared only when a
/// reply carries them, and a difference there is reported apart from conformance. The
/// building operations (`impression-signed-string`, `aak-impression-signing-input`) have no
/// diagnostics: the string they build is the behaviour under test.
public enum SignatureDiagnostics {
  /// The diagnostic output members of operation `op`, sorted; empty for an unknown `op`.
  public static func members(op: String) -> [String] {
    switch op {
    case "verify-postback", "verify-impression": return ["reason", "signed_string"]
    case "verify-aak-postback": return ["conversion_type", "kid", "reason", "signing_input"]
    case "verify-aak-impression": return ["reason", "signing_input"]
    default: return []
    }
  }
}
