import ArgumentParser

/// `skan-conform reference s2s`: the reference conversion-value endpoint (see Spec/s2s.md).
struct ReferenceS2SCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "s2s", abstract: "Serve the reference S2S conversion-value API (not implemented yet).")

  func run() async throws {
    printError("error: the reference S2S endpoint is not implemented yet")
    throw KitExit.usage
  }
}
