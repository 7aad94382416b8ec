import Foundation
import SKANJSON
import SKANTestSupport
import SKANVectors
import Subprocess
import Testing

/// The command line against replies and reports built to be slow.
///
/// SIGTERM and Ctrl-C stop a run whatever stage it is in: here, just after the implementation
/// sent a reply of 40,000 keys in the middle of the run, which a quadratic key sort took
/// minutes to judge while both signals went unanswered. The signal is sent only once the
/// relay has recorded that the hostile reply went out (`sent` in its state file).
@Suite("Hostile replies and reports on the command line", .serialized)
struct HostileReplyCommandTests {
  @Test(
    "SIGTERM or SIGINT after a 40,000-key reply ends the run within seconds, with an incomplete report",
    .timeLimit(.minutes(4)), arguments: [Signal.terminate, Signal.interrupt])
  func interrupted(signal: Signal) async throws {
    let binary = try #require(RepositoryPaths.kitBinary, "skan-conform was not found beside the test bundle")
    let vectors = try VectorSet.embedded()
    let victim = vectors.cases[437].id
    let scratch = URL(fileURLWithPath: try ScratchFiles.directory("interrupt"))
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
    #expect(elapsed < .seconds(30), "\(victim): the run took \(elapsed) to stop")
    var status: Int32 = -1
    if case .exited(let code) = result.terminationStatus { status = Int32(code) }
    #expect(status == 1, "\(victim): \(result.terminationStatus)")
    let written = try #require(FileManager.default.contents(atPath: report), "no report was written")
    let json = try JSONParser.parse(bytes: Array(written))
    #expect(json["footer"]?["complete"] == .bool(false), "the report is marked incomplete")
  }

  @Test("report merge of a crafted shard holding an 80,000-key value ends in seconds", .timeLimit(.minutes(5)))
  func mergeCraftedShard() async throws {
    let scratch = URL(fileURLWithPath: try ScratchFiles.directory("merge"))
    defer { try? FileManager.default.removeItem(at: scratch) }
    let first = scratch.appendingPathComponent("shard-1.json").path
    let second = scratch.appendingPathComponent("shard-2.json").path
    let merged = scratch.appendingPathComponent("merged.json").path
    for (index, file) in [first, second].enumerated() {
      let outcome = try await KitCommand.run(["run", "--shard", "\(index + 1)/2", "--report-json", file])
      #expect(outcome.status == 0, "\(outcome.output)")
    }
    // The crafted part: a failure, on a case in the middle of the shard, with a difference
    // whose actual value is an object of 80,000 keys (no recorded reply: it stands as recorded,
    // against the implementation; a pass listing a difference would be refused).
    var report = try JSONParser.parse(bytes: Array(try #require(FileManager.default.contents(atPath: first))))
    guard case .object(var members) = report, case .array(var results)? = members["results"],
      case .object(var result) = results[200]
    else {
      Issue.record("shard-1.json has no results")
      return
    }
    var huge: [String: JSONValue] = [:]
    for index in 0..<80_000 { huge["key-\(index)"] = .integer(index) }
    result["differences"] = [["path": "$", "expected": 1, "actual": .object(huge)]]
    result["status"] = "fail"
    results[200] = .object(result)
    members["results"] = .array(results)
    report = .object(members)
    try CanonicalJSON.pretty(report).write(toFile: first, atomically: true, encoding: .utf8)
    let started = ContinuousClock.now
    let outcome = try await KitCommand.run(["report", "merge", first, second, "-o", merged])
    let elapsed = ContinuousClock.now - started
    // Exit 1: the merged run holds the crafted failure; what matters is that it was merged.
    #expect(outcome.status == 1, "\(outcome.output.suffix(2000))")
    // A second or two; the quadratic key sort took minutes.
    #expect(elapsed < .seconds(40), "report merge took \(elapsed)")
    let written = try JSONParser.parse(bytes: Array(try #require(FileManager.default.contents(atPath: merged))))
    let keys = written["results"]?.arrayValue?.compactMap { $0["differences"]?.arrayValue?.first?["actual"] }.first
    #expect(keys?.objectValue?.count == 80_000)
  }
}
