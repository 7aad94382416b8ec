import Foundation
import SKANTestSupport
import Testing

/// `probe postbacks` as a user runs it against a receiver that stalls a body mid-batch: the
/// run ends, prints its seed, and writes every report it was asked for.
@Suite("probe postbacks on the command line")
struct ProbeCommandTests {
  @Test(
    "a receiver that stalls a body mid-batch costs that postback a timeout; the reports are written, the seed printed, exit 1",
    .timeLimit(.minutes(3)))
  func stalledReceiverReports() async throws {
    let folder = try ScratchFiles.directory("probe")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Request 1 is the report read before the batch, so request 4 is the batch's third
    // postback: its body stalls after the head.
    let result = try await FixtureServer.withPort("hostile_receiver.py", ["stall-body", "4"]) { port in
      let base = "http://127.0.0.1:\(port)"
      return try await KitCommand.run([
        "probe", "postbacks", "--url", base, "--network-path", "/pb", "--report-url", base + "/report",
        "--seed", "5", "--retries", "0", "--timeout", "5", "--report-json", folder + "/probe.json",
        "--junit", folder + "/probe.xml",
      ])
    }
    let outcome = try #require(result, "hostile_receiver.py did not say its port")
    #expect(outcome.status == 1, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("seed 5"), "\(outcome.output)")
    #expect(outcome.output.contains("TIMEOUT") || outcome.output.contains("timeout"), "\(outcome.output)")
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/probe.json")))
    let header = try #require((report as? [String: Any])?["header"] as? [String: Any])
    let probe = try #require(header["probe"] as? [String: Any], "the report says it is a probe: \(header)")
    #expect(probe["seed"] as? Int == 5)
    #expect(header["vector_set"] as? String == "custom")
    #expect(FileManager.default.fileExists(atPath: folder + "/probe.xml"))
  }
}
