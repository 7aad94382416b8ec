import SKANJSON
import SKANVectors
import SKANVerdicts
import SKANVocabulary
import Testing

/// `Verdict.judge`: one reply, one case, one status. Each test names the vector it judges.
@Suite("Verdict: the status of one reply")
struct VerdictTests {
  /// A window-suite case expecting an output, with `measurement_over` a diagnostic-free member.
  static let outputCase = VectorCase(
    id: "window/test-output", suite: .window, description: "an output case", requirements: ["WIN-1"],
    basis: .apple, tags: [], input: ["profile": "production", "t0": 0, "at": 1],
    expected: .output(["window": 0, "measurement_over": false]))

  /// A window-suite case expecting the error code `invalid-input`.
  static let errorCase = VectorCase(
    id: "window/test-error", suite: .window, description: "an error case", requirements: ["IN-1"],
    basis: .kitDefined, tags: [], input: ["profile": "nowhere", "t0": 0, "at": 1],
    expected: .error(code: "invalid-input", message: ""))

  static func judge(_ vector: VectorCase, seq: Int = 7, _ reply: Verdict.Reply) -> CaseResult {
    Verdict.judge(vector, seq: seq, reply: reply, duration: 0.5)
  }

  @Test("the expected output passes, whatever the member order, and the report keeps the reply without its seq")
  func pass() {
    let result = Self.judge(Self.outputCase, .message(["seq": 7, "output": ["measurement_over": false, "window": 0]]))
    #expect(result.status == .pass, "\(Self.outputCase.id): \(result.message ?? "")")
    #expect(result.id == Self.outputCase.id && result.suite == "window" && result.requirements == ["WIN-1"])
    #expect(result.duration == 0.5)
    let failed = Self.judge(Self.outputCase, .message(["seq": 7, "output": ["measurement_over": false, "window": 1]]))
    #expect(failed.status == .fail)
    #expect(
      failed.actual == ["output": ["measurement_over": false, "window": 1]], "seq is dropped from the shown reply")
    #expect(failed.expected == ["output": ["measurement_over": false, "window": 0]])
    #expect(failed.differences.count == 1, "one member differs: \(failed.differences)")
  }

  @Test("a reply read as the expected output gets the verdict of the message it spells, for every vector")
  func expectedOutputReply() throws {
    let vectors = try VectorSet.embedded().cases.filter(\.expectsOutput)
    #expect(vectors.contains { !$0.diagnostic.isEmpty }, "vectors with diagnostics are among them")
    for vector in vectors {
      for seq in [7, 6] {
        let fast = Self.judge(vector, .expectedOutput(seq: seq))
        let spelled = Self.judge(
          vector, .message(["output": vector.expectedOutput?.value ?? .null, "seq": .integer(seq)]))
        #expect(fast == spelled, "\(vector.id), seq \(seq): \(fast.status) against \(spelled.status)")
        #expect(fast.status == (seq == 7 ? .pass : .protocolError), "\(vector.id), seq \(seq)")
      }
    }
  }

  @Test("a reply read as the expected error gets the verdict of the message it spells, for every vector")
  func expectedErrorReply() throws {
    let vectors = try VectorSet.embedded().cases
    #expect(vectors.contains { $0.expectedErrorCode != nil }, "vectors expecting errors are among them")
    for vector in vectors {
      for code in [vector.expectedErrorCode ?? "invalid-input", "not-a-code"] {
        for seq in [7, 6] {
          let fast = Self.judge(vector, .expectedError(seq: seq, code: code, message: "a \"message\""))
          let spelled = Self.judge(
            vector, .message(["error": ["code": .string(code), "message": "a \"message\""], "seq": .integer(seq)]))
          #expect(fast == spelled, "\(vector.id), \(code), seq \(seq): \(fast.status) against \(spelled.status)")
        }
      }
      if let code = vector.expectedErrorCode {
        #expect(Self.judge(vector, .expectedError(seq: 7, code: code, message: "")).status == .pass, "\(vector.id)")
      }
    }
  }

  @Test(
    "an output where an error is expected fails; an error where an output is expected, or the wrong code, is an error")
  func outputAndErrorCrossed() {
    #expect(Self.judge(Self.errorCase, .message(["seq": 7, "output": ["window": 0]])).status == .fail)
    #expect(Self.judge(Self.outputCase, .message(["seq": 7, "error": ["code": "invalid-input"]])).status == .error)
    #expect(Self.judge(Self.errorCase, .message(["seq": 7, "error": ["code": "out-of-range"]])).status == .error)
    let right = Self.judge(Self.errorCase, .message(["seq": 7, "error": ["code": "invalid-input", "message": "no"]]))
    #expect(right.status == .pass, "\(Self.errorCase.id): the message is free text: \(right.message ?? "")")
  }

  @Test("each way of breaking the protocol is a protocol error with its own message")
  func protocolErrors() {
    let cases: [(Verdict.Reply, CaseStatus, String)] = [
      (.message(["seq": 6, "output": ["window": 0]]), .protocolError, "reply has seq 6, expected 7"),
      (.message(["output": ["window": 0]]), .protocolError, "reply has no integer \"seq\""),
      (.message(["seq": 7]), .protocolError, "reply must have exactly one of output, error, skipped (has none)"),
      (
        .message(["seq": 7, "output": 1, "error": ["code": "x"]]), .protocolError,
        "reply must have exactly one of output, error, skipped (has output, error)"
      ),
      (.message(["seq": 7, "error": ["message": "m"]]), .protocolError, "error reply has no string \"code\""),
      (.message([1, 2]), .protocolError, "reply is not a JSON object"),
      (.notJSON("bad byte"), .protocolError, "reply is not JSON: bad byte"),
      (.oversized(1024), .protocolError, "reply is longer than the cap of 1024 bytes"),
      (.httpStatus(503), .protocolError, "HTTP status 503 (a reply must be a 2xx response with a JSON body)"),
      (.protocolViolation("a second reply"), .protocolError, "a second reply"),
      (.timedOut(10), .timeout, "no reply within 10.0 s"),
      (.crashed("exited with status 3"), .crash, "exited with status 3"),
      (.interrupted, .skipped, "interrupted before the reply"),
      (.message(["seq": 7, "skipped": ["reason": "not declared"]]), .skipped, "not declared"),
      (.message(["seq": 7, "skipped": [:]]), .skipped, "skipped by the implementation"),
    ]
    for (reply, status, message) in cases {
      let result = Self.judge(Self.outputCase, reply)
      #expect(result.status == status, "\(Self.outputCase.id) \(reply): \(result.status)")
      #expect(result.message == message, "\(Self.outputCase.id) \(reply)")
    }
  }

  @Test("an interrupted case carries no input, expected answer or reply; a judged one carries all three")
  func interruptedCarriesNothing() {
    let interrupted = Self.judge(Self.outputCase, .interrupted)
    #expect(interrupted.input == nil && interrupted.expected == nil && interrupted.description == nil)
    let crashed = Self.judge(Self.outputCase, .crashed("gone"))
    #expect(crashed.input == Self.outputCase.input && crashed.description == "an output case")
  }

  @Test("with a budget, the verdict is the same as without one for an ordinary reply")
  func budgeted() throws {
    let reply = Verdict.Reply.message(["seq": 7, "output": ["window": 2, "measurement_over": false]])
    let budgeted = try #require(Verdict.judge(Self.outputCase, seq: 7, reply: reply, duration: 0, timeout: 30))
    #expect(budgeted.status == Self.judge(Self.outputCase, reply).status)
    #expect(budgeted.differences == Self.judge(Self.outputCase, reply).differences)
  }
}
