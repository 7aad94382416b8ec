import Foundation
import SKANRunner
import Testing

/// One run of a shell command read whole (`probe postbacks --report-command`): its exit
/// status, its whole output (a last line without a newline included), bounded standard error,
/// and an end at the timeout or the output limit that takes whatever the shell started with it.
@Suite("A shell command run to its end, bounded")
struct ShellCommandTests {
  @Test("the exit status, the whole output without a final newline, and the standard error are kept")
  func exitAndOutput() async {
    let run = await ShellCommand.run(
      #"printf 'first\nlast'; printf 'went wrong' >&2; exit 4"#, timeout: 300, outputLimit: 1 << 20)
    #expect(run.ending == .exited(4))
    #expect(run.output == Array("first\nlast".utf8))
    #expect(run.standardErrorTail == "went wrong")
  }

  @Test("the command gets no standard input: a reader of it ends at once")
  func noInput() async {
    let run = await ShellCommand.run("cat; echo done", timeout: 300, outputLimit: 1 << 20)
    #expect(run.ending == .exited(0))
    #expect(run.output == Array("done\n".utf8))
  }

  @Test(
    "at the timeout the command is killed with what it started, a child holding its output included",
    .timeLimit(.minutes(3)), arguments: ["sleep 600", "printf '{}'; sleep 600", "sleep 600 & sleep 600"])
  func timeout(command: String) async {
    let clock = ContinuousClock()
    let started = clock.now
    let run = await ShellCommand.run(command, timeout: 1, outputLimit: 1 << 20)
    let elapsed = clock.now - started
    #expect(run.ending == .timedOut, "\(command): \(run.ending)")
    // A second and the kill, normally; 60 s allows a loaded machine and is still ten times
    // shorter than what the command would run for if nothing ended it.
    #expect(elapsed < .seconds(60), "\(command): the run took \(elapsed)")
    #expect(run.seconds < 60, "\(command): \(run.seconds) s")
  }

  @Test("the run ends when the shell exits, and what it left running is killed then", .timeLimit(.minutes(3)))
  func leftRunning() async throws {
    let marker = FileManager.default.temporaryDirectory.appendingPathComponent("left-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: marker) }
    // A child that would run for ever, touching the marker every 0.2 s while it lives.
    let run = await ShellCommand.run(
      "(while :; do : > '\(marker)'; sleep 0.2; done) & printf ok", timeout: 600, outputLimit: 1 << 20)
    #expect(run.ending == .exited(0))
    #expect(run.output == Array("ok".utf8))
    #expect(run.seconds < 60, "the run waited for the child: \(run.seconds) s")
    try? FileManager.default.removeItem(atPath: marker)
    try await Task.sleep(for: .seconds(2))
    #expect(!FileManager.default.fileExists(atPath: marker), "the child left running was not killed")
  }

  @Test("output past the limit stops the command at once, and what is kept is the limit", .timeLimit(.minutes(3)))
  func outputLimit() async {
    let clock = ContinuousClock()
    let started = clock.now
    // `yes` never ends: only the limit can stop it before the 600 s timeout.
    let run = await ShellCommand.run("yes", timeout: 600, outputLimit: 10_000)
    #expect(run.ending == .outputOverLimit)
    #expect(run.output.count == 10_000)
    #expect(clock.now - started < .seconds(120))
  }

  @Test(
    "a flood on standard error neither blocks the command nor grows the tail past its bound", .timeLimit(.minutes(3)))
  func standardErrorFlood() async {
    let run = await ShellCommand.run(
      "head -c 5000000 /dev/zero | tr '\\000' e >&2; printf ok", timeout: 600, outputLimit: 1 << 20, errorLimit: 512)
    #expect(run.ending == .exited(0))
    #expect(run.output == Array("ok".utf8))
    #expect(run.standardErrorTail.utf8.count == 512)
  }
}
