import Foundation
import SKANJSON

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One running implementation process, spoken to over standard input and output.
///
/// Started by ``PipedChild`` (`/bin/sh -c`, a process group of its own). Four threads of its
/// own serve it, none of them Swift's cooperative pool's, so a child that floods, stalls or
/// never reads can only block its own: one reads standard output into the ``LineInbox``
/// (lines, cut at `maximumLineLength`), one drains standard error keeping its tail, one
/// writes what ``send(_:)`` queued, and one waits for the child's exit. ``send(_:)`` itself
/// writes what fits in the pipe at once when nothing is queued before it (the pipe is
/// non-blocking on the kit's side), so the writer is woken only for a child slow to read.
/// A crash shows as the
/// end of standard output. ``kill()`` ends the child and its group with SIGKILL; writes to a
/// dead child are dropped (the crash is seen on the read side), and SIGPIPE is ignored
/// process-wide.
final class StdioProcess: Sendable {
  let inbox = LineInbox()
  /// Lines waiting to be written; the writer takes them all at once, so that pipelined
  /// requests cost one write each batch, not one per line.
  private let pendingInput = InputQueue()
  private let pidBox = PIDBox()
  private let statusBox = StatusBox()
  private let errorTail = TailBuffer(capacity: 2048)
  /// Opens once the child is reaped and both of its outputs have ended.
  private let ended = Arrivals(expected: 3)
  /// Opens once the child itself has exited (not reaped yet).
  private let exited = Arrivals(expected: 1)
  /// Tells the two reading threads to stop waiting for outputs that something the child
  /// left running in another process group keeps open (``abandonOutputs()``).
  private let stop = StopSignal()

