import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Runs an operation that Ctrl-C (SIGINT) or SIGTERM cancels instead of killing the process,
/// so that the runner can still write its report, marked incomplete. Cancellation reaches
/// the transports, which settle every outstanding request at once, whatever the
/// implementation is doing; a second signal ends the process at once (exit 130).
///
/// The signals are caught by a plain handler that writes one byte to a pipe (the only thing a
/// signal handler may safely do), and a thread that reads the pipe cancels the run. The
/// handler is installed before the operation starts, in one call per signal, so there is no
/// moment in which a signal is ignored and lost: an earlier version ignored the signal first
/// and then set up a dispatch source, and a Ctrl-C in between was dropped (the run then waited
/// for its handshake timeout).
enum InterruptibleRun {
  static func run<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async throws -> Result {
    let watcher = InterruptWatcher.shared
    let task = watcher.start { Task { try await operation() } }
    defer { watcher.finish() }
    return try await task.value
  }

  /// Catches the signals from now on, ahead of the run: one that comes before ``run(_:)``
  /// starts (while the implementation is already starting, ``ImplementationPrelaunch``)
  /// cancels the run as soon as it does. A process started in the background by a
  /// non-interactive shell begins with SIGINT ignored, and such a signal would otherwise be lost.
  static func arm() {
    InterruptWatcher.shared.arm()
  }
}

/// The pipe between the signal handler and the thread that cancels the current run.
/// `@unchecked Sendable`: `cancel` and `received` are read and written under `lock`; `readEnd` is immutable.
private final class InterruptWatcher: @unchecked Sendable {
  static let shared = InterruptWatcher()

  private let lock = NSLock()
  private var cancel: (@Sendable () -> Void)?
  private var received = 0
  /// Whether the handlers were installed ahead of the run (``arm()``): the signals received
  /// since then count for it.
  private var armed = false
  private let readEnd: Int32

  private init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) != 0 { ends = [-1, -1] }
    readEnd = ends[0]
    interruptPipeWriteEnd = ends[1]
    let reader = Thread { [readEnd] in
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count == 1 {
          InterruptWatcher.shared.signalled()
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
    reader.start()
  }

  /// Installs the handlers ahead of the run (``InterruptibleRun/arm()``).
  func arm() {
    lock.withLock { armed = true }
    installHandlers()
  }

  /// Installs the handlers (unless ``arm()`` did), then starts the run that a signal cancels.
  func start<Result: Sendable>(_ makeTask: () -> Task<Result, any Error>) -> Task<Result, any Error> {
    lock.withLock {
      if !armed { received = 0 }
      cancel = nil
    }
    installHandlers()
    let task = makeTask()
    let alreadySignalled = lock.withLock {
      cancel = { task.cancel() }
      return received > 0
    }
    if alreadySignalled { task.cancel() }
    return task
  }

  /// Restores the default handlers once the run is over.
  func finish() {
    for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    lock.withLock {
      cancel = nil
      armed = false
    }
  }

  /// Makes each of SIGINT and SIGTERM write its number to the pipe, in one call per signal.
  private func installHandlers() {
    for number in [SIGINT, SIGTERM] {
      signal(number) { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(interruptPipeWriteEnd, &byte, 1)
      }
    }
  }

  private func signalled() {
    let (count, cancel) = lock.withLock { () -> (Int, (@Sendable () -> Void)?) in
      received += 1
      return (received, self.cancel)
    }
    if count > 1 { exit(130) }
    cancel?()
  }
}

/// The pipe's write end, read by the signal handler: a plain global, set once before any
/// handler is installed, because a signal handler may not run Swift's lazy initialisers.
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1
