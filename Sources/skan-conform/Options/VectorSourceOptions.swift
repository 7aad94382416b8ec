import ArgumentParser
import Foundation
import SKANVectors

/// Where the vectors come from.
struct VectorSourceOptions: ParsableArguments {
  @Option(
    name: .customLong("vectors"),
    help: ArgumentHelp(
      "A Vectors/ directory to read and check. Default: ./Vectors when it exists, else the vectors built into this binary.",
      valueName: "dir"))
  var directory: String?

  /// Loads the vectors, turning every problem into a message and exit code 4.
  func load() throws -> VectorSet {
    do {
      if let directory { return try VectorLoader.load(directory: directory) }
      if FileManager.default.fileExists(atPath: "Vectors/manifest.json") {
        return try VectorLoader.load(directory: "Vectors")
      }
      return try VectorSet.embedded()
    } catch {
      printError("error: invalid vectors: \(error)")
      throw KitExit.invalidVectors
    }
  }
}
