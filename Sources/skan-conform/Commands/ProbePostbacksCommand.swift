import ArgumentParser
import Foundation
import SKANReporting
import SKANRunner
import SKANS2S
import SKANVectors
import SKANVerdicts

/// `skan-conform probe postbacks`: plays the device against a running postback receiver (#29).
struct ProbePostbacksCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "postbacks",
    abstract: "Probe a running postback receiver as a device would (the receiving side, #29).",
    discussion: """
      POSTs Apple's example postbacks (which verify with Apple's own keys) to the receiver: \
      to --network-path, and to Apple's two developer-copy paths unless --skip-copies; a \
      device retry, a loser, an AdAttributionKit postback, a rewritten duplicate and a \
      forgery among them. Every postback must be answered 200 at once, never a redirect or a \
      server error. With --report-url the probe GETs what the receiver counted and compares \
      it with the receiving model's answer for the requests it sent. Point it at a staging \
      receiver: the postbacks are Apple's example data. Exit codes: 0 every check passed, 1 a \
      check failed, 2 usage, 3 the receiver is unreachable.
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

  @Option(help: ArgumentHelp("Resends after an answer other than 200 (default 2).", valueName: "n"))
  var retries = 2

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for each answer.", valueName: "seconds"))
  var timeout: Double = 5

  @OptionGroup var reports: ReportOptions

  func validate() throws {
    guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    guard (0...9).contains(retries) else { throw ValidationError("--retries must be from 0 to 9") }
    try EndpointURL.check(url, option: "--url")
    if let reportUrl { try EndpointURL.check(reportUrl, option: "--report-url") }
    if let networkPath, !networkPath.hasPrefix("/") { throw ValidationError("--network-path must start with /") }
    if networkPath == nil && skipCopies { throw ValidationError("--skip-copies needs --network-path: nothing to send") }
  }

  func run() async throws {
    let probe: PostbackProbe
    do {
      probe = try PostbackProbe(
        PostbackProbe.Configuration(
          url: url, networkPath: networkPath, copies: !skipCopies, reengagementCopies: reengagementCopies,
          reportURL: reportUrl, retries: retries, timeout: timeout))
    } catch {
      printError("error: \(error)")
      throw KitExit.usage
    }
    try await LiveProbe.run(reports: reports, checks: { try await probe.run() }) { results, kitVersion, startedAt in
      probe.report(results, kitVersion: kitVersion, startedAt: startedAt)
    }
  }
}
