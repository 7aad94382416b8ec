import ArgumentParser
import Foundation
import SKANReporting
import SKANTestSupport
import Testing

@testable import SKANRunner
@testable import skan_conform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `run` starts its implementation while the command line is still being parsed, from a scan
/// of the arguments; the parsed options decide whether that start is used.
@Suite("Starting the implementation while the command line is read")
struct ImplementationPrelaunchTests {
  /// Command lines the scan reads, with the arguments after `run`.
  static let readable: [[String]] = [
    ["--cli", "./adapter"],
    ["--suite", "window", "--cli=./adapter --flag", "--timeout", "7", "--concurrency=16"],
    ["--timeout=0.5", "--cli", "python3 adapter.py", "--tag", "edge-exact"],
    [],
    ["--concurrency", "3"],
  ]

  @Test("the bundled reference's command is started without a shell when its path needs no quotes")
  func referenceCommandIsPlain() {
    let path = RunCommand.executablePath()
    let command = RunCommand.referenceCommand()
    #expect(command.hasSuffix(" reference --stdio"))
    #expect(command.hasPrefix(ShellQuote.minimalWord(path) + " "))
    if ShellQuote.minimalWord(path) == path {
      #expect(PipedChild.plainWords(command) == [path, "reference", "--stdio"])
    }
  }

  @Test("the scan names the connection the parsed command line names", arguments: readable)
  func sameConnection(arguments: [String]) throws {
    let scanned = try #require(ImplementationPrelaunch.connection(arguments: ["skan-conform", "run"] + arguments))
    let parsed = try RunCommand.parse(arguments)
    #expect(scanned == parsed.connection, "\(arguments)")
  }

  /// Command lines after which the scan starts nothing: another command, another way of
  /// reaching the implementation, a request for help, an option given twice or without a
  /// value it can read.
  static let declined: [[String]] = [
    ["list", "--cli", "./adapter"],
    ["run", "--endpoint", "http://127.0.0.1:8080/"],
    ["run", "--cli", "./adapter", "--per-case"],
    ["run", "--wait", "3", "--cli", "./adapter"],
    ["run", "--cli", "./adapter", "--help"],
    ["run", "-h"],
    ["run", "--cli", "./a", "--cli", "./b"],
    ["run", "--cli"],
    ["run", "--cli", "./adapter", "--timeout", "soon"],
    ["run", "--concurrency", "many", "--cli", "./adapter"],
    ["run", "--", "--cli", "./adapter"],
    ["reference", "--stdio"],
  ]

  @Test("the scan starts nothing for any other command line", arguments: declined)
  func declines(arguments: [String]) {
    #expect(ImplementationPrelaunch.connection(arguments: ["skan-conform"] + arguments) == nil, "\(arguments)")
  }

  /// An implementation that writes its process ID to a file and then waits, never answering.
  /// A run whose command line is wrong must stop it: left running, it writes its ID, and the
  /// process with that ID is still there.
  @Test(
    "a usage error stops the implementation started for it", .timeLimit(.minutes(2)),
    arguments: [["--no-such-option"], ["--concurrency", "0"], ["--repeat", "0"]])
  func usageErrorStops(extra: [String]) async throws {
    let directory = URL(fileURLWithPath: try ScratchFiles.directory("skan-prelaunch"))
    defer { try? FileManager.default.removeItem(at: directory) }
    let pidFile = directory.appendingPathComponent("pid").path
    let adapter = "sh -c 'echo $$ > \(pidFile); exec sleep 60'"
    let outcome = try await KitCommand.run(["run", "--cli", adapter] + extra)
    #expect(outcome.status == 2, "\(outcome.output)")
    // A process the kit left running writes its ID within moments; 3 s is over a hundred
    // times what that takes.
    try await Task.sleep(for: .seconds(3))
    guard let text = FileManager.default.contents(atPath: pidFile).flatMap({ String(data: $0, encoding: .utf8) }),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return }
    let alive = Self.isRunning(pid)
    if alive { kill(pid, SIGKILL) }
    #expect(!alive, "the implementation (pid \(pid)) is still running after the usage error")
  }

  /// Whether process `pid` exists and has not ended (a process that ended but was not reaped
  /// yet is not running).
  static func isRunning(_ pid: Int32) -> Bool {
    #if os(Linux)
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.range(of: ") ", options: .backwards)
      else { return false }
      return !["Z", "X"].contains(stat[close.upperBound...].prefix(1))
    #else
      return kill(pid, 0) == 0
    #endif
  }
}
