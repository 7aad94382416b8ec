import SKANJSON
import SKANVectors
import SKANVerdicts

extension RunReport {
  /// `--strict-diagnostics`: a passing case whose diagnostic members (SIG-21) differ or are
  /// left out becomes a `fail`, with the diagnostic differences as its own. For an
  /// implementation that means to match the reference on every member (the bundled
  /// reference, a complete second implementation); libraries are judged without it.
  public mutating func requireDiagnostics() {
    for index in results.indices {
      guard results[index].status == .pass, let diagnostics = results[index].diagnostics,
        diagnostics.status != .agree
      else { continue }
      results[index].status = .fail
      results[index].differences = diagnostics.differences
      results[index].message =
        diagnostics.status == .differ
        ? "diagnostics differ at \(diagnostics.differences.first?.path ?? "?") (--strict-diagnostics)"
        : "diagnostics not given: \(diagnostics.missing.joined(separator: ", ")) (--strict-diagnostics)"
    }
  }
}
