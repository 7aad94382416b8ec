import SKANVerdicts

extension RunReport {
  /// Records, in ``gateFailures``, every suite of `required` (`--require-suite`) of which a
  /// case was skipped. A required suite with no case in the selection is refused before the
  /// run (``RunPlan``); a shard may hold no case of it. Only for a complete report: an
  /// interrupted one fails anyway.
  public mutating func recordSkippedRequiredSuites(_ required: [String]) {
    for name in required {
      let suiteResults = results.filter { $0.suite == name }
      let skipped = suiteResults.filter { $0.status == .skipped }
      if let first = skipped.first {
        gateFailures.append(
          "--require-suite \(name): \(skipped.count) of the \(suiteResults.count) case(s) of suite \(name) were skipped (\(first.id): \(first.message ?? "skipped"))"
        )
      }
    }
  }
}
