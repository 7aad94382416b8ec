import SKANJSON

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

  /// The members of `value`, an object in the scenario data that `what` names.
  static func members(_ value: JSONValue, _ what: String) -> [String: JSONValue] {
    guard let members = value.objectValue else {
      preconditionFailure("scenario data: \(what) is \(value.typeName), not an object")
    }
    return members
  }

  /// The string under `key` in `value`, which `what` names in the message.
  static func string(_ value: JSONValue, _ key: String, _ what: String) -> String {
    guard let text = value[key]?.stringValue else {
      preconditionFailure("scenario data: \(what) has no string \"\(key)\"")
    }
    return text
  }
}
