import Foundation
import SKANHTTP
import SKANJSON
import SKANModel
import SKANReference
import SKANRunner
import SKANSuiteCodecs
import SKANVectors
import SKANVerdicts
import Testing

/// The HTTP transport at its edges. Faults on one case of a full run (500, reset, closed,
/// not JSON, hang, 50 MB body, slow) are in `FaultAttributionTests`.
@Suite("HTTP transport", .serialized)
struct MisbehavingHTTPTests {
  @Test("nothing listening fails the handshake", .timeLimit(.minutes(3)))
  func refused() async throws {
    let vectors = try VectorSet.embedded()
    let transport = HTTPTransport(
      url: "http://127.0.0.1:9/", options: RunOptions(command: "", timeout: 1, handshakeTimeout: 60), kitVersion: "test"
    )
    await #expect(throws: RunnerError.self) {
      _ = try await Runner.run(cases: Array(vectors.cases.prefix(1)), vectors: vectors, transport: transport)
    }
  }

  @Test("the reference over HTTP passes every vector", .timeLimit(.minutes(3)))
  func reference() async throws {
    let vectors = try VectorSet.embedded()
    let server = try await LoopbackHTTPServer.start(port: 0) { request in
      let message = (try? JSONParser.parse(bytes: request.body)) ?? .null
      guard let reply = ReferenceAdapter.reply(to: message, kitVersion: "test") else {
        return .init(status: 204, body: [])
      }
      return .init(status: 200, body: Array(reply.description.utf8))
    }
    defer { Task { await server.stop() } }
    let transport = HTTPTransport(
      url: "http://127.0.0.1:\(server.port)/", options: RunOptions(command: "", timeout: 30, handshakeTimeout: 60),
      kitVersion: "test")
    let report = try await Runner.run(cases: vectors.cases, vectors: vectors, transport: transport)
    #expect(report.results.count == vectors.cases.count)
    #expect(report.results.allSatisfy { $0.status == .pass })
  }
}
