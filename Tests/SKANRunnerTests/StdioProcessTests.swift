import Foundation
import SKANTestSupport
import Testing

@testable import SKANRunner

/// One implementation process: how its end is waited for.
@Suite("An implementation's process")
struct StdioProcessTests {
  /// The child starts, in a process group of its own, a process that holds the child's
  /// standard output and error open and sleeps: the group kill does not reach it, and its
  /// outputs never end while it lives.
  @Test(
    "a shutdown ends when something the child left in another process group holds its outputs open",
    .timeLimit(.minutes(3)))
  func escapedDescendant() async throws {
    let directory = URL(fileURLWithPath: try ScratchFiles.directory("skan-stdio"))
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("adapter.sh").path
    let pidFile = directory.appendingPathComponent("escaped.pid").path
    try Data(
      """
      #!/bin/sh
      python3 -c 'import os, sys, time; os.setpgid(0, 0); open(sys.argv[1], "w").write(str(os.getpid())); time.sleep(300)' "$1" &
      echo ready
      exec sleep 60

      """.utf8
    ).write(to: URL(fileURLWithPath: script))
    chmod(script, 0o755)
    let process = StdioProcess(command: "\(script) \(pidFile)", maximumLineLength: 1 << 16)
    #expect(await process.inbox.next(timeout: 30) == .line(Array("ready".utf8)))
    // The escaped process has written its pid, so it runs and holds the outputs.
    var escaped: pid_t = 0
    for _ in 0..<600 where escaped == 0 {
      escaped = pid_t((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "") ?? 0
      if escaped == 0 { try await Task.sleep(for: .milliseconds(50)) }
    }
    defer { if escaped > 0 { kill(escaped, SIGKILL) } }
    try #require(escaped > 0, "the escaped process never wrote its pid")

    // From the shutdown: a grace of 0.2 s, the kill, then the outputs' linger of 0.5 s (under a
    // second alone; over ten on this machine under the whole suite's load). The test allows a
    // minute: without the linger the shutdown waits for the escaped process, five minutes.
    let started = ContinuousClock.now
    await process.shutdown(grace: 0.2)
    let took = ContinuousClock.now - started
    #expect(took < .seconds(60), "the shutdown took \(took)")
    #expect(await process.inbox.next(timeout: 1) == .closed)
    #expect(process.termination == "signal 9", "\(process.termination ?? "not reaped")")
  }
}
