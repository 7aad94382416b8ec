import SKANRunner
import Synchronization

/// The implementation of a `run`, started while the command line is still being parsed.
///
/// Parsing and checking the command line take a few milliseconds, and starting the
/// implementation and answering its hello take longer; a run of the whole corpus is over in
/// well under a second, so the two are made to overlap (docs/guides/performance.md). The
/// arguments are scanned for the options that decide how the implementation is reached
/// (`--cli`, `--timeout`, `--concurrency`); a command line with any other way of reaching it
/// (`--endpoint`, `--per-case`, `--wait`) or asking for help starts nothing.
///
/// The scan is only a guess: ``take(for:)`` hands the started transport over only when the
/// parsed options name the very same connection, and ``discard()`` stops it otherwise, and
/// when the command line turns out to be wrong (a usage error then starts and at once stops
/// the implementation).
enum ImplementationPrelaunch {
  /// A transport whose handshake has begun.
  struct Started: Sendable {
    let connection: ImplementationConnection
    let transport: any ImplementationTransport
    let handshake: Task<ImplementationIdentity, any Error>
  }

  private static let started = Mutex<Started?>(nil)

  /// Starts the implementation that `arguments` (the process's, the executable first) would
  /// run, when they are a `run` whose connection the scan can tell (``connection(arguments:)``).
  static func start(arguments: [String]) {
    guard let connection = connection(arguments: arguments) else { return }
    InterruptibleRun.arm()
    let transport = connection.transport(startingNow: true)
    let handshake = Task { () async throws -> ImplementationIdentity in try await transport.handshake() }
    started.withLock { $0 = Started(connection: connection, transport: transport, handshake: handshake) }
  }

  /// The connection a `run` command line names, read without the argument parser: `nil`
  /// for any other command, for a way of reaching the implementation other than a process
  /// spoken to over standard input and output, for a request for help, and for an option of
  /// the connection given twice or without a readable value.
  static func connection(arguments: [String]) -> ImplementationConnection? {
    guard arguments.count >= 2, arguments[1] == "run" else { return nil }
    var cli: String?
    var timeout: Double?
    var concurrency: Int?
    let rest = Array(arguments.dropFirst(2))
    var index = 0
    while index < rest.count {
      let argument = rest[index]
      let (name, attached) = split(argument)
      if declining.contains(name) { return nil }
      guard ["--cli", "--timeout", "--concurrency"].contains(name) else {
        index += 1
        continue
      }
      let value: String
      if let attached {
        value = attached
        index += 1
      } else {
        guard index + 1 < rest.count else { return nil }
        value = rest[index + 1]
        index += 2
      }
      switch name {
      case "--cli":
        guard cli == nil else { return nil }
        cli = value
      case "--timeout":
        guard timeout == nil, let seconds = Double(value) else { return nil }
        timeout = seconds
      default:
        guard concurrency == nil, let count = Int(value) else { return nil }
        concurrency = count
      }
    }
    return ImplementationConnection(
      command: cli ?? RunCommand.referenceCommand(), endpoint: nil, perCase: false, concurrency: concurrency,
      timeout: timeout ?? RunCommand.defaultTimeout)
  }

  /// The options after which the scan starts nothing.
  private static let declining: Set<String> = [
    "--endpoint", "--per-case", "--wait", "-h", "--help", "--version", "--experimental-dump-help", "--",
  ]

  /// `--name=value` as its name and value; any other argument as itself and `nil`.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The started transport and its handshake, when they are of `connection`; any other that
  /// was started is stopped first. Either way nothing is left started.
  static func take(for connection: ImplementationConnection) async -> Started? {
    guard let taken = started.withLock({ $0.take() }) else { return nil }
    if taken.connection == connection { return taken }
    await stop(taken)
    return nil
  }

  /// Stops what was started and not taken (a usage error, or a command that ended early).
  static func discard() async {
    guard let taken = started.withLock({ $0.take() }) else { return }
    await stop(taken)
  }

  private static func stop(_ started: Started) async {
    started.handshake.cancel()
    _ = await started.handshake.result
    await started.transport.close()
  }
}
