import SKANJSON
public import SKANVectors
import SKANVocabulary

/// Decides the verdict for one reply.
public enum Verdict {
  /// What the transport got back for one request.
  public enum Reply: Sendable {
    /// A line that parsed as JSON.
    case message(JSONValue)
    /// The line `{"output":…,"seq":N}` whose output is spelled exactly as request `N`'s
    /// expected output (``SKANVectors/VectorCase/expectedOutputText``), diagnostic members and
    /// all: that output, taken without parsing or building either value. The same verdict as
    /// the ``message(_:)`` a parse of the line gives.
    case expectedOutput(seq: Int)
    /// The line `{"error":{"code":C,"message":M},"seq":N}` whose code `C` is exactly request
    /// `N`'s expected error code (``SKANVectors/VectorCase/expectedErrorCode``), read without a
    /// parse: the same verdict as the ``message(_:)`` a parse of the line gives.
    case expectedError(seq: Int, code: String, message: String)
    /// A line that did not parse, with the reason.
    case notJSON(String)
    /// A line longer than the cap.
    case oversized(Int)
    /// No reply within the timeout.
    case timedOut(Double)
    /// The process exited or closed its output, or the connection failed.
    case crashed(String)
    /// An HTTP response whose status is not 2xx.
    case httpStatus(Int)
    /// A reply that breaks the protocol in a way the transport saw, e.g. a second reply.
    case protocolViolation(String)
    /// The run was interrupted before the reply came; the case gets no verdict.
    case interrupted
  }

  /// The message an ``Reply/expectedOutput(seq:)`` reply spells: `{"output":…,"seq":N}` with
  /// the output `vector` expects.
  static func spelled(by seq: Int, for vector: VectorCase) -> JSONValue {
    .object(["output": vector.expectedOutput?.value ?? .null, "seq": .integer(seq)])
  }

  /// The message an ``Reply/expectedError(seq:code:message:)`` reply spells:
  /// `{"error":{"code":…,"message":…},"seq":…}`.
  public static func spelled(seq: Int, code: String, message: String) -> JSONValue {
    .object(["error": .object(["code": .string(code), "message": .string(message)]), "seq": .integer(seq)])
  }

  /// The result for `vector` given `reply` to the request with `seq`.
  public static func judge(_ vector: VectorCase, seq: Int, reply: Reply, duration: Double) -> CaseResult {
    judge(vector, seq: seq, reply: reply, duration: duration, budget: nil)
      ?? CaseResult(id: vector.id, suite: vector.suite.rawValue, requirements: vector.requirements, status: .skipped)
  }

  /// The result as ``judge(_:seq:reply:duration:)`` gives it, with the comparison of the reply
  /// bounded (a reply is the implementation's, and may be built to be slow to compare): a
  /// comparison still running `timeout` seconds after it started makes the case a `timeout`,
  /// and `nil` means the current task was cancelled (Ctrl-C) meanwhile, so the case gets no
  /// verdict, like an ``Reply/interrupted`` one.
  public static func judge(
    _ vector: VectorCase, seq: Int, reply: Reply, duration: Double, timeout: Double
  ) -> CaseResult? {
    judge(vector, seq: seq, reply: reply, duration: duration, budget: timeout)
  }

