public import SKANVectors

/// Why a run could not go ahead at all. Problems with single cases are verdicts, not errors.
public enum RunnerError: Error, Sendable, CustomStringConvertible {
  /// The implementation could not be started (exit code 3).
  case cannotStart(command: String, reason: String)
  /// The implementation started but its `hello` reply was missing or malformed (exit code 3).
  case handshakeFailed(reason: String)
  /// Nothing accepted a connection at an HTTP endpoint within the readiness wait of
  /// `seconds` (`--wait`); `url` is shown with its credentials masked (exit code 3).
  case notReady(url: String, seconds: Double, reason: String)
  /// The run was interrupted (SIGINT, SIGTERM) before the implementation answered `hello`:
  /// nothing was run and there is no report (exit code 1, as for any interrupted run).
  case interrupted
  /// An expectations file is malformed (exit code 2).
  case invalidExpectations(file: String, message: String)
  /// The options leave nothing to run: a required suite without a case in the selection, or
  /// an empty shard (exit code 2, like a filter that selects nothing).
  case nothingToRun(String)
  /// The vector file whose cases were sent as it was read has a problem: the run has no
  /// report (exit code 4, as for any invalid vectors).
  case invalidVectors(VectorsError)

  /// The message for a person: the command (an endpoint's credentials masked, see
  /// ``URLRedaction``) and any text from the implementation written visibly (``DisplayText``).
  /// A reason for `cannotStart` is the kit's own text, with the implementation's standard
  /// error already made visible line by line.
  public var description: String {
    switch self {
    case .cannotStart(let command, let reason):
      return "cannot start `\(DisplayText(URLRedaction.redactURLs(in: command)))`: \(reason)"
    case .handshakeFailed(let reason): return "handshake failed: \(DisplayText(reason))"
    case .notReady(let url, let seconds, let reason):
      let waited = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
      return
        "nothing answered at \(DisplayText(URLRedaction.redact(url))) within the readiness wait of \(waited) s (--wait \(waited)): \(reason)"
    case .interrupted: return "interrupted before the implementation answered hello; nothing was run"
    case .invalidExpectations(let file, let message): return "\(file): \(message)"
    case .nothingToRun(let message): return message
    case .invalidVectors(let error): return "invalid vectors: \(DisplayText(error.description))"
    }
  }
}
