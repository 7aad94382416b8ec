import Foundation
import SKANHTTP
import SKANTestSupport
import Subprocess
import Testing

/// The kit's own HTTP servers (the reference adapter, the reference S2S endpoint) close
/// connections they are done with: an idle one after the idle timeout,
/// and one they answered `400` with `Connection: close`. The client is a small Python script
/// (`Tests/Fixtures/http_connection_probe.py`) that reports when the server closed.
@Suite("The loopback servers close idle and refused connections")
struct LoopbackServerConnectionTests {
  /// Runs the connection probe against `port` and returns what it printed.
  static func probe(port: Int, mode: String, deadline: Double) async throws -> String {
    let result = try await Subprocess.run(
      .name("python3"),
      arguments: [RepositoryPaths.fixture("http_connection_probe.py"), String(port), mode, String(deadline)],
      output: .string(limit: 1 << 16), error: .string(limit: 1 << 16))
    return result.standardOutput + result.standardError
  }

  static func serve(
    idleTimeout: Double, requestTimeout: Double = LoopbackHTTPServer.defaultRequestTimeout
  ) async throws -> LoopbackHTTPServer {
    try await LoopbackHTTPServer.start(port: 0, idleTimeout: idleTimeout, requestTimeout: requestTimeout) { _ in
      .init(status: 200, body: Array("{}".utf8))
    }
  }

  @Test("an idle connection is closed after the idle timeout (5 s; the test allows 60)", .timeLimit(.minutes(4)))
  func idleConnection() async throws {
    let server = try await Self.serve(idleTimeout: LoopbackHTTPServer.defaultIdleTimeout)
    let output = try await Self.probe(port: server.port, mode: "idle", deadline: 60)
    await server.stop()
    #expect(output.contains("closed after"), "\(output)")
  }

  @Test(
    "a request that does not parse gets 400 with Connection: close, and the connection is closed at once",
    .timeLimit(.minutes(4)))
  func closesAfterBadRequest() async throws {
    // An idle timeout far beyond the test's deadline: only the 400 can close the connection.
    let server = try await Self.serve(idleTimeout: 600)
    let output = try await Self.probe(port: server.port, mode: "garbage", deadline: 60)
    await server.stop()
    #expect(output.contains("response: HTTP/1.1 400"), "\(output)")
    #expect(output.contains("connection: close"), "\(output)")
    #expect(output.contains("closed after"), "\(output)")
  }

  @Test(
    "a second request head trickled a byte a second on a kept-alive connection is cut off by the request timeout (1 s; the test allows 10), and another connection is served meanwhile",
    .timeLimit(.minutes(4)))
  func tricklingHead() async throws {
    // An idle timeout far beyond the test's deadline: a byte a second keeps the connection
    // from ever being idle, so only the request timeout can close it.
    let server = try await Self.serve(idleTimeout: 600, requestTimeout: 1)
    let output = try await Self.probe(port: server.port, mode: "trickle", deadline: 10)
    await server.stop()
    #expect(output.contains("first: HTTP/1.1 200"), "\(output)")
    #expect(output.contains("served: HTTP/1.1 200"), "\(output)")
    #expect(output.contains("closed after"), "\(output)")
  }

  @Test("the kit's HTTP clients drop idle connections before the servers do")
  func clientIdleTimeoutBelowServers() {
    #expect(HTTPTransport.idleTimeout < LoopbackHTTPServer.defaultIdleTimeout)
  }
}