  private static func judge(
    _ vector: VectorCase, seq: Int, reply: Reply, duration: Double, budget: Double?
  ) -> CaseResult? {
    var result = CaseResult(
      id: vector.id, suite: vector.suite.rawValue, requirements: vector.requirements, status: .pass, duration: duration)
    func set(_ status: CaseStatus, _ message: String, _ differences: [JSONDiff.Difference] = []) -> CaseResult {
      result.status = status
      result.message = message
      result.differences = differences
      if status != .skipped {
        result.description = vector.description
        result.input = vector.input
        result.expected = vector.json["expected"]
        // The reply without its `seq`, which depends on the case's place in the run (a shard's
        // differs), so that reports of sharded and unsharded runs show the same; a bad `seq`
        // is in the message.
        if case .message(let value) = reply {
          if var members = value.objectValue {
            members["seq"] = nil
            result.actual = .object(members)
          } else {
            result.actual = value
          }
        }
      }
      return result
    }
    let message: JSONValue
    switch reply {
    case .notJSON(let reason): return set(.protocolError, "reply is not JSON: \(reason)")
    case .oversized(let size): return set(.protocolError, "reply is longer than the cap of \(size) bytes")
    case .timedOut(let seconds): return set(.timeout, "no reply within \(seconds) s")
    case .crashed(let reason): return set(.crash, reason)
    case .httpStatus(let code):
      return set(.protocolError, "HTTP status \(code) (a reply must be a 2xx response with a JSON body)")
    case .protocolViolation(let reason): return set(.protocolError, reason)
    case .interrupted: return set(.skipped, "interrupted before the reply")
    case .message(let value): message = value
    case .expectedOutput(let replySeq):
      // The output is the expected one, byte for byte: a pass (a verdict-level case drops the
      // same members on both sides), and when the case has diagnostic members and its output is
      // an object, they all agree: each is given exactly as expected. For a seq that is not this
      // request's, the reply is judged as the message it spells.
      guard replySeq == seq, let text = vector.expectedOutputText else {
        return judge(
          vector, seq: seq, reply: .message(spelled(by: replySeq, for: vector)), duration: duration, budget: budget)
      }
      if !vector.diagnostic.isEmpty, text.withBytes({ $0.first == UInt8(ascii: "{") }) {
        result.diagnostics = DiagnosticAgreement(status: .agree)
      }
      return result
    case .expectedError(let replySeq, let code, let text):
      // The code the case expects, under this request's seq: a pass (an error's message is
      // never compared, and an error has no diagnostics). Anything else is judged as the
      // message the line spells.
      if replySeq == seq, let expectedCode = vector.expectedErrorCode, code.utf8.elementsEqual(expectedCode.utf8) {
        return result
      }
      return judge(
        vector, seq: seq, reply: .message(spelled(seq: replySeq, code: code, message: text)), duration: duration,
        budget: budget)
    }
    guard message.objectValue != nil else { return set(.protocolError, "reply is not a JSON object") }
    guard let replySeq = message["seq"]?.exactInteger else {
      return set(.protocolError, "reply has no integer \"seq\"")
    }
    guard replySeq == seq else { return set(.protocolError, "reply has seq \(replySeq), expected \(seq)") }
    let fields = ["output", "error", "skipped"].filter { message[$0] != nil }
    guard fields.count == 1 else {
      return set(
        .protocolError,
        "reply must have exactly one of output, error, skipped (has \(fields.isEmpty ? "none" : fields.joined(separator: ", ")))"
      )
    }
    if let skipped = message["skipped"] {
      return set(.skipped, skipped["reason"]?.stringValue ?? "skipped by the implementation")
    }
    let answer: SuiteResult
    if let error = message["error"] {
      guard let code = error["code"]?.stringValue else {
        return set(.protocolError, "error reply has no string \"code\"")
      }
      answer = .error(code: code, message: error["message"]?.stringValue ?? "")
    } else {
      answer = .output(message["output"] ?? .null)
    }
    let verdictMismatch: AnswerMismatch?
    let diagnostics: DiagnosticAgreement?
    if let budget {
      let deadline = ContinuousClock.now + .milliseconds(Int(budget * 1000))
      guard let judged = vector.judgement(answer, until: deadline) else {
        if Task.isCancelled { return nil }
        return set(.timeout, "the reply could not be compared with the expected answer within \(budget) s")
      }
      (verdictMismatch, diagnostics) = judged
    } else {
      (verdictMismatch, diagnostics) = vector.judgement(answer)
    }
    result.diagnostics = diagnostics
    guard let mismatch = verdictMismatch else { return result }
    switch mismatch.kind {
    case .outputDiffers, .outputInsteadOfError: return set(.fail, mismatch.message, mismatch.differences)
    case .wrongErrorCode, .errorInsteadOfOutput: return set(.error, mismatch.message, mismatch.differences)
    }
  }
}
