import Foundation
import Subprocess

/// A fixture script of Tests/Fixtures that listens on 127.0.0.1 and prints `port N` once it
/// does (a hostile receiver, a faulty relay), run for the length of one test body.
public enum FixtureServer {
  /// Starts `python3 Tests/Fixtures/<script> <arguments>`, waits for the port it prints, and
  /// gives `body` that port; the script is killed when `body` returns. `nil` when the script
  /// never said its port.
  public static func withPort<Result: Sendable>(
    _ script: String, _ arguments: [String], _ body: @escaping @Sendable (Int) async throws -> Result
  ) async throws -> Result? {
    let result = try await Subprocess.run(
      .name("python3"), arguments: Arguments([RepositoryPaths.fixture(script)] + arguments),
      input: .none, output: .sequence, error: .discarded
    ) { execution -> Result? in
      var port: Int?
      for try await line in execution.standardOutput.strings() {
        port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("port ".count))
        break
      }
      defer { try? execution.send(signal: .kill) }
      guard let port else { return nil }
      return try await body(port)
    }
    return result.closureResult
  }
}
