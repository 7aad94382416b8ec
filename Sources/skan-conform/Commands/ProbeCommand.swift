import ArgumentParser

/// `skan-conform probe …`: live checks of running endpoints.
struct ProbeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "probe", abstract: "Probe a running endpoint (not implemented yet).")

  func run() async throws {
    printError("error: the S2S probe is not implemented yet")
    throw KitExit.usage
  }
}
