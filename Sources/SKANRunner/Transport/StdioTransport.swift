import Foundation
public import SKANJSON

/// The persistent stdio transport: one process for the run, requests pipelined and replies
/// correlated by `seq`.
///
/// Only the oldest outstanding request is timed, from when it was sent or from the last
/// reply, whichever is later, so a slow but working adapter is not punished for the queue in
/// front of it. A crash, a timeout or a reply that cannot be matched costs the oldest
/// outstanding case; the process (and its process group) is killed and started again, and
/// the other outstanding requests are sent again to the new process.
public actor StdioTransport: ImplementationTransport {
  public nonisolated let name = "stdio"
  public nonisolated let target: String
  public nonisolated let concurrency: Int

  private enum Outcome {
    case reply(Verdict.Reply)
    case retry
  }

  private struct Pending {
    let continuation: CheckedContinuation<Outcome, Never>
    let sentAt: ContinuousClock.Instant
    let order: Int
  }

  private let options: RunOptions
  private let kitVersion: String
  private var process: StdioProcess?
  private var generation = 0
  private var pending: [Int: Pending] = [:]
  private var order = 0
  private var lastReply = ContinuousClock.now
  private var restarting: Task<Bool, Never>?

  /// Creates the transport; nothing starts until ``handshake()``.
  public init(options: RunOptions, kitVersion: String, pipelineDepth: Int = 64) {
    self.options = options
    self.kitVersion = kitVersion
    target = options.command
    concurrency = max(1, pipelineDepth)
  }

  public func handshake() async throws(RunnerError) -> ImplementationIdentity {
    let process = StdioProcess(command: options.command, maximumLineLength: options.maximumReplyBytes)
    let identity = try await HelloExchange.perform(
      on: process, options: options, kitVersion: kitVersion, closeInput: false)
    self.process = process
    generation += 1
    lastReply = .now
    let current = generation
    Task { await self.pump(process, generation: current) }
    Task { await self.watch(generation: current) }
    return identity
  }

  public func exchange(seq: Int, message: JSONValue) async -> Verdict.Reply {
    let line = AdapterProtocol.line(message)
    // A request is sent again only when another case's failure killed the process; each such
    // failure settles one case, so at most `concurrency` retries can be owed to others.
    for _ in 0...(concurrency + 1) {
      if process == nil, await !restart() { return .crashed("the implementation could not be restarted") }
      guard let process else { continue }
      let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        order += 1
        pending[seq] = Pending(continuation: continuation, sentAt: .now, order: order)
        process.send(line)
      }
      if case .reply(let reply) = outcome { return reply }
    }
    return .crashed("the implementation kept failing while this case was outstanding")
  }

  public func close() async {
    guard let process else { return }
    self.process = nil
    generation += 1
    process.send(AdapterProtocol.line(AdapterProtocol.stop))
    await process.shutdown(grace: 2)
  }

  // MARK: - Restarts

  private func restart() async -> Bool {
    if let restarting { return await restarting.value }
    let task = Task { () -> Bool in
      do {
        _ = try await self.handshake()
        return true
      } catch {
        return false
      }
    }
    restarting = task
    let started = await task.value
    restarting = nil
    return started
  }

  /// Kills the process; every outstanding request is sent again after a restart.
  private func abandon() {
    process?.kill()
    process = nil
    generation += 1
    let waiting = pending.values
    pending = [:]
    for entry in waiting { entry.continuation.resume(returning: .retry) }
  }

  private func failOldest(with reply: Verdict.Reply) {
    guard let (seq, oldest) = pending.min(by: { $0.value.order < $1.value.order }) else { return }
    pending[seq] = nil
    oldest.continuation.resume(returning: .reply(reply))
  }

  // MARK: - Reading

  private func pump(_ process: StdioProcess, generation current: Int) async {
    while current == generation {
      let event = await process.inbox.next()
      guard current == generation else { return }
      switch event {
      case .closed:
        failOldest(with: .crashed("the implementation exited or closed its output"))
        abandon()
        return
      case .oversized(let size):
        failOldest(with: .oversized(size))
        abandon()
      case .line(let bytes):
        let reply = HelloExchange.parse(bytes)
        if case .message(let message) = reply, let seq = message["seq"]?.exactInteger, let entry = pending[seq] {
          pending[seq] = nil
          lastReply = .now
          entry.continuation.resume(returning: .reply(reply))
        } else if !pending.isEmpty {
          // Not JSON, no seq, or a seq nobody waits for (unknown or repeated).
          failOldest(with: reply)
          abandon()
        }
      }
    }
  }

  /// Checks the oldest request's deadline every 20 ms while this process is current.
  private func watch(generation current: Int) async {
    while current == generation {
      try? await Task.sleep(for: .milliseconds(20))
      guard current == generation else { return }
      checkDeadline()
    }
  }

  private func checkDeadline() {
    guard let oldest = pending.min(by: { $0.value.order < $1.value.order }) else { return }
    let start = max(oldest.value.sentAt, lastReply)
    if ContinuousClock.now - start > .milliseconds(Int(options.timeout * 1000)) {
      failOldest(with: .timedOut(options.timeout))
      abandon()
    }
  }
}
