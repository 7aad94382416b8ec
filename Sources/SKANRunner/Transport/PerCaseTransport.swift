public import SKANVerdicts

/// One process per case: for the handshake a process gets the `hello` line and then end of
/// input; for each case a new process gets one `run` line and then end of input, and must
/// print one reply line. The timeout covers the whole process.
public struct PerCaseTransport: ImplementationTransport {
  public let kind = TransportKind.perCase
  public let target: String
  public let concurrency: Int
  public let timeout: Double
  private let options: RunOptions
  private let kitVersion: String

  /// Creates the transport; `concurrency` processes may run at once.
  public init(options: RunOptions, kitVersion: String, concurrency: Int = 2) {
    self.options = options
    self.kitVersion = kitVersion
    target = URLRedaction.redactURLs(in: options.command)
    timeout = options.timeout
    self.concurrency = max(1, concurrency)
  }

  public func handshake() async throws(RunnerError) -> ImplementationIdentity {
    let process = StdioProcess(command: options.command, maximumLineLength: options.maximumReplyBytes)
    let identity = try await HelloExchange.perform(
      on: process, options: options, kitVersion: kitVersion, closeInput: true)
    await process.shutdown(grace: 1)
    return identity
  }

  public func exchange(_ request: RunRequest) async -> Verdict.Reply {
    if Task.isCancelled { return .interrupted }
    let process = StdioProcess(command: options.command, maximumLineLength: options.maximumReplyBytes)
    return await withTaskCancellationHandler {
      process.send(request.line)
      process.finishInput()
      let reply = await HelloExchange.read(process, timeout: options.timeout)
      if Task.isCancelled { return .interrupted }
      guard case .message = reply else {
        process.kill()
        return reply
      }
      // One request, one reply: a second line before the process ends breaks the protocol.
      let more = await process.inbox.next(timeout: 1)
      process.kill()
      await process.shutdown(grace: 0)
      switch more {
      case .line?, .oversized?, .flooded?:
        return .protocolViolation("a second line after the reply (each request gets exactly one reply)")
      case .closed?, nil:
        return reply
      }
    } onCancel: {
      process.kill()
    }
  }

  public func close() async {}
}
