import SKANHTTP
import SKANRunner
import SKANVectors

/// How the command line reaches an implementation under test: the one place a transport is
/// built from `--cli`, `--endpoint`, `--per-case`, `--concurrency` and `--timeout` (`run`,
/// `fuzz`).
struct ImplementationConnection {
  /// The adapter command (`--cli`), or the kit's own reference when none is given.
  var command: String
  /// The HTTP endpoint (`--endpoint`), used instead of the command when given.
  var endpoint: String?
  /// One process per case (`--per-case`) instead of one persistent process.
  var perCase = false
  /// Requests in flight (`--concurrency`); each transport's default when nil.
  var concurrency: Int?
  /// The per-request timeout in seconds (`--timeout`).
  var timeout: Double

  /// The transport, announcing this kit's version in its hello.
  func transport() -> any ImplementationTransport {
    let options = RunOptions(command: command, timeout: timeout)
    if let endpoint {
      return HTTPTransport(
        url: endpoint, options: options, kitVersion: Manifest.kitVersion, concurrency: concurrency ?? 8)
    }
    if perCase {
      return PerCaseTransport(options: options, kitVersion: Manifest.kitVersion, concurrency: concurrency ?? 2)
    }
    return StdioTransport(options: options, kitVersion: Manifest.kitVersion, pipelineDepth: concurrency ?? 64)
  }
}
