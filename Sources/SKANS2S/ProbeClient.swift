import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SKANHTTP
import SKANRunner

/// The HTTP client of the live probes (`probe s2s`, `probe postbacks`): no redirects followed,
/// no connection retried, idle connections dropped before the kit's own servers drop them, at
/// most 1 MiB of an answer read (a longer one is ``Outcome/oversized(status:seconds:)``, never
/// taken for an unreachable server), and one deadline over each whole exchange, body included:
/// a server that sends its head and then stalls or trickles its body is cut at the deadline.
struct ProbeClient: Sendable {
  /// What one request got.
  enum Outcome: Sendable {
    /// An answer: its status, its body (at most ``bodyLimit`` bytes) and how long it took.
    case response(status: Int, body: [UInt8], seconds: Double)
    /// An answer whose body is longer than ``bodyLimit``: its status, and how long the probe
    /// read before it stopped. The body is not kept.
    case oversized(status: Int, seconds: Double)
    /// No whole answer within the timeout, given in seconds.
    case timedOut(Double)
    /// Nothing accepted the connection (a URL in the reason is redacted).
    case unreachable(String)
    /// A server accepted the connection but sent no HTTP answer: a reset, a close, a
    /// malformed or oversized head.
    case badAnswer(String)
    /// The probe was cancelled (Ctrl-C) before an answer.
    case interrupted
  }

  /// The most of an answer's body the probe reads: 1 MiB.
  static let bodyLimit = 1 << 20

  let client: HTTPClient
  /// Seconds to wait for each whole answer.
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

  /// Sends `request`: the whole exchange, from connecting to the last byte of the body, ends
  /// within ``timeout`` seconds.
  func send(_ request: HTTPClientRequest) async -> Outcome {
    let client = client
    let timeout = timeout
    return await ExchangeDeadline.run(seconds: timeout, timedOut: .timedOut(timeout), interrupted: .interrupted) {
      await Self.exchange(client, request, timeout: timeout)
    }
  }

  private static func exchange(_ client: HTTPClient, _ request: HTTPClientRequest, timeout: Double) async -> Outcome {
    let started = Date()
    // AsyncHTTPClient's own deadline, a little later than the race's, ends the head's wait.
    let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1000) + 500)
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
      if Task.isCancelled { return .interrupted }
      switch ConnectionFailure.classify(error) {
      case .unreachable(let reason): return .unreachable(URLRedaction.redactURLs(in: reason))
      case .badAnswer(let reason): return .badAnswer(URLRedaction.redactURLs(in: reason))
      }
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
    case .timedOut, .unreachable, .badAnswer, .interrupted: return nil
    }
  }
}
