import ArgumentParser
import Foundation
import SKANJSON
import SKANRunner
import SKANVectors

/// `skan-conform reference --stdio`: the reference model as an adapter.
struct ReferenceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reference",
    abstract: "Serve the reference model over the adapter protocol (JSON lines on stdin/stdout).")

  @Flag(help: "Speak the adapter protocol on standard input and output (the only transport so far).")
  var stdio = false

  func validate() throws {
    guard stdio else { throw ValidationError("pass --stdio") }
  }

  func run() throws {
    let out = FileHandle.standardOutput
    while let line = readLine(strippingNewline: true) {
      if line.isEmpty { continue }
      let reply: JSONValue?
      do {
        reply = ReferenceAdapter.reply(to: try JSONParser.parse(line), kitVersion: Manifest.kitVersion)
      } catch {
        reply = ["seq": nil, "error": ["code": "invalid-input", "message": .string("not JSON: \(error)")]]
      }
      guard let reply else { return }
      out.write(Data(AdapterProtocol.line(reply)))
    }
  }
}
