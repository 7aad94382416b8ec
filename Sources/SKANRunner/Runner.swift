import Foundation
import SKANJSON
import SKANSuites
public import SKANVectors

/// Runs vectors against an implementation over the persistent stdio transport.
///
/// One process serves the whole run. A crash, a timeout or a protocol error costs one case:
/// the process is killed if needed and started again (with a new handshake) for the next.
public enum Runner {
  /// Runs `cases` and returns the report.
  /// - Parameter progress: called after each case, in order.
  /// - Throws: ``RunnerError`` when the implementation cannot start or fails its first
  ///   handshake (exit code 3).
  public static func run(
    cases: [VectorCase], vectors: VectorSet, options: RunOptions,
    progress: @Sendable (CaseResult) -> Void = { _ in }
  ) async throws(RunnerError) -> RunReport {
    let startedAt = ISO8601DateFormatter().string(from: Date())
    var session = try await Session.start(options: options, kitVersion: vectors.kitVersion)
    let identity = session.identity
    let declared = Set(identity.suites)
    var results: [CaseResult] = []
    var seq = 0
    for vector in cases {
      guard declared.contains(vector.suite.rawValue) else {
        let result = CaseResult(
          id: vector.id, suite: vector.suite.rawValue, requirements: vector.requirements, status: .skipped,
          message: "suite \(vector.suite.rawValue) not declared by the implementation")
        results.append(result)
        progress(result)
        continue
      }
      if session.needsRestart {
        if let restarted = try? await Session.start(options: options, kitVersion: vectors.kitVersion) {
          session = restarted
        }
      }
      seq += 1
      let started = Date()
      let reply: Verdict.Reply
      if session.needsRestart {
        reply = .crashed("the implementation could not be restarted")
      } else {
        reply = await session.request(
          AdapterProtocol.run(seq: seq, id: vector.id, suite: vector.suite.rawValue, input: vector.input),
          timeout: options.timeout)
      }
      let result = Verdict.judge(vector, seq: seq, reply: reply, duration: Date().timeIntervalSince(started))
      switch result.status {
      case .crash, .timeout, .protocolError: session.abandon()
      default: break
      }
      results.append(result)
      progress(result)
    }
    await session.stop()
    return RunReport(
      kitVersion: vectors.kitVersion, vectorDigest: vectors.digest, implementation: identity, transport: "stdio",
      target: options.command, startedAt: startedAt, results: results, complete: true)
  }
}

/// One started and handshaken process.
struct Session {
  let process: StdioProcess
  let identity: ImplementationIdentity
  private(set) var needsRestart = false

  static func start(options: RunOptions, kitVersion: String) async throws(RunnerError) -> Session {
    let process = StdioProcess(command: options.command, maximumLineLength: options.maximumReplyBytes)
    process.send(AdapterProtocol.line(AdapterProtocol.hello(kitVersion: kitVersion)))
    let reply = await Session.read(process, timeout: options.handshakeTimeout)
    guard case .message(let message) = reply else {
      process.kill()
      switch reply {
      case .crashed: throw .cannotStart(command: options.command, reason: "it exited before answering hello")
      case .timedOut(let seconds): throw .handshakeFailed(reason: "no hello reply within \(seconds) s")
      case .notJSON(let reason): throw .handshakeFailed(reason: "the hello reply is not JSON: \(reason)")
      case .oversized(let size): throw .handshakeFailed(reason: "the hello reply is longer than the cap (\(size) bytes)")
      case .message: throw .handshakeFailed(reason: "unreachable")
      }
    }
    do {
      return Session(process: process, identity: try ImplementationIdentity(helloReply: message))
    } catch {
      process.kill()
      throw error
    }
  }

  func request(_ message: JSONValue, timeout: Double) async -> Verdict.Reply {
    process.send(AdapterProtocol.line(message))
    return await Session.read(process, timeout: timeout)
  }

  static func read(_ process: StdioProcess, timeout: Double) async -> Verdict.Reply {
    switch await process.inbox.next(timeout: timeout) {
    case nil: return .timedOut(timeout)
    case .closed: return .crashed("the implementation exited or closed its output")
    case .oversized(let size): return .oversized(size)
    case .line(let bytes):
      do {
        return .message(try JSONParser.parse(bytes: bytes))
      } catch {
        return .notJSON(error.description)
      }
    }
  }

  /// Kills the process; the next case starts a new one.
  mutating func abandon() {
    process.kill()
    needsRestart = true
  }

  func stop() async {
    guard !needsRestart else { return }
    process.send(AdapterProtocol.line(AdapterProtocol.stop))
    await process.shutdown(grace: 2)
  }
}
