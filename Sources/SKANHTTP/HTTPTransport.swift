import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import SKANJSON
public import SKANRunner
public import SKANVerdicts

/// The HTTP transport: every message is POSTed as `application/json` to one URL and the reply
/// is the response body. Connections are kept alive; up to `concurrency` requests are in
/// flight. A non-2xx status is a protocol error for the case, a refused or reset connection a
/// crash, and no complete response (head and whole body) within the timeout a timeout. A
/// `hello` whose connection is refused is sent again within the ``ReadinessWait`` (`--wait`),
/// for a service that is still starting.
///
/// A plain `http://` endpoint is spoken to by ``PlainHTTPClient`` (the same rules, less work
/// per request); `https://` by AsyncHTTPClient.
public final class HTTPTransport: ImplementationTransport {
  public let kind = TransportKind.http
  public let target: String
  public let concurrency: Int
  private let url: String
  public let timeout: Double
  private let handshakeTimeout: Double
  private let maximumReplyBytes: Int
  private let kitVersion: String
  private let readiness: ReadinessWait
  /// The client of a plain `http://` endpoint; `nil` for any other URL.
  private let plain: PlainHTTPClient?
  /// The client of any other URL (`https://`); `nil` when ``plain`` speaks.
  private let client: HTTPClient?
  /// ``plain``'s event loop as an executor for the runner's workers.
  public let taskExecutor: (any TaskExecutor)?

  /// Seconds an idle keep-alive connection stays in the pool: shorter than the idle timeout
  /// of the kit's own servers (``LoopbackHTTPServer/defaultIdleTimeout``), so the client
  /// never sends on a connection the server is closing.
  public static let idleTimeout = 3.0

  /// What a refused connection is, in plain words (``plainWords(_:)``).
  static let refusedReason = "the connection was refused (nothing listens at that address)"

  /// Creates the transport. Reports show `url` with its credentials masked (``target``).
  /// - Parameter readiness: how long a refused `hello` is retried before the run gives up;
  ///   none by default.
  public init(
    url: String, options: RunOptions, kitVersion: String, concurrency: Int = 8,
    readiness: ReadinessWait = ReadinessWait(seconds: 0)
  ) {
    self.url = url
    self.readiness = readiness
    // Reports and the rerun command show the endpoint without its credentials.
    target = URLRedaction.redact(url)
    timeout = options.timeout
    handshakeTimeout = options.handshakeTimeout
    maximumReplyBytes = options.maximumReplyBytes
    self.kitVersion = kitVersion
    self.concurrency = max(1, concurrency)
    plain = PlainHTTPClient(
      url: url, contentType: "application/json", maximumBodyBytes: options.maximumReplyBytes,
      connectTimeout: .seconds(5), idleTimeout: .milliseconds(Int64(Self.idleTimeout * 1000)))
    taskExecutor = plain.map { EventLoopTaskExecutor(loop: $0.loop) }
    guard plain == nil else {
      client = nil
      return
    }
    var configuration = HTTPClient.Configuration()
    configuration.timeout = .init(connect: .seconds(5))
    configuration.connectionPool.idleTimeout = .milliseconds(Int64(Self.idleTimeout * 1000))
    configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = self.concurrency
    configuration.connectionPool.retryConnectionEstablishment = false
    configuration.redirectConfiguration = .disallow
    client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
  }

