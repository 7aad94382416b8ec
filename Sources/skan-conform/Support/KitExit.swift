import ArgumentParser
import Foundation

/// The documented exit codes of `skan-conform`.
enum KitExit {
  /// Every result as expected.
  static let success = ExitCode(0)
  /// Unexpected results: a failing case, or vectors that drifted from the model.
  static let unexpected = ExitCode(1)
  /// A usage error (argument-parser uses 64 by default; the kit documents 2).
  static let usage = ExitCode(2)
  /// The implementation could not start or failed the handshake.
  static let implementation = ExitCode(3)
  /// The vectors are invalid.
  static let invalidVectors = ExitCode(4)
}

/// Writes a line to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
