import ArgumentParser
import Foundation
import SKANModel
import SKANRunner
import SKANVerdicts

/// `--require-suite`: suites a run must execute. Without it a run in which an adapter
/// stopped declaring a suite is still green for the others; with it, every selected case of
/// each named suite must have been executed (none `skipped`), or the run fails (exit 1).
/// (A run that executed no case at all always fails: ``RunReport/gateProblems``.)
struct GateOptions: ParsableArguments {
  @Option(
    name: .customLong("require-suite"),
    help: ArgumentHelp(
      "Fail the run (exit 1) if a case of one of these suites was skipped (comma-separated; repeatable).",
      valueName: "name[,name…]"))
  var requireSuite: [String] = []

  /// The suite names, split on commas, in the order given, without repeats.
  var names: [String] {
    var seen: Set<String> = []
    return requireSuite.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { seen.insert($0).inserted }
  }

  func validate() throws {
    let known = Suite.allCases.map(\.rawValue)
    for name in names {
      guard !name.isEmpty else { throw ValidationError("--require-suite needs suite names; an empty name names none") }
      guard known.contains(name) else {
        throw ValidationError(
          "--require-suite: unknown suite '\(name)'; the suites are \(known.joined(separator: ", "))")
      }
    }
  }
}
