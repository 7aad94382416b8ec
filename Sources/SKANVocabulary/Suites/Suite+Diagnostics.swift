public import SKANJSON

extension Suite {
  /// The members of this suite's output for `input` that are diagnostics rather than the
  /// behaviour under test: compared only when an answer carries them, and reported apart
  /// from conformance (Spec/README.md, "Comparing results"). Only the `signature` suite has
  /// any (SIG-21); in every other suite each output member is behaviour.
  public func diagnosticMembers(for input: JSONValue) -> [String] {
    switch self {
    case .signature: return SignatureDiagnostics.members(op: input["op"]?.stringValue ?? "")
    case .window, .values, .lifecycle, .metadata, .postback, .attribution, .s2s: return []
    }
  }
}