  public func handshake() async throws(RunnerError) -> ImplementationIdentity {
    let hello = AdapterProtocol.hello(kitVersion: kitVersion)
    let reply: Verdict.Reply
    do {
      reply = try await readiness.run(url: target, isRefused: Self.isRefused) {
        await post(hello, timeout: handshakeTimeout)
      }
    } catch {
      await shutdown()
      throw error
    }
    switch reply {
    case .message(let message): return try ImplementationIdentity(helloReply: message)
    case .crashed(let reason):
      await shutdown()
      throw .cannotStart(command: url, reason: reason)
    case .timedOut(let seconds):
      await shutdown()
      throw .handshakeFailed(reason: "no hello reply within \(seconds) s")
    case .notJSON(let reason):
      await shutdown()
      throw .handshakeFailed(reason: "the hello reply is not JSON: \(reason)")
    case .oversized(let size):
      await shutdown()
      throw .handshakeFailed(reason: "the hello reply is longer than the cap (\(size) bytes)")
    case .httpStatus(let code):
      await shutdown()
      throw .handshakeFailed(reason: "the hello request got HTTP status \(code)")
    case .protocolViolation(let reason):
      await shutdown()
      throw .handshakeFailed(reason: reason)
    case .interrupted:
      await shutdown()
      throw .interrupted
    case .expectedOutput, .expectedError:
      // A hello has no expected output: its reply is always read as a message.
      await shutdown()
      throw .handshakeFailed(reason: "the hello reply is not a hello")
    }
  }

  public func exchange(_ request: RunRequest) async -> Verdict.Reply {
    var body = request.line
    body.removeLast()  // the newline
    // A reply spelling the expected output, or the expected error, exactly is taken as that,
    // unparsed (``SKANRunner/ReplyReader``).
    let expected = Expected(
      seq: request.seq, output: request.expectedOutput, errorCode: request.expectedErrorCode)
    return await post(body, timeout: timeout, expected: expected)
  }

  public func close() async {
    _ = await post(AdapterProtocol.stop, timeout: 2, expectBody: false)
    await shutdown()
  }

  private func shutdown() async {
    await plain?.shutdown()
    try? await client?.shutdown()
  }

  private func post(_ message: JSONValue, timeout: Double, expectBody: Bool = true) async -> Verdict.Reply {
    await post(CanonicalJSON.compactBytes(message), timeout: timeout, expectBody: expectBody, expected: .none)
  }

  /// What the request expects, for ``ReplyReader``: its output, as text and value, or the code
  /// of its error; a reply naming another `seq` gets neither.
  struct Expected: Sendable {
    let seq: Int?
    let output: (text: JSONText, value: DeferredJSON)?
    let errorCode: String?

    /// Nothing: the reply is parsed (a `hello`, a `stop`).
    static let none = Expected(seq: nil, output: nil, errorCode: nil)
  }

  /// POSTs `body`; `timeout` covers the whole exchange, the response's body included
  /// (``PlainHTTPClient``, or ``ExchangeDeadline`` around AsyncHTTPClient).
  private func post(
    _ body: [UInt8], timeout: Double, expectBody: Bool = true, expected: Expected
  ) async -> Verdict.Reply {
    if Task.isCancelled { return .interrupted }
    if let plain { return await exchange(body, on: plain, timeout: timeout, expectBody: expectBody, expected) }
    guard let client else { return .crashed("no HTTP client") }
    return await ExchangeDeadline.run(seconds: timeout) { [self] in
      await exchange(body, on: client, timeout: timeout, expectBody: expectBody, expected)
    }
  }

