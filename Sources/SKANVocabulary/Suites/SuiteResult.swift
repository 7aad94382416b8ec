public import SKANJSON

/// What an implementation answers for one case: an output, or an error code.
public enum SuiteResult: Sendable, Hashable {
  /// The output JSON.
  case output(JSONValue)
  /// An error code from the Spec, with a message for people (never compared).
  case error(code: String, message: String)
}

extension SuiteResult {
  /// The output, or `nil` for an error.
  public var outputValue: JSONValue? {
    if case .output(let output) = self { return output }
    return nil
  }
}
