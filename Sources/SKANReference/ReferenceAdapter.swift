public import SKANJSON
public import SKANModel
import SKANRunner
import SKANSuiteCodecs

/// The reference model as an adapter: answers protocol messages with the model's results.
public enum ReferenceAdapter {
  /// The reference's `hello` reply.
  public static func helloReply(kitVersion: String) -> JSONValue {
    [
      "protocol": .integer(AdapterProtocol.version),
      "implementation": ["name": "skan-conform reference", "version": .string(kitVersion), "language": "swift"],
      "suites": .array(Suite.allCases.map { .string($0.rawValue) }),
    ]
  }

  /// What to do with one message.
  public enum Action: Sendable, Equatable {
    /// Send this reply.
    case reply(JSONValue)
    /// Send nothing: a message without a `seq` that is not `hello` or `stop`.
    case ignore
    /// `stop`: exit 0 without a reply.
    case stop
  }

  /// The action for one message.
  /// - Parameter evaluate: how a suite answers; the reference model unless a test of the
  ///   kit swaps in a mutant.
  public static func action(
    for message: JSONValue, kitVersion: String,
    evaluate: @Sendable (Suite, JSONValue) -> SuiteResult = { suite, input in suite.evaluate(input) }
  ) -> Action {
    switch message["cmd"]?.stringValue {
    case "stop": return .stop
    case "hello": return .reply(helloReply(kitVersion: kitVersion))
    default:
      guard message["seq"] != nil else { return .ignore }
      return reply(to: message, kitVersion: kitVersion, evaluate: evaluate).map(Action.reply) ?? .stop
    }
  }

  /// The reply to one message, or `nil` for `stop` (the adapter then exits 0).
  public static func reply(
    to message: JSONValue, kitVersion: String,
    evaluate: @Sendable (Suite, JSONValue) -> SuiteResult = { suite, input in suite.evaluate(input) }
  ) -> JSONValue? {
    let seq = message["seq"] ?? .null
    switch message["cmd"]?.stringValue {
    case "hello":
      return helloReply(kitVersion: kitVersion)
    case "stop":
      return nil
    case "run":
      guard let suiteName = message["suite"]?.stringValue, let suite = Suite(rawValue: suiteName) else {
        return ["seq": seq, "skipped": ["reason": "unknown suite"]]
      }
      switch evaluate(suite, message["input"] ?? .null) {
      case .output(let output): return ["seq": seq, "output": output]
      case .error(let code, let text): return ["seq": seq, "error": ["code": .string(code), "message": .string(text)]]
      }
    default:
      return ["seq": seq, "error": ["code": "invalid-input", "message": "unknown cmd"]]
    }
  }
}