  /// Starts `command` through `/bin/sh -c`.
  init(command: String, maximumLineLength: Int) {
    Self.ignoreBrokenPipes()
    let child: PipedChild
    switch PipedChild.start(shellCommand: command) {
    case .success(let started): child = started
    case .failure(let failure):
      statusBox.set("could not be started: \(failure)")
      inbox.push(.closed)
      pendingInput.close()
      stop.dispose()
      exited.arrive()
      for _ in 0..<3 { ended.arrive() }
      return
    }
    pidBox.set(child.pid)
    let (inbox, pendingInput, pidBox, statusBox, errorTail, ended, exited, stop) = (
      self.inbox, self.pendingInput, self.pidBox, self.statusBox, self.errorTail, self.ended, self.exited, self.stop
    )
    let outputsEnded = DispatchSemaphore(value: 0)
    Self.thread {
      var splitter = LineSplitter(maximumLineLength: maximumLineLength)
      Self.readToEnd(child.output, unless: stop) { chunk in
        let events = splitter.feed(chunk)
        if !events.isEmpty { inbox.push(contentsOf: events) }
      }
      inbox.push(.closed)
      outputsEnded.signal()
      ended.arrive()
    }
    Self.thread {
      // Drained so that a flood cannot block the child; only the tail is kept, to explain a
      // failed start.
      Self.readToEnd(child.error, unless: stop) { errorTail.append($0) }
      outputsEnded.signal()
      ended.arrive()
    }
    pendingInput.attach(child.input)
    Self.thread {
      while let bytes = pendingInput.takeAll() {
        guard Self.writeAll(bytes, to: child.input) else { break }
        pendingInput.written()
      }
      pendingInput.close()
      close(child.input)
    }
    Self.thread {
      // Waits for the exit without reaping, then for both outputs to end: until then the
      // pid, and with it the process group's ID, stay the child's, so that a kill still
      // reaches whatever it left running that holds an output open (`sleep 30 &`); then reaps.
      var info = siginfo_t()
      while waitid(P_PID, id_t(child.pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
      exited.arrive()
      outputsEnded.wait()
      outputsEnded.wait()
      stop.dispose()
      pidBox.set(nil)
      var status: Int32 = 0
      while waitpid(child.pid, &status, 0) < 0, errno == EINTR {}
      statusBox.set(Self.describe(status: status))
      pendingInput.close()
      ended.arrive()
    }
  }

  /// Queues one line for the child's standard input.
  func send(_ line: [UInt8]) { pendingInput.append(line) }

  /// Closes the child's standard input once the queued lines are written.
  func finishInput() { pendingInput.finish() }

  /// Closes standard input (the child should exit), then kills it and its group if it has
  /// not exited within `grace` seconds. Its outputs are then read to their end for up to
  /// ``outputLinger`` seconds more (a late line is still seen); past that, whatever keeps
  /// them open (something it started in another process group, which the kill does not
  /// reach) is no longer waited for.
  func shutdown(grace: Double) async {
    pendingInput.finish()
    // Whichever comes first: the child exits or the grace runs out. No polling: a run's end
    // waits for the child's exit, not for the next tick of a timer.
    await Self.wait(for: exited, atMost: grace) { self.kill() }
    kill()
    let stop = self.stop
    await Self.wait(for: ended, atMost: Self.outputLinger) { stop.signal() }
    await ended.wait()
  }

  /// How long the outputs are read after the child has exited or been killed, before they
  /// are given up (``shutdown(grace:)``).
  static let outputLinger = 0.5

  /// Waits for `gate` to open, or `seconds`, whichever comes first; in the second case calls
  /// `action`, which must make the gate open (the wait for it cannot be cancelled, and the
  /// task group waits for it before it returns).
  private static func wait(
    for gate: Arrivals, atMost seconds: Double, otherwise action: @Sendable () -> Void
  ) async {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await gate.wait()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(seconds))
        return false
      }
      if await group.next() == false { action() }
      group.cancelAll()
    }
  }

  /// How the child ended (`exit 0`, `signal 9`), once it has; `nil` while it runs.
  var termination: String? { statusBox.get() }

  /// The last 2 KiB the child wrote on standard error, as text.
  var standardErrorTail: String { errorTail.text }

  /// Waits up to `seconds` for the child to end and says how it did.
  func waitForExit(seconds: Double) async -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while statusBox.get() == nil, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    return statusBox.get()
  }

  /// Ends the child and its process group at once.
  func kill() {
    pendingInput.finish()
    if let pid = pidBox.killRequested() { Self.killGroup(pid) }
  }

  /// Ignores SIGPIPE process-wide: a write to a child that has died is an error to see, not
  /// the end of the kit.
  static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  /// Sends SIGKILL to the process group `pid` leads.
  static func killGroup(_ pid: pid_t) {
    #if canImport(Darwin)
      _ = Darwin.kill(-pid, SIGKILL)
    #elseif canImport(Glibc)
      _ = Glibc.kill(-pid, SIGKILL)
    #elseif canImport(Musl)
      _ = Musl.kill(-pid, SIGKILL)
    #endif
  }

  /// `exit 3`, `signal 9`: a `waitpid` status as the kit words it.
  static func describe(status: Int32) -> String {
    let signal = status & 0x7F
    return signal == 0 ? "exit \((status >> 8) & 0xFF)" : "signal \(signal)"
  }

  /// Starts `body` on a thread of its own.
  private static func thread(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.stackSize = 1 << 18
    thread.start()
  }

  /// Reads `descriptor` to its end (or an error, or until `stop` is signalled), handing each
  /// chunk to `consume`; then closes it.
  private static func readToEnd(
    _ descriptor: Int32, unless stop: StopSignal, _ consume: (UnsafeRawBufferPointer) -> Void
  ) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    defer {
      buffer.deallocate()
      close(descriptor)
    }
    while true {
      guard stop.waitForInput(on: descriptor) else { return }
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count > 0 {
        consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      } else if count == 0 || errno != EINTR {
        return
      }
    }
  }

  /// Writes all of `bytes` to the non-blocking `descriptor`, waiting for room when the pipe is
  /// full; `false` once a write fails (the child has closed its input).
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR {
          continue
        } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
          var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&watched, 1, -1)
        } else {
          return false
        }
      }
      return true
    }
  }
}

/// Bytes queued for a child's standard input, handed to the thread that writes them; written
/// at once instead, as far as the pipe has room, when nothing is queued or being written
/// before them (``attach(_:)``).
/// `@unchecked Sendable`: every stored property is read and written under `condition`.
final class InputQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var bytes: [UInt8] = []
  /// No more bytes will be queued: the writer ends once it has written what is.
  private var finished = false
  /// Nothing more will be written: bytes queued from now on are dropped.
  private var closed = false
  /// The writer holds bytes it took and has not finished writing.
  private var writing = false
  /// The pipe's end that bytes are written to at once; -1 until ``attach(_:)``.
  private var descriptor: Int32 = -1

  /// Lets ``append(_:)`` write to `descriptor` itself, which it makes non-blocking: a child that
  /// does not read then leaves the bytes to the writer, never blocks the caller.
  func attach(_ descriptor: Int32) {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else { return }
    condition.withLock { self.descriptor = descriptor }
  }

  func append(_ line: [UInt8]) {
    condition.withLock {
      guard !finished, !closed else { return }
      var offset = 0
      if bytes.isEmpty, !writing, descriptor >= 0 {
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        // The rest (or all of it, on an error) is the writer's, which waits for room or fails.
        if written == line.count { return }
        offset = max(0, written)
      }
      let wasEmpty = bytes.isEmpty
      bytes += line[offset...]
      if wasEmpty { condition.signal() }
    }
  }

  /// The writer has written what it took last.
  func written() {
    condition.withLock { writing = false }
  }

  /// The writer ends once the queued bytes are written.
  func finish() {
    condition.withLock {
      finished = true
      condition.signal()
    }
  }

  /// The writer ends at once; queued bytes are dropped.
  func close() {
    condition.withLock {
      closed = true
      bytes = []
      condition.signal()
    }
  }

  /// Everything queued, waiting for some; `nil` once finished with nothing left, or closed.
  /// The writer calls ``written()`` once it has written them.
  func takeAll() -> [UInt8]? {
    condition.withLock {
      while bytes.isEmpty, !finished, !closed { condition.wait() }
      guard !bytes.isEmpty, !closed else { return nil }
      defer { bytes = [] }
      writing = true
      return bytes
    }
  }
}

