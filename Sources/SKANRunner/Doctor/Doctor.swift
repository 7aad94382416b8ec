import Foundation
import SKANJSON
public import SKANVectors
import SKANVerdicts
import SKANVocabulary

/// Checks an adapter against the protocol itself, before any semantics, and says in plain
/// words what is wrong and how to fix it (`skan-conform doctor`).
public enum Doctor {
  /// One check's finding.
  public struct Finding: Sendable {
    /// `ok`, `warning` or `problem`.
    public enum Severity: String, Sendable { case ok, warning, problem }
    /// What was checked.
    public var check: String
    /// How it went.
    public var severity: Severity
    /// What happened, and for anything but `ok` how to fix it.
    public var detail: String
  }

  /// Examines a stdio adapter started with `sh -c command`, waiting `timeout` seconds for
  /// each reply, and for the hello reply that or 10 s, whichever is longer.
  public static func examine(command: String, vectors: VectorSet, timeout: Double = 5) async -> [Finding] {
    let process = StdioProcess(command: command, maximumLineLength: 8 << 20)
    defer { process.kill() }
    var examination = DoctorExamination(process: process, vectors: vectors, timeout: timeout)
    await examination.run()
    return examination.findings
  }
}
