import Foundation
import SKANTestSupport
import Testing

@testable import SKANRunner

/// One implementation process: what it is sent reaches it whole and in order, and how its end
/// is waited for.
@Suite("An implementation's process")
struct StdioProcessTests {
  /// More than the pipe holds, sent while the child reads slowly: the first lines are written
  /// at once, later ones queue behind what waits for room, and the child, a shell loop, echoes
  /// every line once, in order.
  @Test("lines sent faster than the child reads arrive whole and in order", .timeLimit(.minutes(3)))
  func sentInOrder() async {
    let process = StdioProcess(
      command: #"sleep 0.2; while IFS= read -r line; do printf '%s\n' "$line"; done"#, maximumLineLength: 1 << 16)
    let lines = (0..<20_000).map { "\($0) " + String(repeating: "x", count: $0 % 200) }
    // Sent over about half a second: before the child reads (the pipe fills, the rest waits
    // for room), and while it drains what waits (later lines must not pass it).
    for start in stride(from: 0, to: lines.count, by: 100) {
      process.send(Array(lines[start..<start + 100].map { $0 + "\n" }.joined().utf8))
      try? await Task.sleep(for: .milliseconds(2))
    }
    var received: [String] = []
    for _ in lines.indices {
      guard case .line(let bytes) = await process.inbox.next() else { break }
      received.append(String(decoding: bytes, as: UTF8.self))
    }
    #expect(received.count == lines.count)
    let wrong = received.indices.first { received[$0] != lines[$0] }
    #expect(wrong == nil, "line \(wrong ?? 0) arrived as \(wrong.map { received[$0].prefix(12) } ?? "")…")
    process.kill()
  }

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