/// A signal the reading threads of one child wait on beside its outputs: a pipe whose read
/// end becomes readable when it is signalled.
/// `@unchecked Sendable`: `closed` is read and written under `lock`, and the pipe's ends are
/// written to and closed only under it.
final class StopSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var ends: [Int32] = [-1, -1]
  private var closed = false

  init() {
    if pipe(&ends) == 0 {
      _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    } else {
      ends = [-1, -1]
    }
  }

  /// Wakes every reader waiting in ``waitForInput(on:)``, for good.
  func signal() {
    lock.withLock {
      guard !closed, ends[1] >= 0 else { return }
      var byte: UInt8 = 1
      _ = write(ends[1], &byte, 1)
    }
  }

  /// Closes the pipe, once no reader waits on it any more.
  func dispose() {
    lock.withLock {
      guard !closed else { return }
      closed = true
      for end in ends where end >= 0 { close(end) }
    }
  }

  /// Waits until `descriptor` has input (or its end, or an error) and returns `true`, or until
  /// the signal and returns `false`.
  func waitForInput(on descriptor: Int32) -> Bool {
    let signalEnd = lock.withLock { closed ? -1 : ends[0] }
    var watched = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signalEnd, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&watched, nfds_t(signalEnd >= 0 ? 2 : 1), -1)
      if ready < 0 && errno == EINTR { continue }
      if ready > 0, signalEnd >= 0, watched[1].revents != 0 { return false }
      return true
    }
  }
}

/// A gate that opens once `expected` arrivals are in, awaited by any number of tasks.
/// `@unchecked Sendable`: every stored property is read and written under `lock`.
final class Arrivals: @unchecked Sendable {
  private let lock = NSLock()
  private var remaining: Int
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(expected: Int) { remaining = expected }

  func arrive() {
    let opened: [CheckedContinuation<Void, Never>] = lock.withLock {
      remaining -= 1
      guard remaining == 0 else { return [] }
      defer { waiters = [] }
      return waiters
    }
    for waiter in opened { waiter.resume() }
  }

  /// Returns once the gate is open.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = lock.withLock {
        if remaining <= 0 { return true }
        waiters.append(continuation)
        return false
      }
      if open { continuation.resume() }
    }
  }
}

/// How a child ended, shared between the task that owns it and the runner.
/// `@unchecked Sendable`: `status` is read and written under `lock`.
final class StatusBox: @unchecked Sendable {
  private let lock = NSLock()
  private var status: String?
  func set(_ value: String) { lock.withLock { status = value } }
  func get() -> String? { lock.withLock { status } }
}

/// The child's process ID, shared between the task that owns it and the runner.
/// `@unchecked Sendable`: `pid` and `killed` are read and written under `lock`.
final class PIDBox: @unchecked Sendable {
  private let lock = NSLock()
  private var pid: pid_t?
  private var killed = false
  func set(_ value: pid_t?) { lock.withLock { pid = value } }
  func get() -> pid_t? { lock.withLock { pid } }
  /// Records the child's pid; `true` when a kill was asked for before it had one.
  func started(_ value: pid_t) -> Bool {
    lock.withLock {
      pid = value
      return killed
    }
  }
  /// Records that the child must die, and returns its pid if it has one yet.
  func killRequested() -> pid_t? {
    lock.withLock {
      killed = true
      return pid
    }
  }
}

/// The last bytes of a stream, kept in bounded memory.
/// `@unchecked Sendable`: `bytes` is read and written under `lock`.
final class TailBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private let capacity: Int
  private var bytes: [UInt8] = []

  init(capacity: Int) { self.capacity = capacity }

  func append(_ chunk: UnsafeRawBufferPointer) {
    lock.withLock {
      bytes.append(contentsOf: chunk.suffix(capacity))
      if bytes.count > capacity { bytes.removeFirst(bytes.count - capacity) }
    }
  }

  var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
}
