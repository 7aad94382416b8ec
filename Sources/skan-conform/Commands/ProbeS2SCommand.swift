import ArgumentParser
import Foundation
import SKANHTTP
import SKANJSON
import SKANModel
import SKANReporting
import SKANRunner
import SKANS2S
import SKANVectors
import SKANVerdicts

/// `skan-conform probe s2s`: the SDK-less client against a running conversion-value endpoint.
struct ProbeS2SCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "s2s",
    abstract: "Check a running S2S conversion-value endpoint as the SDK-less client.",
    discussion: """
      Sends a well-signed request (200 and a body that parses per the contract), a tampered \
      signature (401), requests without uid or signature (400) and a made-up uid (404), and \
      reports each check like `skan-conform run`. The dev key comes from --dev-key or from \
      $\(devKeyVariable), which keeps it out of process listings and CI logs; it never \
      appears in any output. Exit codes: 0 every check passed; 1 a check failed; 2 usage; \
      3 the endpoint is unreachable.
      """)

  /// The environment variable holding the dev key.
  static let devKeyVariable = "SKAN_CONFORM_DEV_KEY"

  /// The dev key from the option, or else from the environment.
  static func devKey(_ option: String?) -> String? {
    if let option, !option.isEmpty { return option }
    guard let value = ProcessInfo.processInfo.environment[devKeyVariable], !value.isEmpty else { return nil }
    return value
  }

  @Option(help: ArgumentHelp("The endpoint URL (a URL without a path gets \(S2SRequestShape.path)).", valueName: "url"))
  var url: String

  @Option(help: ArgumentHelp("The dev key (default: $\(devKeyVariable)).", valueName: "key"))
  var devKey: String?

  @Option(help: ArgumentHelp("The app ID to send.", valueName: "id"))
  var appId: String

  @Option(help: ArgumentHelp("A uid the endpoint knows.", valueName: "uid"))
  var uid: String

  @Option(
    help: ArgumentHelp("The signing profile: appsflyer-client (default) or appsflyer-readme.", valueName: "profile"))
  var profile = S2SSignatureProfile.default.rawValue

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for each response.", valueName: "seconds"))
  var timeout: Double = 5

  @OptionGroup var reports: ReportOptions

  func validate() throws {
    guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    try EndpointURL.check(url, option: "--url")
    guard S2SSignatureProfile(rawValue: profile) != nil else {
      throw ValidationError("--profile must be appsflyer-client or appsflyer-readme")
    }
    guard !uid.isEmpty else { throw ValidationError("--uid must not be empty") }
  }

  func run() async throws {
    guard let key = Self.devKey(devKey) else {
      printError("error: no dev key: pass --dev-key or set \(Self.devKeyVariable)")
      throw KitExit.usage
    }
    let configuration = S2SProbe.Configuration(
      url: url, devKey: key, appID: appId, uid: uid, profile: S2SSignatureProfile(rawValue: profile) ?? .default,
      timeout: timeout)
    let probe: S2SProbe
    do {
      probe = try S2SProbe(configuration)
    } catch {
      printError("error: \(error)")
      throw KitExit.usage
    }
    try await LiveProbe.run(reports: reports, checks: { try await probe.run() }) { results, kitVersion, startedAt in
      probe.report(results, kitVersion: kitVersion, startedAt: startedAt)
    }
  }

}
