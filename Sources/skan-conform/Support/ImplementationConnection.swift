import ArgumentParser
import SKANHTTP
import SKANRunner
import SKANVectors

/// How the command line reaches an implementation under test: the one place a transport is
/// built from `--cli`, `--endpoint`, `--wait`, `--per-case`, `--concurrency` and `--timeout`
/// (`run`, `fuzz`).
struct ImplementationConnection: Equatable, Sendable {
  /// The help of `--wait`, the same for every command that takes `--endpoint`.
  static let waitHelp = ArgumentHelp(
    "With --endpoint: for up to this many seconds, retry a refused connection while the service starts (default 0: fail at once; at most 600).",
    valueName: "seconds")

  /// `--wait`'s checks: from 0 to ``ReadinessWait/maximumSeconds``, and only with `--endpoint`.
  static func validate(wait: Double, endpoint: String?) throws {
    guard wait >= 0, wait <= ReadinessWait.maximumSeconds else {
      throw ValidationError("--wait must be between 0 and \(Int(ReadinessWait.maximumSeconds)) seconds")
    }
    if wait > 0 && endpoint == nil {
      throw ValidationError("--wait needs --endpoint: it waits for an HTTP service to start listening")
    }
  }

  /// The adapter command (`--cli`), or the kit's own reference when none is given.
  var command: String
  /// The HTTP endpoint (`--endpoint`), used instead of the command when given.
  var endpoint: String?
  /// One process per case (`--per-case`) instead of one persistent process.
  var perCase = false
  /// Requests in flight (`--concurrency`); each transport's default when nil.
  var concurrency: Int?
  /// The per-request timeout in seconds (`--timeout`); the hello's is this, at least 10 s.
  var timeout: Double
  /// Seconds an endpoint may refuse connections while it starts (`--wait`); 0 for none.
  var wait: Double = 0

  /// The transport, announcing this kit's version in its hello; with `startingNow`, a process
  /// spoken to over standard input and output is started before this returns.
  func transport(startingNow: Bool = false) -> any ImplementationTransport {
    // The hello reply waits as long as any reply, and at least the default 10 s: a slow
    // start (a loaded CI machine, an interpreter) is then one option away.
    let options = RunOptions(command: command, timeout: timeout, handshakeTimeout: max(10, timeout))
    if let endpoint {
      return HTTPTransport(
        url: endpoint, options: options, kitVersion: Manifest.kitVersion, concurrency: concurrency ?? 8,
        readiness: ReadinessWait(seconds: wait))
    }
    if perCase {
      return PerCaseTransport(options: options, kitVersion: Manifest.kitVersion, concurrency: concurrency ?? 2)
    }
    return StdioTransport(
      options: options, kitVersion: Manifest.kitVersion,
      pipelineDepth: concurrency ?? StdioTransport.defaultPipelineDepth, startingNow: startingNow)
  }
}
