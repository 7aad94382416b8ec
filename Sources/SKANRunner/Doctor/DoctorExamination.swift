import Foundation
import SKANJSON
import SKANVectors
import SKANVerdicts
import SKANVocabulary

/// One run of `skan-conform doctor` against one adapter process: the checks in order, each a
/// method, and the findings so far. Built by ``Doctor/examine(command:vectors:timeout:)``.
struct DoctorExamination {
  /// The adapter.
  let process: StdioProcess
  /// The vectors the cases come from.
  let vectors: VectorSet
  /// Seconds to wait for each reply.
  let timeout: Double
  /// What was found so far.
  private(set) var findings: [Doctor.Finding] = []
  /// The last `seq` sent (the doctor's own range, far from a run's).
  var seq = 900_001

  init(process: StdioProcess, vectors: VectorSet, timeout: Double) {
    self.process = process
    self.vectors = vectors
    self.timeout = timeout
  }

  /// Runs every check in order, stopping where the adapter cannot be examined further.
  mutating func run() async {
    guard let (suite, vector) = await handshake(), await oneCase(suite: suite, vector: vector) else { return }
    await pipelining(suite: suite)
    guard await unknownSuite(), await malformedInput(suite: suite) else { return }
    await oneReplyEach()
    await timing(suite: suite, vector: vector)
    await cleanStop()
  }

  /// Records one finding.
  mutating func add(_ check: String, _ severity: Doctor.Finding.Severity, _ detail: String) {
    findings.append(Doctor.Finding(check: check, severity: severity, detail: detail))
  }

  /// Check 1: the handshake, and the suites it declares; the first declared suite the kit knows and its first case, or `nil` when the examination cannot go on.
  mutating func handshake() async -> (suite: String, vector: VectorCase)? {
    let started = Date()
    process.send(AdapterProtocol.line(AdapterProtocol.hello(kitVersion: vectors.kitVersion)))
    let helloTimeout = max(10, timeout)
    let helloReply = await HelloExchange.read(process, timeout: helloTimeout)
    let identity: ImplementationIdentity
    switch helloReply {
    case .message(let message):
      do {
        identity = try ImplementationIdentity(helloReply: message)
        add(
          "handshake", .ok,
          "answered hello in \(milliseconds(since: started)) ms as \(DisplayText(identity.name)) \(DisplayText(identity.version)) (\(DisplayText(identity.language)))"
        )
      } catch {
        add(
          "handshake", .problem,
          "\(error). Reply with {\"protocol\":1,\"implementation\":{\"name\":…,\"version\":…,\"language\":…},\"suites\":[…]} on one line."
        )
        return nil
      }
    case .crashed:
      add(
        "handshake", .problem,
        "the adapter \(await HelloExchange.exitDescription(process).dropFirst("it ".count))\nRun the command by hand and pipe {\"cmd\":\"hello\",\"protocol\":1} into it to see its error."
      )
      return nil
    case .timedOut:
      add(
        "handshake", .problem,
        "no reply to hello within \(Int(helloTimeout)) s. Write the reply on standard output, end it with \\n and flush (Python: print(..., flush=True)); do not wait for more input first."
      )
      return nil
    case .notJSON(let reason):
      add(
        "handshake", .problem,
        "the first line on standard output is not JSON: \(reason)."
      )
      return nil
    case .oversized, .httpStatus, .protocolViolation, .interrupted, .expectedOutput, .expectedError:
      add("handshake", .problem, "the hello reply could not be read")
      return nil
    }
    let known = Set(Suite.allCases.map(\.rawValue))
    let unknown = identity.suites.filter { !known.contains($0) }
    if identity.suites.isEmpty {
      add(
        "suites", .warning,
        "the adapter declares no suite, so every case will be skipped. List the suites you implement in \"suites\".")
    } else if !unknown.isEmpty {
      add(
        "suites", .warning,
        "unknown suite names \(DisplayText(unknown.description)); the suites are \(Suite.allCases.map(\.rawValue).joined(separator: ", "))."
      )
    } else {
      add("suites", .ok, "declares \(DisplayText(identity.suites.joined(separator: ", ")))")
    }
    guard let suite = identity.suites.first(where: known.contains),
      let vector = vectors.cases.first(where: { $0.suite.rawValue == suite })
    else { return nil }
    return (suite, vector)
  }

  /// Check 2: one case, and the shape of its reply; false when the reply is unusable.
  mutating func oneCase(suite: String, vector: VectorCase) async -> Bool {
    let reply = await ask(
      process, AdapterProtocol.run(seq: seq, id: vector.id, suite: suite, input: vector.input), timeout: timeout)
    let verdict = Verdict.judge(vector, seq: seq, reply: reply, duration: 0)
    switch verdict.status {
    case .protocolError, .timeout, .crash:
      add(
        "reply", .problem,
        "\(DisplayText(verdict.message ?? verdict.status.rawValue)) for case \(vector.id). A reply is {\"seq\":N,\"output\":{…}} or {\"seq\":N,\"error\":{\"code\":…}} or {\"seq\":N,\"skipped\":{\"reason\":…}}, with the request's seq."
      )
      return false
    default:
      add("reply", .ok, "answered case \(vector.id) with a well-formed reply (\(verdict.status.rawValue))")
    }
    return true
  }

