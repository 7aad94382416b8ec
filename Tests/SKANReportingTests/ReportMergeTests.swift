import SKANReporting
import SKANRunner
import SKANVectors
import Testing

/// `ReportMerge`, the algorithm behind `skan-conform report merge`, on crafted shard reports.
@Suite("Report merge")
struct ReportMergeTests {
  func shard(_ index: Int, target: String) -> ReportMerge.Input {
    var report = RunReport(
      kitVersion: "0.1.0", vectorDigest: String(repeating: "a", count: 64),
      implementation: ImplementationIdentity(name: "impl", version: "1", language: "c", suites: ["window"]),
      transport: .http, target: target, startedAt: "2026-11-25T00:00:00Z", results: [], complete: true)
    report.shard = Shard(index: index, count: 2)
    return ReportMerge.Input(file: "shard-\(index).json", report: report)
  }

  @Test("shards of different targets are refused; the targets are shown with credentials masked and controls visible")
  func targetsShownSafely() throws {
    let vectors = try VectorSet.embedded()
    let inputs = [
      shard(1, target: "http://user:s3cret@127.0.0.1:8080/?token=abc123"),
      shard(2, target: "http://127.0.0.1:8081/\u{1B}[2Jconformance: 831 passed"),
    ]
    #expect {
      _ = try ReportMerge.merge(inputs, vectors: vectors)
    } throws: { error in
      let message = "\(error)"
      return message.contains("the shards were run against different implementations")
        && !message.contains("s3cret") && !message.contains("abc123")
        && !message.unicodeScalars.contains("\u{1B}") && message.contains("\\u{1B}[2J")
    }
  }
}
