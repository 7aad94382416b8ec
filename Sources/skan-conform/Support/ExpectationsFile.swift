import ArgumentParser
import Foundation
import SKANJSON
import SKANRunner

/// Reads an expectations file for the CLI, with errors that exit 2.
enum ExpectationsFile {
  static func load(_ path: String) throws -> Expectations {
    guard let data = FileManager.default.contents(atPath: path) else {
      printError("error: cannot read the expectations file \(path)")
      throw KitExit.usage
    }
    do {
      return try Expectations(json: try JSONParser.parse(bytes: Array(data)), file: path)
    } catch let error as JSONError {
      printError("error: \(path): not valid JSON: \(error)")
      throw KitExit.usage
    } catch {
      printError("error: \(error)")
      throw KitExit.usage
    }
  }
}
