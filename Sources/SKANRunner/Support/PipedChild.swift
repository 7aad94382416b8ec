import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A command started as `/bin/sh -c` starts it, with a pipe on each of its standard input,
/// output and error, in a process group of its own (so that a kill reaches whatever the shell
/// started), with every signal at its default disposition and none blocked (the kit ignores
/// SIGPIPE; the child must not inherit that).
///
/// `posix_spawn` starts it: no fork of the kit's address space, and no descriptor of the kit
/// but the three pipes reaches it (the pipes are made close-on-exec, and the child closes
/// every other one: Darwin's `POSIX_SPAWN_CLOEXEC_DEFAULT`, glibc's `addclosefrom`), so one
/// child never holds another's standard input open, nor a socket the kit closes.
struct PipedChild: Sendable {
  /// Its process ID, which is also its process group's.
  let pid: pid_t
  /// The write end of its standard input.
  let input: Int32
  /// The read end of its standard output.
  let output: Int32
  /// The read end of its standard error.
  let error: Int32

  /// `/bin/sh`, by its path (POSIX puts it there, on macOS too).
  static let shell = "/bin/sh"

  /// Starts `command` as `/bin/sh -c` would; on failure, says why (an `errno` text).
  ///
  /// A command of plain words (``plainWords(_:)``), which the shell would only split at its
  /// blanks and run, is run directly, found on `PATH` as the shell finds it: the shell's own
  /// start is saved. Should that fail (no such program, or one the system cannot run by
  /// itself), it goes through the shell, which then reports (or runs) it as it always does.
  static func start(shellCommand command: String) -> Result<PipedChild, SpawnFailure> {
    spawning.withLock {
      if let words = plainWords(command), case .success(let child) = startLocked(words, searching: true) {
        return .success(child)
      }
      return startLocked([shell, "-c", command], searching: false)
    }
  }

  /// The words of `command` when `/bin/sh -c` would run it as they are: words of letters,
  /// digits and `-_./:,+@%=` (nothing the shell quotes, expands, globs, redirects or
  /// comments), split at spaces and tabs, the first neither an assignment nor a word the shell
  /// runs itself (a reserved word or a builtin, `exec` among them); `nil` for any other.
  static func plainWords(_ command: String) -> [String]? {
    let words = command.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
    guard let first = words.first, !first.contains(0x3D) else { return nil }
    for word in words {
      for byte in word {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: continue
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
          UInt8(ascii: ","), UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "%"), UInt8(ascii: "="):
          continue
        default: return nil
        }
      }
    }
    let plain = words.map { String(decoding: $0, as: UTF8.self) }
    guard !shellWords.contains(plain[0]) else { return nil }
    return plain
  }

  /// The first words the shell does not look up on `PATH`: its reserved words and the
  /// builtins POSIX and the common shells define (the regular ones too: `echo` and `test`
  /// behave as the shell's, not as `/bin/echo`).
  static let shellWords: Set<String> = [
    "!", "{", "}", "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then", "until", "while",
    "function", "select", "time", ".", ":", "break", "continue", "eval", "exec", "exit", "export", "readonly",
    "return", "set", "shift", "times", "trap", "unset", "alias", "bg", "cd", "command", "echo", "false", "fc", "fg",
    "getopts", "hash", "jobs", "kill", "local", "printf", "pwd", "read", "source", "test", "true", "type", "ulimit",
    "umask", "unalias", "wait",
  ]

  private static func startLocked(_ arguments: [String], searching: Bool) -> Result<PipedChild, SpawnFailure> {
    var pipes: [(read: Int32, write: Int32)] = []
    func closeAll() {
      for pipe in pipes {
        close(pipe.read)
        close(pipe.write)
      }
    }
    for _ in 0..<3 {
      guard let pipe = makePipe() else {
        let failure = SpawnFailure(operation: "pipe", code: errno)
        closeAll()
        return .failure(failure)
      }
      pipes.append(pipe)
    }
    let (input, output, error) = (pipes[0], pipes[1], pipes[2])

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // dup2 clears close-on-exec on the copy: the child keeps exactly 0, 1 and 2.
    posix_spawn_file_actions_adddup2(&actions, input.read, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, error.write, 2)
    #if !canImport(Darwin)
      // Nothing else of the kit's: a descriptor opened without close-on-exec (a socket of an
      // HTTP server, say) would stay open in the child, and closing it in the kit would then
      // not close it at all.
      closeOthers(&actions)
    #endif

    var noSignals = sigset_t()
    var everySignal = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&everySignal)
    // Some systems refuse a default disposition for these two, which cannot be caught anyway.
    sigdelset(&everySignal, SIGKILL)
    sigdelset(&everySignal, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &everySignal)
    posix_spawnattr_setpgroup(&attributes, 0)
    var flags = Int32(POSIX_SPAWN_SETPGROUP) | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))

    var pid: pid_t = 0
    let code: Int32 = withCStrings(arguments) { argv in
      searching
        ? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environment)
        : posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environment)
    }
    close(input.read)
    close(output.write)
    close(error.write)
    guard code == 0 else {
      close(input.write)
      close(output.read)
      close(error.read)
      return .failure(SpawnFailure(operation: "posix_spawn \(arguments[0])", code: code))
    }
    return .success(PipedChild(pid: pid, input: input.write, output: output.read, error: error.read))
  }

  /// Why a child could not be started.
  struct SpawnFailure: Error, CustomStringConvertible {
    /// The call that failed.
    let operation: String
    /// Its `errno`.
    let code: Int32

    var description: String { "\(operation): \(String(cString: strerror(code)))" }
  }

  #if !canImport(Darwin)
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), looked up when first
    /// needed rather than linked, so that the kit still starts with an older C library.
    private static let addCloseFrom:
      (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(
          symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
      }()

    /// Makes the child close every descriptor above 2: with `addclosefrom_np` where the C
    /// library has it; otherwise each one open now without close-on-exec (those with it close
    /// at the exec anyway), as `/proc/self/fd` lists them.
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
      if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
      guard let directory = opendir("/proc/self/fd") else { return }
      defer { closedir(directory) }
      let own = dirfd(directory)
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard let descriptor = Int32(name), descriptor > 2, descriptor != own else { continue }
        let flags = fcntl(descriptor, F_GETFD)
        if flags >= 0, flags & FD_CLOEXEC == 0 { posix_spawn_file_actions_addclose(&actions, descriptor) }
      }
    }
  #endif

  /// A pipe whose two ends are close-on-exec. ``start(shellCommand:)`` makes its pipes and
  /// spawns under ``spawning``, so no child of the kit's starts between `pipe` and `fcntl`
  /// and inherits another's pipe (swift-subprocess, which starts the kit's other commands,
  /// closes every descriptor but the three it passes, and so does Darwin's
  /// `POSIX_SPAWN_CLOEXEC_DEFAULT`).
  private static func makePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return (ends[0], ends[1])
  }

  /// Held while a child's pipes are made and it is spawned.
  private static let spawning = NSLock()

  /// The kit's environment, which the child inherits.
  private static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
      return UnsafePointer(_NSGetEnviron().pointee)
    #else
      return UnsafePointer(environ)
    #endif
  }

  /// Calls `body` with `strings` as a NULL-terminated C array.
  private static func withCStrings(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32
  ) -> Int32 {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { for copy in copies { free(copy) } }
    return copies.withUnsafeBufferPointer { buffer in buffer.baseAddress.map(body) ?? EINVAL }
  }
}
