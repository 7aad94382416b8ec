import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SKANHTTP
import SKANRunner

/// The HTTP client of the live probes (`probe s2s`, `probe postbacks`): no redirects followed,
/// no connection retried, idle connections dropped before the kit's own servers drop them, at
/// most 1 MiB of an answer read (a longer one is ``Outcome/oversized(status:seconds:)``, never
/// taken for an unreachable server), one deadline per request.
struct ProbeClient: Sendable {
  /// What one request got.
  enum Outcome: Sendable {
    /// An answer: its status, its body (at most ``bodyLimit`` bytes) and how long it took.
    case response(status: Int, body: [UInt8], seconds: Double)
    /// An answer whose body is longer than ``bodyLimit``: its status, and how long the probe
    /// read before it stopped. The body is not kept.
    case oversized(status: Int, seconds: Double)
    /// No answer within the timeout, given in seconds.
    case timedOut(Double)
    /// The request failed before an answer (a URL in the reason is redacted).
    case unreachable(String)
  }

  /// The most of an answer's body the probe reads: 1 MiB.
  static let bodyLimit = 1 << 20

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
      let status = Int(response.status.code)
      let body: ByteBuffer
      do {
        body = try await response.body.collect(upTo: Self.bodyLimit)
      } catch is NIOTooManyBytesError {
        return .oversized(status: status, seconds: Date().timeIntervalSince(started))
      }
      return .response(status: status, body: Array(body.readableBytesView), seconds: Date().timeIntervalSince(started))
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

extension ProbeClient.Outcome {
  /// The HTTP status of an answer, however long its body; `nil` when there was none.
  var status: Int? {
    switch self {
    case .response(let status, _, _), .oversized(let status, _): return status
    case .timedOut, .unreachable: return nil
    }
  }
}
