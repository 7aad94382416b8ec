import Foundation
import SKANHTTP
import SKANJSON
import SKANRunner
import SKANSuites
import SKANTestSupport
import SKANVectors
import Subprocess
import Testing

@Suite("Runner against misbehaving HTTP endpoints", .serialized)
struct MisbehavingHTTPTests {
  /// Runs three window cases against the fixture server in `mode`; the middle case is the
  /// one the server mistreats.
  func run(_ mode: String, timeout: Double = 1) async throws -> RunReport {
    let vectors = try VectorSet.embedded()
    let cases = Array(vectors.cases.filter { $0.suite.rawValue == "window" }.prefix(3))
    #expect(cases[1].id == "window/one-ms-before-t0")
    let script = RepositoryPaths.fixture("misbehaving_http_server.py")
    let result = try await Subprocess.run(
      .name("python3"), arguments: [script, mode], input: .none, output: .sequence, error: .discarded
    ) { execution -> RunReport? in
      var port: Int?
      for try await line in execution.standardOutput.strings() {
        port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("port ".count))
        break
      }
      defer { try? execution.send(signal: .kill) }
      guard let port else { return nil }
      let transport = HTTPTransport(
        url: "http://127.0.0.1:\(port)/", options: RunOptions(command: "", timeout: timeout), kitVersion: "test",
        concurrency: 2)
      return try await Runner.run(cases: cases, vectors: vectors, transport: transport)
    }
    return try #require(result.closureResult)
  }

  @Test("HTTP 500 is a protocol error for that case only", .timeLimit(.minutes(1)))
  func status500() async throws {
    let report = try await run("status500")
    #expect(report.results.map(\.status) == [.skipped, .protocolError, .skipped])
  }

  @Test("a reset connection is a crash for that case only", .timeLimit(.minutes(1)))
  func reset() async throws {
    let report = try await run("reset")
    #expect(report.results.map(\.status) == [.skipped, .crash, .skipped])
  }

  @Test("a slow response is a timeout for that case only", .timeLimit(.minutes(1)))
  func slow() async throws {
    let report = try await run("slow", timeout: 0.5)
    #expect(report.results.map(\.status) == [.skipped, .timeout, .skipped])
  }

  @Test("a 200 that is not JSON is a protocol error", .timeLimit(.minutes(1)))
  func garbage() async throws {
    let report = try await run("garbage")
    #expect(report.results.map(\.status) == [.skipped, .protocolError, .skipped])
  }

  @Test("nothing listening fails the handshake", .timeLimit(.minutes(1)))
  func refused() async throws {
    let vectors = try VectorSet.embedded()
    let transport = HTTPTransport(
      url: "http://127.0.0.1:9/", options: RunOptions(command: "", timeout: 1), kitVersion: "test")
    await #expect(throws: RunnerError.self) {
      _ = try await Runner.run(cases: Array(vectors.cases.prefix(1)), vectors: vectors, transport: transport)
    }
  }

  @Test("the reference over HTTP passes every vector", .timeLimit(.minutes(1)))
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
      url: "http://127.0.0.1:\(server.port)/", options: RunOptions(command: "", timeout: 5), kitVersion: "test")
    let report = try await Runner.run(cases: vectors.cases, vectors: vectors, transport: transport)
    #expect(report.results.count == vectors.cases.count)
    #expect(report.results.allSatisfy { $0.status == .pass })
  }
}
