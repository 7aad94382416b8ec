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

  /// A response body spelled exactly as the canonical error line with the code the request
  /// expects is taken as that error without a parse, as over stdio; another code, another
  /// `seq` or another spelling is read as the message it is.
  @Test("an error reply spelled as expected is taken unparsed, anything else is parsed", .timeLimit(.minutes(3)))
  func expectedError() async throws {
    let server = try await LoopbackHTTPServer.start(port: 0) { request in
      let message = (try? JSONParser.parse(bytes: request.body)) ?? .null
      guard message["cmd"]?.stringValue == "run", let seq = message["seq"]?.exactInteger else {
        // The reference's own hello (and nothing for `stop`).
        let reply = ReferenceAdapter.reply(to: message, kitVersion: "test")
        return .init(status: reply == nil ? 204 : 200, body: Array((reply?.description ?? "").utf8))
      }
      let code = seq == 3 ? "other-code" : "invalid-input"
      let spelled =
        seq == 4
        ? #"{"seq":4,"error":{"code":"invalid-input","message":"m"}}"#
        : #"{"error":{"code":"\#(code)","message":"bad \"t\""},"seq":\#(seq == 5 ? 6 : seq)}"#
      return .init(status: 200, body: Array(spelled.utf8))
    }
    defer { Task { await server.stop() } }
    let transport = HTTPTransport(
      url: "http://127.0.0.1:\(server.port)/", options: RunOptions(command: "", timeout: 30, handshakeTimeout: 60),
      kitVersion: "test")
    _ = try await transport.handshake()
    func reply(_ seq: Int) async -> Verdict.Reply {
      await transport.exchange(
        RunRequest(
          seq: seq, id: "window/e", suite: "window", input: ["at": 1], expectedErrorCode: "invalid-input"))
    }
    guard case .expectedError(seq: 2, code: "invalid-input", message: #"bad "t""#) = await reply(2) else {
      Issue.record("the expected error was parsed: \(await reply(2))")
      return
    }
    for seq in [3, 4, 5] {
      guard case .message(let message) = await reply(seq) else {
        Issue.record("seq \(seq): not read as a message")
        continue
      }
      #expect(message["error"]?["code"] != nil, "seq \(seq)")
    }
    await transport.close()
  }
}
