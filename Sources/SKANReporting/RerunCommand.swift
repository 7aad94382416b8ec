public import SKANRunner
import SKANVectors

/// The one-line command that reruns one case of a report, as the certification page and the
/// Markdown summary show it. Every value in it is one shell word (``ShellQuote``), whatever a
/// report file holds; an endpoint's credentials are masked (``URLRedaction``), so the reader
/// puts them back before running it. `--cli` is shown as the run recorded it: a URL inside
/// it is masked, other secrets in the command line are not recognised (pass them in the
/// environment, not on the command line).
public enum RerunCommand {
  /// `skan-conform run … --id '<id>'` for the case `id` of `report`; with `--vectors` for a
  /// custom vector set whose path the report records.
  public static func text(_ report: RunReport, id: String) -> String {
    let target = ShellQuote.word(URLRedaction.redactURLs(in: report.target))
    if report.vectorDigest == RunReport.liveProbeDigest {
      // A probe runs all its checks at once, with the options of the first run.
      let probe = report.implementation.suites.contains("s2s") ? "s2s" : "postbacks"
      let seed = report.probe?.seed.map { " --seed \($0)" } ?? ""
      return
        "skan-conform probe \(probe) --url \(target)\(seed) … (the options of the first run; a probe runs every check)"
    }
    var selection = "--id " + ShellQuote.word(id)
    if report.vectorSet == .custom, let path = report.vectorsPath {
      selection = "--vectors " + ShellQuote.word(path) + " " + selection
    }
    switch report.transport {
    case .http: return "skan-conform run --endpoint \(target) \(selection)"
    case .perCase: return "skan-conform run --cli \(target) --per-case \(selection)"
    case .stdio: return "skan-conform run --cli \(target) \(selection)"
    case .inProcess: return "skan-conform run \(selection)"
    }
  }
}
