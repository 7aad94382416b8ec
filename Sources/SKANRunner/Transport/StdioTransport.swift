import DequeModule
import Foundation
import SKANJSON
public import SKANVerdicts

/// The persistent stdio transport: one process for the run, requests pipelined and replies
/// correlated by `seq` (Spec/adapter-protocol.md, sections 5.1 and 6).
///
/// **Who pays for a fault.** A reply with an outstanding `seq` settles that case. A fault
/// that cannot be tied to one `seq` (the process exits, a line that is not a reply, a `seq`
/// that was never sent, a line over the cap, or a timeout) is charged at once when exactly
/// one request is outstanding. When several are, nobody can tell which of them caused it:
/// the process group is killed, a new process is started, and the outstanding requests are
/// *replayed one at a time*, each with its own deadline, so the culprit faults again alone
/// and every other case gets its real verdict; then pipelining resumes. A case is replayed
/// at most once. A second reply for a `seq` already answered is a protocol error of that
/// case (``lateProtocolErrors()``), never of another one.
///
/// Up to `pipelineDepth` requests are outstanding; once that many are, the next ones are sent
/// when half of them are answered, together. The runner hands requests over
/// ``batchSize`` at a time (``exchange(_:)-([RunRequest])``) and is woken once per batch, not
/// once per reply: a case then costs a fraction of a task switch.
///
/// Only the oldest outstanding request is timed, from when it was sent or from the last
/// reply, whichever is later, so a slow but working adapter is not punished for the queue in
/// front of it. Cancelling an ``exchange(_:)`` interrupts the whole run: every
/// request still waiting gets ``Verdict/Reply/interrupted`` at once.
///
/// **Threads.** Replies are settled on the thread that reads the implementation's output, as
/// they are read (``LineInbox/deliver(to:)``): no task is woken to read them, and a batch's
/// caller is resumed once its last reply is in. Every state below is read and written under
/// `lock`; callers are resumed after it is released.
///
/// `@unchecked Sendable`: every stored `var` is read and written under `lock`.
public final class StdioTransport: ImplementationTransport, @unchecked Sendable {
  public let kind = TransportKind.stdio
  public let target: String
  public let concurrency: Int
  public let timeout: Double
  public let batchSize: Int

  /// The replies to one batch, settled one request at a time; the batch's caller resumes when
  /// the last is (``resume()``, once the lock is released). Only touched under the lock, but
  /// for ``resume()``.
  private final class ReplyGroup {
    private var replies: [(reply: Verdict.Reply, at: ContinuousClock.Instant)?]
    private var remaining: Int
    private let continuation: CheckedContinuation<[(reply: Verdict.Reply, at: ContinuousClock.Instant)], Never>

    init(count: Int, continuation: CheckedContinuation<[(reply: Verdict.Reply, at: ContinuousClock.Instant)], Never>) {
      replies = Array(repeating: nil, count: count)
      remaining = count
      self.continuation = continuation
    }

    /// Settles request `slot` of the batch, its reply in `at`; a request is settled once, later
    /// calls are ignored. True when this was the batch's last.
    func settle(_ slot: Int, _ reply: Verdict.Reply, at: ContinuousClock.Instant) -> Bool {
      guard replies[slot] == nil else { return false }
      replies[slot] = (reply, at)
      remaining -= 1
      return remaining == 0
    }

    /// Gives the batch's caller its replies; called once, after the last is settled.
    func resume() {
      continuation.resume(returning: replies.map { $0 ?? (.interrupted, .now) })
    }
  }

  /// The seqs answered: a bit each for the positive ones below 2^24 (a run numbers its cases
  /// from 1), a set for any other.
  private struct SeqSet {
    private var bits: [UInt64] = []
    private var others: Set<Int> = []
    private static let denseLimit = 1 << 24

    mutating func insert(_ seq: Int) {
      guard seq > 0, seq < Self.denseLimit else {
        others.insert(seq)
        return
      }
      let word = seq >> 6
      if word >= bits.count { bits += repeatElement(0, count: max(word + 1 - bits.count, bits.count)) }
      bits[word] |= 1 << UInt64(seq & 63)
    }

    func contains(_ seq: Int) -> Bool {
      guard seq > 0, seq < Self.denseLimit else { return others.contains(seq) }
      let word = seq >> 6
      return word < bits.count && bits[word] & (1 << UInt64(seq & 63)) != 0
    }
  }

  /// One request, from `exchange` until its reply: one object, moved between the queues by
  /// reference (a request is in one of them at a time), not copied member by member. Only
  /// touched under the lock.
  private final class Job {
    let seq: Int
    let line: [UInt8]
    /// The output the case expects and its text (``RunRequest/expectedOutput``).
    let expectedOutput: (text: JSONText, value: DeferredJSON)?
    /// The error code the case expects (``RunRequest/expectedErrorCode``).
    let expectedErrorCode: String?
    /// The batch it belongs to: set once, under the lock, before it is queued.
    var group: ReplyGroup?
    let slot: Int
    /// Whether this is its second sending, after a fault nobody could attribute.
    var replayed = false
    var sentAt = ContinuousClock.now
    var order = 0

