import Foundation
import SKANReporting
import SKANRunner
import SKANVectors
import SKANVerdicts

/// What the live probes (`probe s2s`, `probe postbacks`) share on the command line: run the
/// checks, write the reports, print the summary, exit 3 when the target is unreachable and 1
/// when a check failed.
enum LiveProbe {
  static func run(
    reports: ReportOptions, checks: () async throws -> [CaseResult],
    report: (_ results: [CaseResult], _ kitVersion: String, _ startedAt: String) -> RunReport
  ) async throws {
    let startedAt = UTCTime.iso8601(Date())
    let results: [CaseResult]
    do {
      results = try await checks()
    } catch {
      printError("error: \(error)")
      throw KitExit.implementation
    }
    let judged = report(results, Manifest.kitVersion, startedAt)
    try reports.write(judged)
    print(ConsoleReport.text(judged, color: Terminal.colorOnStandardOutput))
    if !judged.succeeded() { throw KitExit.unexpected }
  }
}
