import ArgumentParser
import Foundation
import SKANReporting
import SKANRunner
import SKANS2S
import SKANVectors
import SKANVerdicts

/// `skan-conform probe postbacks`: plays the device against a running postback receiver.
struct ProbePostbacksCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "postbacks",
    abstract: "Probe a running postback receiver as a device would (the receiving side).",
    discussion: """
      POSTs a batch drawn from a seed to the receiver, to --network-path and to Apple's two \
      developer-copy paths unless --skip-copies: some of Apple's example postbacks (which \
      verify with Apple's own keys), device retries, the developer copies, a rewritten \
      duplicate, and SKAdNetwork and AdAttributionKit forgeries, in the seed's order. The seed \
      is printed and written in the reports; --seed reproduces a run. Every postback must be \
      answered 200 at once, never a redirect or a server error, within --timeout, body \
      included. With --report-url the probe GETs what the receiver counted before and after \
      the batch and compares what the batch added with the receiving model's answer for the \
      requests it sent; --report-command instead runs a command through /bin/sh -c at those \
      two points and reads the same report from its standard output (a receiver that keeps \
      its count in a database: a query that prints it). Without either, counting is not \
      checked and the certificate never reads full. A report that cannot be read (an answer \
      other than 200; a command that exits non-zero or does not end within --timeout; output \
      over 1 MiB, or not the receiving output) fails the check probe-postbacks/report, saying \
      whether before or after the batch and what was wrong, with the command's standard error \
      escaped. Reports record whether the count came from a URL or a command, never the \
      command's text. A probe's certificate is that of a probe of its seed, never of the \
      official vector set. Point it at a staging receiver: the postbacks are Apple's example \
      data. Exit codes: 0 every check passed, 1 a check failed (a report that cannot be read \
      included), 2 usage, 3 nothing accepted the first connection.
      """)

  @Option(help: ArgumentHelp("The receiver's base URL (scheme, host, port).", valueName: "url"))
  var url: String

  @Option(help: ArgumentHelp("The ad network's postback path on the receiver.", valueName: "path"))
  var networkPath: String?

  @Flag(help: "Do not send the developer copies (an ad network's own endpoint).")
  var skipCopies = false

  @Flag(help: "The advertised app opted into AdAttributionKit re-engagement copies.")
  var reengagementCopies = false

  @Option(help: ArgumentHelp("Where to GET what the receiver counted (the receiving output).", valueName: "url"))
  var reportUrl: String?

  @Option(
    help: ArgumentHelp(
      "A shell command that prints what the receiver counted (the receiving output), run before and after the batch; not with --report-url.",
      valueName: "command"))
  var reportCommand: String?

  @Option(help: ArgumentHelp("Resends after an answer other than 200 (default 2).", valueName: "n"))
  var retries = 2

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds to wait for each whole answer, body included, and for each run of --report-command.",
      valueName: "seconds"))
  var timeout: Double = 5

  @Option(
    help: ArgumentHelp(
      "The seed of the batch, 0 to 9007199254740991 (default: drawn at random and printed).", valueName: "n"))
  var seed: UInt64?

  @OptionGroup var reports: ReportOptions

  func validate() throws {
    guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    guard (0...9).contains(retries) else { throw ValidationError("--retries must be from 0 to 9") }
    try EndpointURL.check(url, option: "--url")
    if let reportUrl { try EndpointURL.check(reportUrl, option: "--report-url") }
    if reportUrl != nil && reportCommand != nil {
      throw ValidationError("--report-url and --report-command both read the count: give one")
    }
    if let reportCommand, reportCommand.allSatisfy(\.isWhitespace) {
      throw ValidationError("--report-command must not be empty")
    }
    if let networkPath, !networkPath.hasPrefix("/") { throw ValidationError("--network-path must start with /") }
    if networkPath == nil && skipCopies { throw ValidationError("--skip-copies needs --network-path: nothing to send") }
    if let seed, seed > 9_007_199_254_740_991 { throw ValidationError("--seed must be from 0 to 9007199254740991") }
  }

  func run() async throws {
    let probe: PostbackProbe
    do {
      probe = try PostbackProbe(
        PostbackProbe.Configuration(
          url: url, networkPath: networkPath, copies: !skipCopies, reengagementCopies: reengagementCopies,
          reportURL: reportUrl, reportCommand: reportCommand, retries: retries, timeout: timeout, seed: seed))
    } catch {
      printError("error: \(error)")
      throw KitExit.usage
    }
    printError("probe postbacks: seed \(probe.seed) (--seed \(probe.seed) sends the same batch)")
    try await LiveProbe.run(reports: reports, checks: { try await probe.run() }) { results, kitVersion, startedAt in
      probe.report(results, kitVersion: kitVersion, startedAt: startedAt)
    }
  }
}
