import Foundation
import SKANJSON
import SKANTestSupport
import SKANVectors
import Subprocess
import Testing

/// SIGTERM and Ctrl-C stop a run whatever stage it is in (issue #27, item 8): here, just after
/// the implementation sent a reply of 40,000 keys in the middle of the run, which a quadratic
/// key sort took minutes to judge while both signals went unanswered. The signal is sent only
/// once the relay has recorded that the hostile reply went out (`sent` in its state file).
@Suite("Interrupting a run that judges a hostile reply", .serialized)
struct InterruptWhileJudgingTests {
  @Test(
    "SIGTERM or SIGINT after a 40,000-key reply ends the run within seconds, with an incomplete report",
    .timeLimit(.minutes(2)), arguments: [Signal.terminate, Signal.interrupt])
  func interrupted(signal: Signal) async throws {
    let binary = try #require(RepositoryPaths.kitBinary, "skan-conform was not found beside the test bundle")
    let vectors = try VectorSet.embedded()
    let victim = vectors.cases[437].id
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let state = scratch.appendingPathComponent("state").path
    let report = scratch.appendingPathComponent("report.json").path
    let command = [
      "python3", RepositoryPaths.quoted(RepositoryPaths.fixture("faulty_relay.py")), "many-keys-hang",
      RepositoryPaths.quoted(victim), RepositoryPaths.quoted(state), "--", RepositoryPaths.quoted(binary),
      "reference", "--stdio",
    ].joined(separator: " ")
    let result = try await Subprocess.run(
      .name("sh"),
      arguments: [
        "-c",
        (["exec", binary, "run", "--cli", command, "--timeout", "60", "--report-json", report])
          .map(RepositoryPaths.quoted).joined(separator: " "),
      ],
      // A scratch HOME: the adapter command runs through a shell.
      environment: .inherit.updating(["HOME": scratch.path]),
      input: .none, output: .discarded, error: .discarded
    ) { execution -> ContinuousClock.Instant? in
      // Wait, generously, until the hostile reply has been written.
      let deadline = ContinuousClock.now + .seconds(60)
      while ContinuousClock.now < deadline {
        let text = (try? String(contentsOfFile: state, encoding: .utf8)) ?? ""
        if text.split(separator: "\n").contains("sent") { break }
        try await Task.sleep(for: .milliseconds(50))
      }
      guard ContinuousClock.now < deadline else {
        try? execution.send(signal: .kill)
        return nil
      }
      try execution.send(signal: signal)
      return ContinuousClock.now
    }
    let signalled = try #require(result.closureResult, "the relay never sent the 40,000-key reply")
    let elapsed = ContinuousClock.now - signalled
    // Within a second on an idle machine; the old key sort took minutes.
    #expect(elapsed < .seconds(15), "\(victim): the run took \(elapsed) to stop")
    var status: Int32 = -1
    if case .exited(let code) = result.terminationStatus { status = Int32(code) }
    #expect(status == 1, "\(victim): \(result.terminationStatus)")
    let written = try #require(FileManager.default.contents(atPath: report), "no report was written")
    let json = try JSONParser.parse(bytes: Array(written))
    #expect(json["footer"]?["complete"] == .bool(false), "the report is marked incomplete")
  }
}
