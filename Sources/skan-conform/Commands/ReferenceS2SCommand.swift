import ArgumentParser
import Foundation
import SKANHTTP
import SKANJSON
import SKANModel
import SKANS2S
import SKANSuiteCodecs

/// `skan-conform reference s2s`: the reference conversion-value endpoint (see Spec/s2s.md).
struct ReferenceS2SCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "s2s", abstract: "Serve the reference S2S conversion-value API.",
    discussion: """
      Serves GET \(S2SRequestShape.path) on http://HOST:PORT (127.0.0.1 unless --host says \
      otherwise), validating each request as Spec/s2s.md says (400, 401, 404) and answering a \
      known uid with its body from --values, a JSON object mapping uids to response bodies. \
      The dev key comes from --dev-key or, to keep it out of process listings, from the \
      environment variable \(ProbeS2SCommand.devKeyVariable). It is never printed.
      """)

  @Option(help: ArgumentHelp("The port (0 picks a free one and prints it).", valueName: "port"))
  var port = 8080

  @Option(help: ArgumentHelp("The address to bind.", valueName: "address"))
  var host = "127.0.0.1"

  @Option(help: ArgumentHelp("The dev key (default: $\(ProbeS2SCommand.devKeyVariable)).", valueName: "key"))
  var devKey: String?

  @Option(help: ArgumentHelp("A JSON object mapping each known uid to its response body.", valueName: "file"))
  var values: String?

  @Option(
    help: ArgumentHelp("The signing profile: appsflyer-client (default) or appsflyer-readme.", valueName: "profile"))
  var profile = S2SSignatureProfile.default.rawValue

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
    guard S2SSignatureProfile(rawValue: profile) != nil else {
      throw ValidationError("--profile must be appsflyer-client or appsflyer-readme")
    }
  }

  func run() async throws {
    guard let key = ProbeS2SCommand.devKey(devKey) else {
      printError("error: no dev key: pass --dev-key or set \(ProbeS2SCommand.devKeyVariable)")
      throw KitExit.usage
    }
    var table: [String: JSONValue] = [:]
    if let values {
      do {
        table = try S2SReferenceEndpoint.values(fromFile: values)
      } catch {
        printError("error: cannot read --values \(values): \(error)")
        throw KitExit.usage
      }
    }
    // The reference answers only what the contract allows (S2S-12, S2S-13).
    for (uid, body) in table.sorted(by: { $0.key < $1.key }) {
      do {
        _ = try S2SResponseContract.update(api: .appsFlyerV2, body: body)
      } catch {
        printError(
          "error: --values \(values ?? ""): the body for uid \(uid) breaks the response contract: \(error.code.rawValue) (\(error.message))"
        )
        throw KitExit.usage
      }
    }
    let endpoint = S2SReferenceEndpoint(
      devKey: key, profile: S2SSignatureProfile(rawValue: profile) ?? .default, values: table)
    let server: LoopbackHTTPServer
    do {
      server = try await LoopbackHTTPServer.start(host: host, port: port) { request in endpoint.respond(request) }
    } catch {
      printError("error: cannot listen on \(host):\(port): \(error)")
      throw KitExit.usage
    }
    FileHandle.standardOutput.write(
      Data(
        "skan-conform reference s2s listening on http://\(host):\(server.port)\(S2SRequestShape.path) (\(table.count) known uids)\n"
          .utf8))
    await server.wait()
  }
}