  private func exchange(
    _ body: [UInt8], on plain: PlainHTTPClient, timeout: Double, expectBody: Bool, _ expected: Expected
  ) async -> Verdict.Reply {
    let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1000))
    let failure: any Error
    switch await plain.post(body, timeout: timeout) {
    case .response(let status, let body):
      guard (200..<300).contains(status) else { return .httpStatus(status) }
      guard expectBody else { return .message(.null) }
      return await Self.reply(body, expected)
    case .oversized: return .oversized(maximumReplyBytes)
    case .timedOut: return Task.isCancelled ? .interrupted : .timedOut(timeout)
    case .interrupted: return .interrupted
    case .closed: failure = HTTPClientError.remoteConnectionClosed
    case .failed(let error): failure = error
    }
    if Task.isCancelled { return .interrupted }
    if NIODeadline.now() >= deadline { return .timedOut(timeout) }
    return .crashed(Self.plainWords(failure))
  }

  /// The bytes of a response body read where it was received (the event loop, for a plain
  /// `http://` endpoint): a copy and a parse take time linear in the body, and a larger body is read on
  /// the cooperative pool, so that the loop goes on reading the other cases' responses before
  /// their deadlines. Every expected output of the kit's vectors is far smaller.
  static let inPlaceBodyBytes = 64 << 10

  /// A response body as a reply: JSON, with an output or an error spelled as expected taken
  /// unparsed.
  private static func reply(_ body: ByteBuffer, _ expected: Expected) async -> Verdict.Reply {
    func read() -> Verdict.Reply {
      let reply = ReplyReader.read(
        Array(body.readableBytesView), expectedOutput: { $0 == expected.seq ? expected.output : nil },
        expectedError: { $0 == expected.seq ? expected.errorCode : nil })
      if case .notJSON = reply {
        return .notJSON("the response body reads \(HelloExchange.excerpt(body.readableBytesView))")
      }
      return reply
    }
    guard body.readableBytes > inPlaceBodyBytes else { return read() }
    return await withTaskExecutorPreference(globalConcurrentExecutor) { read() }
  }

  private func exchange(
    _ body: [UInt8], on client: HTTPClient, timeout: Double, expectBody: Bool, _ expected: Expected
  ) async -> Verdict.Reply {
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    request.body = .bytes(ByteBuffer(bytes: body))
    let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1000))
    do {
      let response = try await client.execute(request, deadline: deadline)
      let body: ByteBuffer
      do {
        body = try await response.body.collect(upTo: maximumReplyBytes)
      } catch is NIOTooManyBytesError {
        return .oversized(maximumReplyBytes)
      }
      guard (200..<300).contains(response.status.code) else {
        return .httpStatus(Int(response.status.code))
      }
      guard expectBody else { return .message(.null) }
      return await Self.reply(body, expected)
    } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
      return Task.isCancelled ? .interrupted : .timedOut(timeout)
    } catch {
      if Task.isCancelled { return .interrupted }
      if NIODeadline.now() >= deadline { return .timedOut(timeout) }
      return .crashed(Self.plainWords(error))
    }
  }

  /// Whether a reply is a refused connection: nothing listens at the endpoint (yet).
  static func isRefused(_ reply: Verdict.Reply) -> Bool {
    if case .crashed(let reason) = reply { return reason == refusedReason }
    return false
  }

  /// A failed request in plain words: NIO's own descriptions name system calls.
  static func plainWords(_ error: any Error) -> String {
    let text = URLRedaction.redactURLs(in: String(describing: error))
    if ConnectionFailure.isRefused(error) { return refusedReason }
    if ConnectionFailure.isReset(error) { return "the implementation reset the connection without a response" }
    // A TLS failure is one line, not the TLS library's error stack.
    if let failure = error as? NIOSSLError {
      switch failure {
      case .uncleanShutdown:
        return "the TLS handshake failed: the server closed the connection (an https:// URL for an http:// server?)"
      case .handshakeFailed(let stack):
        // NIOSSL keeps BoringSSL's reason code private; its description is the one place it is.
        let reason = tlsReason(String(describing: stack))
        if notTLSReasons.contains(reason) {
          return "the TLS handshake failed: the server does not speak TLS (an https:// URL for an http:// server?)"
        }
        return "the TLS handshake failed (\(reason))"
      default:
        return "the TLS handshake failed (\(failure))"
      }
    }
    if let error = error as? HTTPClientError, error == .remoteConnectionClosed {
      return "the implementation closed the connection without a response"
    }
    return "the HTTP request failed: \(text)"
  }

  /// BoringSSL's reasons for a reply that is not TLS at all: plain HTTP where a TLS record was
  /// expected.
  static let notTLSReasons: Set<String> = ["WRONG_VERSION_NUMBER", "HTTP_REQUEST"]

  /// The TLS library's reason code (`CERTIFICATE_VERIFY_FAILED`), or the first line of its
  /// message.
  static func tlsReason(_ text: String) -> String {
    if let marker = text.range(of: "OPENSSL_internal:") {
      let code = text[marker.upperBound...].prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
      if !code.isEmpty { return String(code) }
    }
    return String(text.prefix { $0 != "\n" }.prefix(160))
  }
}
