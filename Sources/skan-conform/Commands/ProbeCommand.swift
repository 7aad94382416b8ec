import ArgumentParser

/// `skan-conform probe …`: live checks of running endpoints.
struct ProbeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "probe", abstract: "Probe a running endpoint.",
    subcommands: [ProbeS2SCommand.self, ProbePostbacksCommand.self])
}
