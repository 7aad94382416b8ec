import Foundation
import SKANJSON
import Subprocess

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One running implementation process, spoken to over standard input and output.
///
/// The child lives inside one `Subprocess.run` closure owned by a task; the runner sends lines
/// through an async stream and reads replies from a ``LineInbox``. A crash shows as the end
/// of standard output. ``kill()`` ends the child with SIGKILL; writes to a dead child are
/// ignored (the crash is seen on the read side), and SIGPIPE is ignored process-wide.
final class StdioProcess: Sendable {
  let inbox = LineInbox()
  /// Lines waiting to be written; the writer takes them all at once, so that pipelined
  /// requests cost one write each batch, not one per line.
  private let pendingOutput = OutputBuffer()
  private let wake: AsyncStream<Void>.Continuation
  private let pidBox = PIDBox()
  private let statusBox = StatusBox()
  private let errorTail = TailBuffer(capacity: 2048)
  private let task: Task<Void, Never>

  /// Starts `command` through `/bin/sh -c`.
  init(command: String, maximumLineLength: Int) {
    Self.ignoreBrokenPipes()
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    wake = continuation
    let pendingOutput = self.pendingOutput
    let inbox = self.inbox
    let pidBox = self.pidBox
    let statusBox = self.statusBox
    let errorTail = self.errorTail
    let platformOptions = Self.ownProcessGroup
    task = Task {
      do {
        let result = try await run(
          Self.shell, arguments: ["-c", command], platformOptions: platformOptions, input: .inputWriter,
          output: .sequence, error: .sequence
        ) { execution in
          // A kill asked for before the child had a pid (a run interrupted while it starts)
          // reaches it now.
          if pidBox.started(execution.processIdentifier.value) { Self.killGroup(execution.processIdentifier.value) }
          await withTaskGroup(of: Void.self) { group in
            group.addTask {
              var splitter = LineSplitter(maximumLineLength: maximumLineLength)
              do {
                for try await buffer in execution.standardOutput {
                  let events = buffer.withUnsafeBytes { splitter.feed($0) }
                  if !events.isEmpty { await inbox.push(contentsOf: events) }
                }
              } catch {}
              await inbox.push(.closed)
            }
            group.addTask {
              // Drain standard error so a flood cannot block the child; keep only its tail,
              // to explain a failed start.
              do {
                for try await buffer in execution.standardError { buffer.withUnsafeBytes { errorTail.append($0) } }
              } catch {}
            }
            group.addTask {
              writing: for await _ in stream {
                while let bytes = pendingOutput.takeAll() {
                  do { _ = try await execution.standardInputWriter.write(bytes) } catch { break writing }
                }
              }
              if let bytes = pendingOutput.takeAll() { _ = try? await execution.standardInputWriter.write(bytes) }
              try? await execution.standardInputWriter.finish()
            }
            await group.waitForAll()
          }
        }
        switch result.terminationStatus {
        case .exited(let code): statusBox.set("exit \(code)")
        case .signaled(let signal): statusBox.set("signal \(signal)")
        }
      } catch {
        await inbox.push(.closed)
      }
      pidBox.set(nil)
    }
  }

  /// Queues one line for the child's standard input.
  func send(_ line: [UInt8]) {
    pendingOutput.append(line)
    wake.yield()
  }

  /// Closes the child's standard input once the queued lines are written.
  func finishInput() { wake.finish() }

  /// Closes standard input (the child should exit), then kills it if it has not exited
  /// within `grace` seconds.
  func shutdown(grace: Double) async {
    wake.finish()
    // Whichever comes first: the child ends (its task finishes) or the grace runs out. No
    // polling: a run's end waits for the child's exit, not for the next tick of a timer.
    let task = self.task
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await task.value
        return true
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(grace))
        return false
      }
      if await group.next() == false { kill() }
      group.cancelAll()
    }
    kill()
    _ = await task.value
  }

  /// How the child ended (`exit 0`, `signal 9`), once it has; `nil` while it runs.
  var termination: String? { statusBox.get() }

  /// The last 2 KiB the child wrote on standard error, as text.
  var standardErrorTail: String { errorTail.text }

  /// Waits up to `seconds` for the child to end and says how it did.
  func waitForExit(seconds: Double) async -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while pidBox.get() != nil, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    return pidBox.get() == nil ? statusBox.get() : nil
  }

  /// Ends the child and its process group at once.
  func kill() {
    wake.finish()
    if let pid = pidBox.killRequested() { Self.killGroup(pid) }
  }

  /// `/bin/sh`, which runs every command the kit starts (`sh -c`), by its path (POSIX puts it
  /// there, on macOS too): `.name("sh")` makes swift-subprocess try an exec in every PATH
  /// entry before the one that has it, a fork each, several milliseconds of every start and
  /// restart.
  static let shell = Executable.path("/bin/sh")

  /// A process group of its own for the child, so that a kill reaches whatever `sh -c` started.
  static var ownProcessGroup: PlatformOptions {
    var options = PlatformOptions()
    options.processGroupID = 0
    return options
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
}

/// Bytes queued for a child's standard input.
/// `@unchecked Sendable`: `bytes` is read and written under `lock`.
final class OutputBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8] = []

  func append(_ line: [UInt8]) { lock.withLock { bytes += line } }

  /// Everything queued, or `nil` when nothing is.
  func takeAll() -> [UInt8]? {
    lock.withLock {
      guard !bytes.isEmpty else { return nil }
      defer { bytes = [] }
      return bytes
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
