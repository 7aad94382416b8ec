public import SKANJSON

/// An answer to one ``ConformanceCase``: what the implementation under test returned for the
/// case's input, in the shape the suite's chapter of the Spec gives (`Spec/<suite>.md`,
/// "Output" and "Errors").
public enum ConformanceAnswer: Sendable, Hashable {
  /// An output: the JSON object the suite's Spec describes.
  case output(JSONValue)
  /// An error: one of the suite's error codes, with an optional message for people (never
  /// compared).
  case error(code: String, message: String = "")

  /// The answer as the kit's JSON reports show it: `{"output": …}` or
  /// `{"error": {"code": …, "message": …}}`.
  public var json: JSONValue {
    switch self {
    case .output(let output): return ["output": output]
    case .error(let code, let message): return ["error": ["code": .string(code), "message": .string(message)]]
    }
  }
}