  /// Check 3: several requests in one write, answered each with its own `seq`.
  mutating func pipelining(suite: String) async {
    let pipelined = vectors.cases.filter { $0.suite.rawValue == suite }.prefix(3)
    var lines: [UInt8] = []
    var expected: Set<Int> = []
    for item in pipelined {
      seq += 1
      expected.insert(seq)
      lines += AdapterProtocol.line(AdapterProtocol.run(seq: seq, id: item.id, suite: suite, input: item.input))
    }
    process.send(lines)
    var answered: [Int] = []
    for _ in expected {
      guard case .message(let message) = await HelloExchange.read(process, timeout: timeout),
        let got = message["seq"]?.exactInteger
      else { break }
      answered.append(got)
    }
    if Set(answered) == expected && answered.count == expected.count {
      add("pipelining", .ok, "answered \(expected.count) requests sent together, each with its own seq")
    } else {
      add(
        "pipelining", .problem,
        "sent seq \(expected.sorted()) in one write and got \(answered). Read one line at a time, answer each with its own seq, and do not wait for the end of input."
      )
    }
  }

  /// Check 4: a suite the adapter does not know: `skipped`, not a crash; false when there is no usable reply.
  mutating func unknownSuite() async -> Bool {
    seq += 1
    let unknownReply = await ask(
      process, AdapterProtocol.run(seq: seq, id: "doctor/unknown-suite", suite: "no-such-suite", input: [:]),
      timeout: timeout)
    if case .message(let message) = unknownReply, message["seq"]?.exactInteger == seq {
      if message["skipped"] != nil {
        add("unknown suite", .ok, "answered skipped")
      } else {
        add(
          "unknown suite", .warning,
          "answered \(DisplayText(CanonicalJSON.compact(message))) for a suite it does not know; answer {\"seq\":N,\"skipped\":{\"reason\":…}} instead."
        )
      }
    } else {
      add(
        "unknown suite", .problem,
        "no usable reply for a suite it does not know (\(describe(unknownReply))). Answer skipped; never exit.")
      return false
    }
    return true
  }

  /// Check 5: an input that is not an object: an error reply, not a crash; false when it is not.
  mutating func malformedInput(suite: String) async -> Bool {
    seq += 1
    let malformed = await ask(
      process, AdapterProtocol.run(seq: seq, id: "doctor/malformed", suite: suite, input: "not an object"),
      timeout: timeout)
    if case .message(let message) = malformed, message["seq"]?.exactInteger == seq,
      message["error"]?["code"]?.stringValue != nil
    {
      add("malformed input", .ok, "answered an error code for an input that is not an object")
    } else {
      add(
        "malformed input", .problem,
        "an input that is not an object got \(describe(malformed)). Catch every exception and answer {\"seq\":N,\"error\":{\"code\":\"invalid-input\"}}."
      )
      return false
    }
    return true
  }

  /// Check 6: exactly one reply per request: nothing more arrives.
  mutating func oneReplyEach() async {
    if let extra = await process.inbox.next(timeout: 0.3), case .line(let bytes) = extra {
      add(
        "one reply each", .problem,
        "an extra line arrived: \(DisplayText(String(decoding: bytes.prefix(120), as: UTF8.self))). Print exactly one line per request, and logs to standard error."
      )
    } else {
      add("one reply each", .ok, "no extra output")
    }
  }

  /// Check 7: the median reply time over 20 requests.
  mutating func timing(suite: String, vector: VectorCase) async {
    var latencies: [Int] = []
    for _ in 0..<20 {
      seq += 1
      let start = Date()
      _ = await ask(
        process, AdapterProtocol.run(seq: seq, id: vector.id, suite: suite, input: vector.input), timeout: timeout)
      latencies.append(milliseconds(since: start))
    }
    let median = latencies.sorted()[latencies.count / 2]
    add(
      "timing", median > 1000 ? .warning : .ok,
      "median reply time \(median) ms over 20 requests\(median > 1000 ? "; the runner's default timeout is 5 s" : "")")
  }

  /// Check 8: a clean exit, status 0, on `stop`.
  mutating func cleanStop() async {
    process.send(AdapterProtocol.line(AdapterProtocol.stop))
    process.finishInput()
    switch await process.waitForExit(seconds: 2) {
    case "exit 0"?: add("stop", .ok, "exited 0 on stop")
    case let status?: add("stop", .problem, "ended with \(status) on stop; exit 0.")
    case nil:
      add(
        "stop", .problem,
        "still running 2 s after stop. Exit when you read {\"cmd\":\"stop\"} or reach the end of input.")
    }
  }

  /// Sends `message` and reads one reply.
  func ask(_ process: StdioProcess, _ message: JSONValue, timeout: Double) async -> Verdict.Reply {
    process.send(AdapterProtocol.line(message))
    return await HelloExchange.read(process, timeout: timeout)
  }

  /// A reply for a finding, the implementation's text written visibly (``DisplayText``).
  func describe(_ reply: Verdict.Reply) -> String {
    DisplayText.visible(plainDescription(reply))
  }

  func plainDescription(_ reply: Verdict.Reply) -> String {
    switch reply {
    case .message(let message): return CanonicalJSON.compact(message)
    case .expectedOutput(let seq): return "the expected output (seq \(seq))"
    case .expectedError(let seq, let code, let message):
      return CanonicalJSON.compact(Verdict.spelled(seq: seq, code: code, message: message))
    case .notJSON(let reason): return "a line that is not JSON (\(reason))"
    case .oversized(let size): return "a line over \(size) bytes"
    case .timedOut(let seconds): return "nothing within \(seconds) s"
    case .crashed(let reason): return reason
    case .httpStatus(let code): return "HTTP \(code)"
    case .protocolViolation(let reason): return reason
    case .interrupted: return "nothing: interrupted"
    }
  }

  func milliseconds(since start: Date) -> Int { Int(Date().timeIntervalSince(start) * 1000) }
}
