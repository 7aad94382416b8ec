import ArgumentParser
import Foundation
import SKANHTTP
import SKANJSON
import SKANModel
import SKANMutants
import SKANReference
import SKANRunner
import SKANSuiteCodecs
import SKANVectors

/// `skan-conform reference …`: the reference implementations.
struct ReferenceCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reference",
    abstract: "Serve a reference implementation: the model as an adapter, or the reference S2S API.",
    subcommands: [ReferenceAdapterCommand.self, ReferenceS2SCommand.self, ReferenceReceiverCommand.self],
    defaultSubcommand: ReferenceAdapterCommand.self)
}

/// `skan-conform reference [adapter] --stdio | --http`: the reference model as an adapter.
struct ReferenceAdapterCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "adapter",
    abstract: "Serve the reference model over the adapter protocol (stdio or HTTP).",
    discussion: """
      --stdio reads JSON lines on standard input and answers on standard output. --http \
      serves the same messages as POST bodies on http://HOST:PORT/ (any path); it binds \
      127.0.0.1 unless --host says otherwise, and runs until interrupted.
      """)

  @Flag(help: "Speak the adapter protocol on standard input and output.")
  var stdio = false

  @Flag(help: "Serve the adapter protocol over HTTP.")
  var http = false

  @Option(help: ArgumentHelp("The port for --http (0 picks a free one and prints it).", valueName: "port"))
  var port = 8080

  @Option(help: ArgumentHelp("The address for --http to bind.", valueName: "address"))
  var host = "127.0.0.1"

  @Option(help: ArgumentHelp("Serve a mutant of the reference instead (for testing the kit itself).", valueName: "id"))
  var mutant: String?

  /// How each suite answers: the reference, or one suite replaced by a mutant.
  var evaluate: @Sendable (Suite, JSONValue) -> SuiteResult {
    MutantCatalog.evaluator(replacing: mutant.flatMap(MutantCatalog.named))
  }

  func validate() throws {
    guard stdio != http else { throw ValidationError("pass exactly one of --stdio and --http") }
    guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
    if let mutant, MutantCatalog.named(mutant) == nil {
      throw ValidationError("unknown mutant '\(mutant)'; `skan-conform selfcheck` lists them")
    }
  }

  func run() async throws {
    if stdio {
      serveStdio()
      return
    }
    let server: LoopbackHTTPServer
    do {
      let evaluate = self.evaluate
      server = try await LoopbackHTTPServer.start(host: host, port: port) { request in
        Self.httpReply(to: request, evaluate: evaluate)
      }
    } catch {
      printError("error: cannot listen on \(host):\(port): \(error)")
      throw KitExit.usage
    }
    FileHandle.standardOutput.write(Data("skan-conform reference listening on http://\(host):\(server.port)/\n".utf8))
    await server.wait()
  }

  static func httpReply(
    to request: LoopbackHTTPServer.Request, evaluate: @escaping @Sendable (Suite, JSONValue) -> SuiteResult
  ) -> LoopbackHTTPServer.Response {
    let answer = ReferenceServing.httpAnswer(
      method: request.method, body: request.body, kitVersion: Manifest.kitVersion, evaluate: evaluate)
    return .init(status: answer.status, contentType: answer.contentType, body: answer.body)
  }

  private func serveStdio() {
    ReferenceServing.serveLines(
      input: .standardInput, output: .standardOutput, kitVersion: Manifest.kitVersion, evaluate: evaluate)
  }
}
