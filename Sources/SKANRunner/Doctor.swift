import Foundation
import SKANJSON
import SKANModel
public import SKANVectors
import SKANVerdicts

/// Checks an adapter against the protocol itself, before any semantics, and says in plain
/// words what is wrong and how to fix it (`skan-conform doctor`).
public enum Doctor {
  /// One check's finding.
  public struct Finding: Sendable {
    /// `ok`, `warning` or `problem`.
    public enum Severity: String, Sendable { case ok, warning, problem }
    /// What was checked.
    public var check: String
    /// How it went.
    public var severity: Severity
    /// What happened, and for anything but `ok` how to fix it.
    public var detail: String
  }

  /// Examines a stdio adapter started with `sh -c command`.
  public static func examine(command: String, vectors: VectorSet, timeout: Double = 5) async -> [Finding] {
    var findings: [Finding] = []
    func add(_ check: String, _ severity: Finding.Severity, _ detail: String) {
      findings.append(Finding(check: check, severity: severity, detail: detail))
    }
    let process = StdioProcess(command: command, maximumLineLength: 8 << 20)
    defer { process.kill() }

    // 1. The handshake.
    let started = Date()
    process.send(AdapterProtocol.line(AdapterProtocol.hello(kitVersion: vectors.kitVersion)))
    let helloReply = await HelloExchange.read(process, timeout: 10)
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
        return findings
      }
    case .crashed:
      add(
        "handshake", .problem,
        "the adapter \(await HelloExchange.exitDescription(process).dropFirst("it ".count))\nRun the command by hand and pipe {\"cmd\":\"hello\",\"protocol\":1} into it to see its error."
      )
      return findings
    case .timedOut:
      add(
        "handshake", .problem,
        "no reply to hello within 10 s. Write the reply on standard output, end it with \\n and flush (Python: print(..., flush=True)); do not wait for more input first."
      )
      return findings
    case .notJSON(let reason):
      add(
        "handshake", .problem,
        "the first line on standard output is not JSON (\(reason)). Print logs to standard error, never to standard output."
      )
      return findings
    case .oversized, .httpStatus, .protocolViolation, .interrupted:
      add("handshake", .problem, "the hello reply could not be read")
      return findings
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
    else { return findings }

    // 2. One case, and the shape of its reply.
    var seq = 900_001
    let reply = await ask(
      process, AdapterProtocol.run(seq: seq, id: vector.id, suite: suite, input: vector.input), timeout: timeout)
    let verdict = Verdict.judge(vector, seq: seq, reply: reply, duration: 0)
    switch verdict.status {
    case .protocolError, .timeout, .crash:
      add(
        "reply", .problem,
        "\(DisplayText(verdict.message ?? verdict.status.rawValue)) for case \(vector.id). A reply is {\"seq\":N,\"output\":{…}} or {\"seq\":N,\"error\":{\"code\":…}} or {\"seq\":N,\"skipped\":{\"reason\":…}}, with the request's seq."
      )
      return findings
    default:
      add("reply", .ok, "answered case \(vector.id) with a well-formed reply (\(verdict.status.rawValue))")
    }

    // 3. Pipelined requests, matched by seq.
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

    // 4. An unknown suite should be skipped, not crash.
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
      return findings
    }

    // 5. Malformed input should be an error reply, not a crash.
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
      return findings
    }

    // 6. Exactly one reply per request.
    if let extra = await process.inbox.next(timeout: 0.3), case .line(let bytes) = extra {
      add(
        "one reply each", .problem,
        "an extra line arrived: \(DisplayText(String(decoding: bytes.prefix(120), as: UTF8.self))). Print exactly one line per request, and logs to standard error."
      )
    } else {
      add("one reply each", .ok, "no extra output")
    }

    // 7. Timing.
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

    // 8. A clean exit on stop.
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
    return findings
  }

  private static func ask(_ process: StdioProcess, _ message: JSONValue, timeout: Double) async -> Verdict.Reply {
    process.send(AdapterProtocol.line(message))
    return await HelloExchange.read(process, timeout: timeout)
  }

  /// A reply for a finding, the implementation's text written visibly (``DisplayText``).
  private static func describe(_ reply: Verdict.Reply) -> String {
    DisplayText.visible(plainDescription(reply))
  }

  private static func plainDescription(_ reply: Verdict.Reply) -> String {
    switch reply {
    case .message(let message): return CanonicalJSON.compact(message)
    case .notJSON(let reason): return "a line that is not JSON (\(reason))"
    case .oversized(let size): return "a line over \(size) bytes"
    case .timedOut(let seconds): return "nothing within \(seconds) s"
    case .crashed(let reason): return reason
    case .httpStatus(let code): return "HTTP \(code)"
    case .protocolViolation(let reason): return reason
    case .interrupted: return "nothing: interrupted"
    }
  }

  private static func milliseconds(since start: Date) -> Int { Int(Date().timeIntervalSince(start) * 1000) }
}
