import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SKANHTTP
import SKANRunner

/// The HTTP client of the live probes (`probe s2s`, `probe postbacks`): no redirects followed,
/// no connection retried, idle connections dropped before the kit's own servers drop them, at
/// most 1 MiB of an answer read, one deadline per request.
struct ProbeClient: Sendable {
  /// What one request got.
  enum Outcome: Sendable {
    /// An answer: its status, its body (at most 1 MiB) and how long it took.
    case response(status: Int, body: [UInt8], seconds: Double)
    /// No answer within the timeout, given in seconds.
    case timedOut(Double)
    /// The request failed before an answer (a URL in the reason is redacted).
    case unreachable(String)
  }

  let client: HTTPClient
  /// Seconds to wait for each answer.
  let timeout: Double

  init(timeout: Double) {
    var configuration = HTTPClient.Configuration()
    configuration.timeout = .init(connect: .seconds(5))
    // Below the idle timeout of the kit's own servers (LoopbackHTTPServer).
    configuration.connectionPool.idleTimeout = .milliseconds(Int64(HTTPTransport.idleTimeout * 1000))
    configuration.redirectConfiguration = .disallow
    configuration.connectionPool.retryConnectionEstablishment = false
    client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    self.timeout = timeout
  }

  /// Sends `request` under one deadline of ``timeout`` seconds.
  func send(_ request: HTTPClientRequest) async -> Outcome {
    let started = Date()
    let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1000))
    do {
      let response = try await client.execute(request, deadline: deadline)
      let body = try await response.body.collect(upTo: 1 << 20)
      return .response(
        status: Int(response.status.code), body: Array(body.readableBytesView),
        seconds: Date().timeIntervalSince(started))
    } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
      return .timedOut(timeout)
    } catch {
      if NIODeadline.now() >= deadline { return .timedOut(timeout) }
      return .unreachable(URLRedaction.redactURLs(in: String(describing: error)))
    }
  }

  /// Closes the client's connections.
  func shutdown() async { try? await client.shutdown() }
}
