import SKANTestSupport
import Subprocess
import Testing

/// The `skan-conform` executable run as a user types it, from the repository root, for the
/// command-line tests of this target.
enum KitCommand {
  /// What a run printed and how it ended.
  struct Outcome {
    /// The exit status; 128 + the signal for a process ended by one.
    var status: Int32
    /// Standard output and standard error, in that order.
    var output: String
  }

  /// Runs `skan-conform` with `arguments` in `directory` (the repository root unless told);
  /// standard output and error together.
  ///
  /// A `run` or `fuzz` without `--timeout` gets `--timeout 60` (and so a hello timeout of 60 s):
  /// the tests share two cores with dozens of others, and a reply or a start delayed past the
  /// default 5 s (hello 10 s) by that load is not what they test.
  static func run(_ arguments: [String], in directory: String = RepositoryPaths.root) async throws -> Outcome {
    let binary = try #require(RepositoryPaths.kitBinary, "skan-conform was not found beside the test bundle")
    var arguments = arguments
    if ["run", "fuzz"].contains(arguments.first) && !arguments.contains(where: { $0.hasPrefix("--timeout") }) {
      arguments += ["--timeout", "60"]
    }
    let result = try await Subprocess.run(
      .name("sh"),
      arguments: [
        "-c",
        "cd \(RepositoryPaths.quoted(directory)) && "
          + (["exec", binary] + arguments).map(RepositoryPaths.quoted).joined(separator: " "),
      ],
      output: .string(limit: 1 << 22),
      error: .string(limit: 1 << 22))
    let status: Int32
    switch result.terminationStatus {
    case .exited(let code): status = Int32(code)
    case .signaled(let signal): status = 128 + Int32(signal)
    }
    return Outcome(status: status, output: result.standardOutput + result.standardError)
  }
}