    init(
      seq: Int, line: [UInt8], expectedOutput: (text: JSONText, value: DeferredJSON)?, expectedErrorCode: String?,
      slot: Int
    ) {
      self.seq = seq
      self.line = line
      self.expectedOutput = expectedOutput
      self.expectedErrorCode = expectedErrorCode
      self.slot = slot
    }
  }

  private let options: RunOptions
  private let kitVersion: String
  private let lock = NSLock()
  /// Batches whose last reply was settled under the lock: resumed once it is released.
  private var finished: [ReplyGroup] = []
  private var process: StdioProcess?
  private var generation = 0
  /// Requests not sent yet, in order.
  private var waiting = Deque<Job>()
  /// Requests to be sent again, one at a time, after a fault with several outstanding.
  private var replays: [Job] = []
  /// Requests sent to the current process and not answered.
  private var inFlight: [Int: Job] = [:]
  /// Whether the one request in flight is a replay (nothing else is sent meanwhile).
  private var replayInFlight = false
  private var answered = SeqSet()
  private var secondReplies: [Int: String] = [:]
  private var events: [String] = []
  /// Lines that were no reply, and replies naming a seq never sent, that came while nothing was
  /// outstanding: counted, not listed one by one (an implementation may write them by the
  /// million). Each fault is listed: there is at most one a restart.
  private var strayLines = 0
  private var strayReplies: (first: Int?, count: Int) = (nil, 0)
  private var order = 0
  private var lastReply = ContinuousClock.now
  private var restarting = false
  /// Set when the implementation could not be started again; every later case gets it.
  private var failure: String?
  private var interrupted = false
  private var closing = false

  /// Creates the transport. The implementation starts at ``handshake()``, or at once with
  /// `startingNow` (on the calling thread, before anything else the caller starts competes
  /// with it for a core; ``handshake()`` then greets that process).
  public init(
    options: RunOptions, kitVersion: String, pipelineDepth: Int = StdioTransport.defaultPipelineDepth,
    startingNow: Bool = false
  ) {
    self.options = options
    self.kitVersion = kitVersion
    target = URLRedaction.redactURLs(in: options.command)
    timeout = options.timeout
    concurrency = max(1, pipelineDepth)
    batchSize = max(1, min(Self.largestBatch, concurrency / 8))
    started = startingNow ? StdioProcess(command: options.command, maximumLineLength: options.maximumReplyBytes) : nil
  }

  /// Runs `body` under the lock, then resumes the callers of the batches it finished.
  private func locked<Result>(_ body: () -> Result) -> Result {
    lock.lock()
    let result = body()
    let done = finished
    finished = []
    lock.unlock()
    for group in done { group.resume() }
    return result
  }

  /// Gives `job` its reply, received at `at`. Under the lock.
  private func settle(_ job: Job, _ reply: Verdict.Reply, at: ContinuousClock.Instant = .now) {
    if let group = job.group, group.settle(job.slot, reply, at: at) { finished.append(group) }
  }

  /// The process started with the transport, until the first handshake takes it.
  private var started: StdioProcess?

  /// The requests outstanding when `--concurrency` is not given.
  public static let defaultPipelineDepth = 256

  /// The most requests one batch holds: with the default depth, eight batches are outstanding,
  /// and a worker is woken once per 32 replies. Over a large file of small cases this takes a
  /// fifth off a run (batches of 8 at a depth of 64: a wake-up, a task switch and a lock per
  /// eight cases); with the official vectors it makes no difference either way.
  static let largestBatch = 32

  public func handshake() async throws(RunnerError) -> ImplementationIdentity {
    let (process, identity) = try await start()
    install(process)
    return identity
  }

  public func exchange(_ request: RunRequest) async -> Verdict.Reply {
    await exchange([request]).first?.reply ?? .interrupted
  }

