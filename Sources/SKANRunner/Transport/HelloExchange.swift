import SKANJSON
import SKANVerdicts

/// The handshake on a freshly started process, shared by the stdio transports.
package enum HelloExchange {
  static func perform(on process: StdioProcess, options: RunOptions, kitVersion: String, closeInput: Bool)
    async throws(RunnerError) -> ImplementationIdentity
  {
    process.send(AdapterProtocol.line(AdapterProtocol.hello(kitVersion: kitVersion)))
    if closeInput { process.finishInput() }
    // Cancelled (Ctrl-C, or the run gave up while the vectors loaded): the process dies at
    // once, which ends the wait, instead of the wait running to the handshake timeout.
    let reply = await withTaskCancellationHandler {
      await read(process, timeout: options.handshakeTimeout)
    } onCancel: {
      process.kill()
    }
    if Task.isCancelled {
      process.kill()
      throw .interrupted
    }
    guard case .message(let message) = reply else {
      process.kill()
      switch reply {
      case .crashed:
        throw .cannotStart(command: options.command, reason: await exitDescription(process))
      case .timedOut(let seconds): throw .handshakeFailed(reason: "no hello reply within \(seconds) s")
      case .notJSON(let reason): throw .handshakeFailed(reason: "the hello reply is not JSON: \(reason)")
      case .oversized(let size):
        throw .handshakeFailed(reason: "the hello reply is longer than the cap (\(size) bytes)")
      case .httpStatus(let code): throw .handshakeFailed(reason: "HTTP status \(code)")
      case .protocolViolation(let reason): throw .handshakeFailed(reason: reason)
      case .interrupted: throw .interrupted
      case .message, .expectedOutput, .expectedError: throw .handshakeFailed(reason: "unreachable")
      }
    }
    do {
      return try ImplementationIdentity(helloReply: message)
    } catch {
      process.kill()
      throw error
    }
  }

  /// "it exited before answering hello (exit 127); its standard error ended with: …".
  static func exitDescription(_ process: StdioProcess) async -> String {
    process.finishInput()  // the writer ends, so the process can be reaped
    let status = await process.waitForExit(seconds: 2) ?? "still running, with its standard output closed"
    // Each line of the implementation's standard error is shown as text: a control
    // character (a screen clear, a colour, a carriage return that rewrites the line) is
    // written visibly, and the kit's line breaks are the only ones.
    let tail = process.standardErrorTail.split(separator: "\n").suffix(5).map { DisplayText.visible($0) }
      .joined(separator: "\n")
    var text = "it exited before answering hello (\(status))"
    if !tail.isEmpty { text += "; its standard error ended with:\n" + tail }
    return text
  }

  /// The next reply line from a process.
  static func read(_ process: StdioProcess, timeout: Double) async -> Verdict.Reply {
    switch await process.inbox.next(timeout: timeout) {
    case nil: return .timedOut(timeout)
    case .closed: return .crashed("the implementation exited or closed its output")
    case .oversized(let size): return .oversized(size)
    case .flooded(let count): return .protocolViolation(LineEvent.floodReason(count))
    case .line(let bytes): return parse(bytes)
    }
  }

  /// A reply line read as JSON; one that is not says where, shows how the line begins
  /// (``excerpt(_:)``) and where logs belong.
  static func parse(_ bytes: [UInt8]) -> Verdict.Reply {
    do {
      return .message(try JSONParser.parse(bytes: bytes))
    } catch {
      return .notJSON(
        "\(error.description); the line reads \(excerpt(bytes)) (logs belong on standard error, not standard output)")
    }
  }

  /// The most bytes of a line shown when it is not JSON.
  static let excerptBytes = 120

  /// How `bytes` begin, for a message: at most ``excerptBytes`` bytes, invalid UTF-8 replaced,
  /// control and other hazardous characters written visibly (``DisplayText``), quoted, with
  /// `…` when cut.
  package static func excerpt(_ bytes: some Collection<UInt8>) -> String {
    let shown = String(decoding: bytes.prefix(excerptBytes), as: UTF8.self)
    return "\"\(DisplayText(shown))\"" + (bytes.count > excerptBytes ? "…" : "")
  }
}
