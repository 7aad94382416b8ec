import ArgumentParser
import SKANRunner

/// `--strict-expectations`, for `run` and `report merge`: whether an unexpected pass or a stale
/// expectation fails the gate too, not only an unexpected failure.
struct ExpectationStrictness: ParsableArguments {
  @Flag(help: "Fail on an unexpected pass or a stale expectation too, not only on an unexpected failure.")
  var strictExpectations = false

  /// Whether the report passes the gate: ``RunReport/succeeded(strict:)`` at this strictness.
  func succeeded(_ report: RunReport) -> Bool {
    report.succeeded(strict: strictExpectations)
  }
}
