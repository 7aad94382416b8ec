import SKANJSON
import SKANVectors
public import SKANVerdicts

extension RunReport {
  /// `--strict-diagnostics`: a passing case whose diagnostic members (SIG-21) differ or are
  /// left out becomes a `fail`, with the diagnostic differences as its own. For an
  /// implementation that means to match the reference on every member (the bundled
  /// reference, a complete second implementation); libraries are judged without it. The
  /// report records that it was judged so (``strictDiagnostics``).
  public mutating func requireDiagnostics() {
    strictDiagnostics = true
    for index in results.indices { results[index].requireDiagnostics() }
  }
}

extension CaseResult {
  /// One result judged as `--strict-diagnostics` judges it (``RunReport/requireDiagnostics()``):
  /// a pass whose diagnostic members differ or are left out becomes a `fail`.
  public mutating func requireDiagnostics() {
    guard status == .pass, let diagnostics, diagnostics.status != .agree else { return }
    status = .fail
    differences = diagnostics.differences
    message =
      diagnostics.status == .differ
      ? "diagnostics differ at \(diagnostics.differences.first?.path ?? "?") (--strict-diagnostics)"
      : "diagnostics not given: \(diagnostics.missing.joined(separator: ", ")) (--strict-diagnostics)"
  }
}
