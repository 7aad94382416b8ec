import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the terminal allows: colour only on a TTY without `NO_COLOR`; progress only on a TTY
/// outside CI.
enum Terminal {
  static var colorOnStandardOutput: Bool {
    isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }

  static var showsProgress: Bool {
    isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
  }
}

/// A `[n/total]` counter on standard error, redrawn in place, on a TTY only (`[n]` while the
/// total is unknown: a file's cases sent as it is read).
/// `@unchecked Sendable`: `total` and `done` are read and written under `lock`.
final class Progress: @unchecked Sendable {
  private let enabled = Terminal.showsProgress
  private let lock = NSLock()
  private var total: Int?
  private var done = 0

  /// Sets the number of cases once they are known (the vectors load while the
  /// implementation starts); `nil` when it is not.
  func start(total: Int?) { lock.withLock { self.total = total } }

  func advance() {
    guard enabled else { return }
    lock.withLock {
      done += 1
      if done % 50 == 0 || done == total {
        FileHandle.standardError.write(Data("\r[\(done)\(total.map { "/\($0)" } ?? "")]".utf8))
      }
    }
  }

  func finish() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