  /// Sends `requests` and returns each one's reply and when it came, in order. The request
  /// lines are made on the caller's thread; the caller is resumed once, when the last reply
  /// of the batch is in.
  public func exchange(
    _ requests: [RunRequest]
  ) async -> [(reply: Verdict.Reply, at: ContinuousClock.Instant)] {
    guard !requests.isEmpty else { return [] }
    // Each request's members read in place (a request copied would retain and release each).
    let jobs = requests.indices.map { slot in
      Job(
        seq: requests[slot].seq, line: requests[slot].line, expectedOutput: requests[slot].expectedOutput,
        expectedErrorCode: requests[slot].expectedErrorCode, slot: slot)
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let refused: Verdict.Reply? = locked {
          if interrupted || Task.isCancelled { return .interrupted }
          if let failure { return .crashed(failure) }
          let group = ReplyGroup(count: jobs.count, continuation: continuation)
          for job in jobs {
            job.group = group
            waiting.append(job)
          }
          dispatch()
          return nil
        }
        if let refused { continuation.resume(returning: jobs.map { _ in (refused, .now) }) }
      }
    } onCancel: {
      locked { interrupt() }
    }
  }

  public func close() async {
    let process: StdioProcess? = locked {
      closing = true
      // Started with the transport and never greeted: nothing to say goodbye to.
      started?.kill()
      started = nil
      return self.process
    }
    guard let process else { return }
    process.send(AdapterProtocol.line(AdapterProtocol.stop))
    // The output is read (and delivered) until it ends, so a late second reply is still seen.
    await process.shutdown(grace: locked { interrupted } ? 0.2 : 2)
    locked {
      self.process = nil
      generation += 1
    }
  }

  public func lateProtocolErrors() async -> [Int: String] { locked { secondReplies } }

  public func incidents() async -> [String] { locked { incidentList() } }

  private func incidentList() -> [String] {
    var all = events
    if strayLines == 1 { all.append("a line that is not a reply arrived with no request outstanding; ignored") }
    if strayLines > 1 {
      all.append("\(strayLines) lines that are not replies arrived with no request outstanding; ignored")
    }
    if let first = strayReplies.first {
      all.append(
        strayReplies.count == 1
          ? "a reply with seq \(first), which was never sent, arrived with nothing outstanding; ignored"
          : "\(strayReplies.count) replies with seqs never sent (the first \(first)) arrived with nothing outstanding; ignored"
      )
    }
    return all
  }

  // MARK: - Sending

  /// Sends what may be sent now: the next replay alone, or new requests up to the depth.
  private func dispatch() {
    guard !closing, !interrupted, failure == nil else { return }
    guard let process else {
      if !restarting, !waiting.isEmpty || !replays.isEmpty { restart() }
      return
    }
    if !replays.isEmpty {
      guard inFlight.isEmpty else { return }
      replayInFlight = true
      send(replays.removeFirst(), on: process)
      return
    }
    guard !replayInFlight else { return }
    // Refilled in batches: once half the depth is answered, the pipe is filled up again in
    // one go, so the adapter reads many requests per read and answers them with one write
    // (with a request sent as each reply comes, both sides made a system call and a wake-up a
    // case, which made the reference adapter 40 % slower than fed from a file).
    guard inFlight.count <= concurrency / 2 else { return }
    // Queued for the writer together: one write, not one a line as it wakes.
    var lines: [UInt8] = []
    let now = ContinuousClock.now
    while inFlight.count < concurrency, !waiting.isEmpty {
      lines += record(waiting.removeFirst(), at: now)
    }
    if !lines.isEmpty { process.send(lines) }
  }

  private func send(_ job: Job, on process: StdioProcess) {
    process.send(record(job, at: .now))
  }

  /// Marks `job` as sent at `now` and returns its line.
  private func record(_ job: Job, at now: ContinuousClock.Instant) -> [UInt8] {
    order += 1
    job.order = order
    job.sentAt = now
    inFlight[job.seq] = job
    return job.line
  }

  // MARK: - Faults

  /// A fault that no `seq` names: charged to the only outstanding request, or, with several
  /// outstanding, the process is replaced and they are replayed one at a time.
  private func fault(_ reply: Verdict.Reply, _ what: String) {
    guard !interrupted else { return }
    let jobs = inFlight.values.sorted { $0.order < $1.order }
    inFlight = [:]
    replayInFlight = false
    process?.kill()
    process = nil
    generation += 1
    if jobs.count == 1 {
      settle(jobs[0], reply)
    } else if !jobs.isEmpty {
      events.append(
        "\(what) with \(jobs.count) requests outstanding; the process was restarted and they were sent again one at a time"
      )
      for job in jobs {
        if job.replayed {
          settle(job, reply)
        } else {
          job.replayed = true
          replays.append(job)
        }
      }
    } else {
      events.append("\(what) with no request outstanding; the process was restarted")
    }
    dispatch()
  }

  /// Ends every request still waiting, after a cancellation.
  private func interrupt() {
    guard !interrupted else { return }
    interrupted = true
    settleAll(.interrupted)
    process?.kill()
  }

  private func settleAll(_ reply: Verdict.Reply) {
    let jobs = Array(inFlight.values) + replays + Array(waiting)
    waiting.removeAll()
    inFlight = [:]
    replays = []
    replayInFlight = false
    for job in jobs { settle(job, reply) }
  }

  // MARK: - Starting and restarting

  private func start() async throws(RunnerError) -> (StdioProcess, ImplementationIdentity) {
    let process =
      locked {
        defer { started = nil }
        return started
      } ?? StdioProcess(command: options.command, maximumLineLength: options.maximumReplyBytes)
    let identity = try await HelloExchange.perform(
      on: process, options: options, kitVersion: kitVersion, closeInput: false)
    return (process, identity)
  }

  /// Makes `process` the current one: its output is delivered to ``deliver(_:generation:)``
  /// from now on (what it wrote after its hello first), its oldest request is timed, and the
  /// waiting requests are sent. Called without the lock: the reading thread takes it to deliver.
  private func install(_ process: StdioProcess) {
    let current: Int = locked {
      self.process = process
      generation += 1
      lastReply = .now
      return generation
    }
    process.inbox.deliver { [weak self] events in self?.deliver(events, generation: current) }
    Task { [weak self] in await self?.watch(generation: current) }
    locked { dispatch() }
  }

  private func restart() {
    restarting = true
    Task {
      do throws(RunnerError) {
        let (process, _) = try await self.start()
        self.restarted(process)
      } catch {
        locked { self.restartFailed(error) }
      }
    }
  }

  private func restarted(_ process: StdioProcess) {
    let abandoned: Bool = locked {
      restarting = false
      return closing || interrupted
    }
    guard !abandoned else {
      process.kill()
      return
    }
    install(process)
  }

  private func restartFailed(_ error: RunnerError) {
    restarting = false
    failure = "not run: the implementation could not be started again (\(error))"
    events.append(failure ?? "")
    settleAll(.crashed(failure ?? ""))
  }

  // MARK: - Reading

  /// What the reading thread of the process of `current` read, in order, handled as it is
  /// read; replies read together share the instant they were received.
  private func deliver(_ batch: [LineEvent], generation current: Int) {
    locked {
      let now = ContinuousClock.now
      for event in batch {
        // A fault in this batch replaced the process: the rest of it is the old one's.
        guard current == generation else { return }
        switch event {
        case .closed:
          // After Ctrl-C the kit killed the implementation itself: that is no fault of it, and
          // no incident (it would say the process was restarted, and none is).
          if !closing && !interrupted {
            fault(.crashed("the implementation exited or closed its output"), "the implementation exited")
          }
          return
        case .oversized(let size):
          if closing { continue }
          fault(.oversized(size), "a line longer than the cap (\(size) bytes)")
          return
        case .flooded(let count):
          // Only the end of the output follows: after a stop, the process is on its way out.
          if closing { continue }
          let reason = LineEvent.floodReason(count)
          fault(.protocolViolation(reason), reason)
          return
        case .line(let bytes):
          receive(bytes, at: now)
        }
      }
    }
  }

  private func receive(_ bytes: [UInt8], at now: ContinuousClock.Instant) {
    // After Ctrl-C every request was settled as interrupted: replies still in the pipe are
    // no fault of the implementation (they would read as replies to `seq`s never sent).
    guard !interrupted else { return }
    let reply = ReplyReader.read(
      bytes, expectedOutput: { seq in inFlight[seq]?.expectedOutput },
      expectedError: { seq in inFlight[seq]?.expectedErrorCode })
    let named: Int? =
      switch reply {
      case .message(let message): message["seq"]?.exactInteger
      case .expectedOutput(let seq), .expectedError(let seq, _, _): seq
      default: nil
      }
    guard let seq = named else {
      if inFlight.isEmpty {
        if !closing { strayLines += 1 }
      } else {
        fault(reply, "a line that is not a reply")
      }
      return
    }
    if let job = inFlight.removeValue(forKey: seq) {
      answered.insert(seq)
      lastReply = now
      replayInFlight = false
      settle(job, reply, at: now)
      dispatch()
    } else if answered.contains(seq) {
      if secondReplies[seq] == nil {
        secondReplies[seq] = "a second reply with seq \(seq), which was already answered (each request gets one reply)"
      }
    } else if inFlight.isEmpty {
      if !closing { strayReplies = (strayReplies.first ?? seq, strayReplies.count + 1) }
    } else {
      fault(reply, "a reply with seq \(seq), which is not outstanding")
    }
  }

  /// Checks the oldest request's deadline every 20 ms while this process is current.
  private func watch(generation current: Int) async {
    while locked({ current == generation }) {
      try? await Task.sleep(for: .milliseconds(20))
      let isCurrent: Bool = locked {
        guard current == generation else { return false }
        checkDeadline()
        return true
      }
      guard isCurrent else { return }
    }
  }

  private func checkDeadline() {
    guard let oldest = inFlight.values.min(by: { $0.order < $1.order }) else { return }
    let start = max(oldest.sentAt, lastReply)
    if ContinuousClock.now - start > .milliseconds(Int(options.timeout * 1000)) {
      fault(.timedOut(options.timeout), "no reply within \(options.timeout) s")
    }
  }
}
