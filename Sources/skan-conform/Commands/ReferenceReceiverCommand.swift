import ArgumentParser
import Foundation
import SKANHTTP
import SKANJSON
import SKANModel
import SKANReference
import SKANRunner
import SKANVocabulary

/// `skan-conform reference receiver`: the reference postback receiver
/// (docs/design/receiving-suite.md §6.3).
struct ReferenceReceiverCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "receiver", abstract: "Serve the reference postback receiver (the receiving side).",
    discussion: """
      Listens on http://HOST:PORT (127.0.0.1 unless --host says otherwise). A POST on a \
      --network-path or on Apple's two developer-copy paths \
      (\(PostbackReceiver.skadnetworkCopyPath), \(PostbackReceiver.adAttributionKitCopyPath)) is \
      answered 200 whatever its body, as Apple asks, and recorded with the receiver's clock. \
      GET \(ReceiverEndpoint.reportPath) answers what the receiver counted: the receiving \
      model's output for the postbacks so far (verified as the signature suite verifies, \
      duplicates dropped, development apart); POST \(ReceiverEndpoint.resetPath) forgets them. \
      Another path is 404, another method 405, a body over 1 MiB 413.
      """)

  @Option(help: ArgumentHelp("The port (0 picks a free one and prints it).", valueName: "port"))
  var port = 8080

  @Option(help: ArgumentHelp("The address to bind.", valueName: "address"))
  var host = "127.0.0.1"

  @Option(help: ArgumentHelp("A path registered as the ad network's postback URL (repeatable).", valueName: "path"))
  var networkPath: [String] = []

  @Flag(help: "The advertised app opted into AdAttributionKit re-engagement copies.")
  var reengagementCopies = false

  @Option(
    help: ArgumentHelp(
      "A SKAdNetwork key (base64 SPKI) for every version, instead of Apple's.", valueName: "key"))
  var skadnetworkKey: String?

  @Option(
    help: ArgumentHelp(
      "A JSON file mapping Apple's AdAttributionKit kids to keys (base64 SPKI), instead of Apple's.",
      valueName: "file"))
  var aakKeys: String?

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
  }

  func run() async throws {
    typealias Input = ReceivingSuite.Input
    var settings: [String: JSONValue] = [
      Input.receiver.rawValue: ReceivingSuite.Receiver.object([
        .networkPaths: .array(networkPath.map { .string($0) }), .reengagementCopies: .bool(reengagementCopies),
      ])
    ]
    if let skadnetworkKey { settings[Input.skadnetworkPublicKey.rawValue] = .string(skadnetworkKey) }
    if let aakKeys {
      guard let data = FileManager.default.contents(atPath: aakKeys),
        let keys = try? JSONParser.parse(bytes: Array(data)), keys.objectValue != nil
      else {
        printError("error: --aak-keys \(aakKeys): not a readable JSON object mapping kids to keys")
        throw KitExit.usage
      }
      settings[Input.aakKeys.rawValue] = keys
    }
    let endpoint: ReceiverEndpoint
    do {
      endpoint = try ReceiverEndpoint(settings: settings)
    } catch {
      // The messages name the input members; say which option they come from.
      let message = error.message.replacingOccurrences(of: "input.receiver.network_paths", with: "--network-path")
        .replacingOccurrences(of: "input.skadnetwork_public_key", with: "--skadnetwork-key")
        .replacingOccurrences(of: "input.aak_keys", with: "--aak-keys")
      printError("error: \(DisplayText(message))")
      throw KitExit.usage
    }
    let server: LoopbackHTTPServer
    do {
      server = try await LoopbackHTTPServer.start(host: host, port: port) { request in
        let answer = endpoint.respond(method: request.method, target: request.uri, body: request.body)
        return LoopbackHTTPServer.Response(status: answer.status, body: answer.body, allow: answer.allow)
      }
    } catch {
      printError("error: cannot listen on \(host):\(port): \(error)")
      throw KitExit.usage
    }
    FileHandle.standardOutput.write(
      Data(
        "skan-conform reference receiver listening on http://\(host):\(server.port) (report: \(ReceiverEndpoint.reportPath))\n"
          .utf8))
    await server.wait()
  }
}
