import Foundation
import SKANTestSupport
import Testing

/// `skan-conform init` as a user types it: what it writes and prints, and exit 2 with one
/// line naming the problem for an unknown language or suite or a file that exists.
@Suite("skan-conform init on the command line")
struct InitCommandTests {
  /// Runs `skan-conform` with `arguments` in `directory`; the exit status and standard
  /// output and error together.
  func kit(_ arguments: [String], in directory: String) async throws -> (status: Int32, output: String) {
    let outcome = try await KitCommand.run(arguments, in: directory)
    return (outcome.status, outcome.output)
  }

  func scratch() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("skan-init-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test(
    "init writes the skeleton and says what to run next; a second init refuses, naming the file",
    .timeLimit(.minutes(3)))
  func writesThenRefuses() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let first = try await kit(
      ["init", "--language", "go", "--suite", "window,values", "--output", "adapter"], in: directory)
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("wrote adapter/adapter.go"), "\(first.output)")
    #expect(first.output.contains("go build -o adapter/adapter adapter/adapter.go"), "\(first.output)")
    #expect(first.output.contains("skan-conform doctor --cli \"adapter/adapter\""), "\(first.output)")
    #expect(first.output.contains("The first run exits 1"), "\(first.output)")
    let written = try String(contentsOfFile: directory + "/adapter/adapter.go", encoding: .utf8)

    let second = try await kit(["init", "--language", "go", "--suite", "values", "--output", "adapter"], in: directory)
    #expect(second.status == 2, "\(second.output)")
    #expect(second.output.contains("adapter/adapter.go already exists"), "\(second.output)")
    #expect(try String(contentsOfFile: directory + "/adapter/adapter.go", encoding: .utf8) == written)
  }

  @Test(
    "an unknown language or suite, or no suite, is a usage error naming it", .timeLimit(.minutes(3)),
    arguments: [
      (["--language", "cobol", "--suite", "window"], "unknown language \"cobol\""),
      (["--language", "python", "--suite", "window,windwo"], "unknown suite \"windwo\""),
      (["--language", "python", "--suite", ","], "no suite named"),
      (["--language", "python"], "no suite named"),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try await kit(["init"] + arguments, in: directory)
    #expect(outcome.status == 2, "\(arguments): \(outcome.output)")
    #expect(outcome.output.contains(message), "\(arguments): \(outcome.output)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(arguments): nothing written")
  }
}
