import SKANVectors

/// Looks up the fixed data scenarios are made from (Apple's samples, the test key's
/// postbacks and JWS texts) and fails loudly when a name is missing.
///
/// A missing name is a mistake in the scenario code, never in anyone's input: answering
/// `null` or `""` instead would write a vector that tests something else while its
/// description says otherwise. `vectors generate` stops at once with the name.
enum ScenarioData {
  /// The value under `name` in `table`, which `what` names in the message.
  static func required<Value>(_ table: [String: Value], _ name: String, _ what: String) -> Value {
    guard let value = table[name] else {
      preconditionFailure(
        "scenario data: no \(what) named \"\(name)\"; the scenario code names one that does not exist")
    }
    return value
  }
}
