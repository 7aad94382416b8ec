import ArgumentParser
import Foundation
import SKANJSON
import SKANRunner

/// Reads an expectations file for the CLI, with errors that exit 2.
enum ExpectationsFile {
  /// Why an expectations file cannot be used: the message to print.
  struct Unusable: Error {
    let message: String
  }

  /// The file at `path`, or the message saying why it cannot be used.
  static func read(_ path: String) -> Result<Expectations, Unusable> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Unusable(message: "error: cannot read the expectations file \(path)"))
    }
    do {
      return .success(try Expectations(json: try JSONParser.parse(bytes: Array(data)), file: path))
    } catch let error as JSONError {
      return .failure(Unusable(message: "error: \(path): not valid JSON: \(error)"))
    } catch {
      return .failure(Unusable(message: "error: \(error)"))
    }
  }

  /// The file at `path`; a file that cannot be used is said so and exits 2.
  static func load(_ path: String) throws -> Expectations {
    switch read(path) {
    case .success(let expectations): return expectations
    case .failure(let unusable):
      printError(unusable.message)
      throw KitExit.usage
    }
  }
}
