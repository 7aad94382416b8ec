import Foundation
import SKANJSON
import SKANRunner
import SKANVerdicts

/// One run of `probe postbacks --report-command`, read as the probe reads a GET of the report
/// URL: the receiver's report when the command exited 0 and its standard output is the
/// receiving suite's output, or the report check's status and why not.
///
/// Whatever the command printed is the command's: its standard output is never shown (only
/// its size and where it stopped being JSON), and its standard error only when the run
/// failed, the last ``shownErrorCharacters`` characters of it, every control character
/// written visibly (``DisplayText``).
struct ReportCommandRun {
  /// The most characters of the command's standard error a failure shows.
  static let shownErrorCharacters = 400

  /// The report, or why there is none.
  let read: PostbackProbe.ReportRead

  /// Reads `run`, a run of the report command with `timeout` seconds and `outputLimit` bytes.
  init(_ run: ShellCommand.Run, timeout: Double, outputLimit: Int) {
    let seconds = run.seconds
    func failed(_ status: CaseStatus, _ what: String) -> PostbackProbe.ReportRead {
      .failed(status, "the report command " + what + Self.standardError(run.standardErrorTail), seconds: seconds)
    }
    switch run.ending {
    case .exited(0):
      guard !run.output.isEmpty else {
        read = failed(.protocolError, "exited 0 and printed nothing: expected the receiving output")
        return
      }
      let report: JSONValue
      do {
        report = try JSONParser.parse(bytes: run.output)
      } catch {
        read = failed(
          .protocolError, "printed \(run.output.count) bytes that are not JSON (\(DisplayText(error.description)))")
        return
      }
      guard PostbackProbe.isReceivingOutput(report) else {
        read = failed(.protocolError, "printed JSON that is not the receiving output: no `arrivals` array")
        return
      }
      read = .report(report, seconds: seconds)
    case .exited(let status):
      read = failed(.crash, "exited with status \(status)")
    case .signaled(let signal):
      read = failed(.crash, "was ended by signal \(signal)")
    case .timedOut:
      read = failed(.timeout, "did not end within \(timeout) s: it was stopped")
    case .outputOverLimit:
      read = failed(.protocolError, "printed more than the \(outputLimit) bytes the probe reads: it was stopped")
    case .cannotStart(let reason):
      read = failed(.crash, "could not be started: \(DisplayText(reason))")
    }
  }

  /// `; its standard error ended with: …`, the tail of `text` escaped, or nothing when the
  /// command wrote none.
  static func standardError(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return "" }
    let tail = trimmed.count > shownErrorCharacters ? "…" + trimmed.suffix(shownErrorCharacters) : trimmed
    return "; its standard error ended with: \(DisplayText(tail))"
  }
}
