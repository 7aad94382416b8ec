import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SKANRunner

/// HTTP/1.1 over plain TCP for an `http://` endpoint: the HTTP transport's client when no TLS
/// is involved, with the same rules as its AsyncHTTPClient configuration (kept for `https://`)
/// and less work per request.
///
/// Each request takes an idle keep-alive connection or opens one (at most one per request in
/// flight, so never more than the transport's concurrency). It is written in one go (head and
/// body, one flush) and answered on the connection's event loop: the response is collected
/// there, with a cap on its body, and handed to the waiting task at once. One deadline covers
/// the whole exchange (connecting, sending, the response's head and all of its body), set on
/// the same event loop in the same hop as the write; when it passes, or when the task is
/// cancelled (Ctrl-C), the waiter gets its answer at once and the connection is closed. A
/// connection is kept only after a complete response that lets it stay open; one idle for
/// ``HTTPTransport/idleTimeout`` seconds is closed and never sent on.
final class PlainHTTPClient: Sendable {
  /// How an exchange ended.
  enum Outcome: Sendable {
    /// A complete response: its status and body.
    case response(status: Int, body: ByteBuffer)
    /// The body (or its announced length) passed the cap.
    case oversized
    /// No complete response within the deadline.
    case timedOut
    /// The task was cancelled first.
    case interrupted
    /// The connection ended before a complete response.
    case closed
    /// Connecting, writing or reading failed.
    case failed(any Error)
  }

  private let host: String
  private let port: Int
  private let head: HTTPRequestHead
  private let maximumBodyBytes: Int
  private let connectTimeout: TimeAmount
  private let idleTimeout: TimeAmount
  /// The one event loop every connection of this client lives on.
  let loop: any EventLoop
  private let pool = Pool()

  /// A client for `url` when it is a plain `http://` URL with a host; `nil` otherwise (the
  /// transport then uses AsyncHTTPClient). The URL is read as AsyncHTTPClient reads it:
  /// Foundation's parse, the port defaulting to 80, the `Host` header with the port unless
  /// it is 80, the request target the percent-encoded path (`/` when empty) and the query.
  init?(
    url: String, contentType: String, maximumBodyBytes: Int, connectTimeout: TimeAmount, idleTimeout: TimeAmount
  ) {
    guard let parsed = URL(string: url), parsed.scheme?.lowercased() == "http", let rawHost = parsed.host,
      !rawHost.isEmpty
    else { return nil }
    var host = rawHost
    if host.hasPrefix("[") { host.removeFirst() }
    if host.hasSuffix("]") { host.removeLast() }
    let port = parsed.port ?? 80
    guard (0...65535).contains(port) else { return nil }
    var target =
      parsed.path.isEmpty
      ? "/" : (URLComponents(url: parsed, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? parsed.path)
    if let query = parsed.query { target += "?" + query }
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: contentType)
    headers.add(name: "host", value: port == 80 ? host : "\(host):\(port)")
    // Checked once here rather than on every request (the only other header is a
    // Content-Length); a value AsyncHTTPClient would refuse leaves the URL to it.
    guard headers.allSatisfy({ Self.isValidFieldValue($0.value) }) else { return nil }
    self.host = host
    self.port = port
    self.head = HTTPRequestHead(version: .http1_1, method: .POST, uri: target, headers: headers)
    self.maximumBodyBytes = maximumBodyBytes
    self.connectTimeout = connectTimeout
    self.idleTimeout = idleTimeout
    loop = MultiThreadedEventLoopGroup.singleton.next()
  }

  /// Whether a header value is valid (RFC 9110: visible characters, spaces and tabs; no
  /// control character), as AsyncHTTPClient checks it.
  static func isValidFieldValue(_ value: String) -> Bool {
    value.utf8.allSatisfy { byte in byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }
  }

  /// POSTs `body` and waits for the whole response, at most `timeout` seconds.
  func post(_ body: [UInt8], timeout: Double) async -> Outcome {
    let exchange = Exchange()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        exchange.install(continuation)
        start(exchange, body: body, timeout: .nanoseconds(Int64((timeout * 1e9).rounded())))
      }
    } onCancel: {
      exchange.finish(.interrupted)
    }
  }

  /// Closes every idle connection; later requests still open their own, closed after them.
  func shutdown() async {
    for connection in pool.shut() { try? await connection.channel.close() }
  }

  // MARK: - Connections

  private func start(_ exchange: Exchange, body: [UInt8], timeout: TimeAmount) {
    var head = head
    head.headers.add(name: "Content-Length", value: String(body.count))
    let request = head
    let started = NIODeadline.now()
    if let connection = pool.take(idleTimeout: idleTimeout) {
      connection.send(exchange, head: request, body: body, deadline: started + timeout)
      return
    }
    // A new connection: the deadline starts now and covers connecting too.
    let deadline = started + timeout
    exchange.setDeadline(loop.scheduleTask(deadline: deadline) { exchange.finish(.timedOut) })
    let maximumBodyBytes = maximumBodyBytes
    let idleTimeout = idleTimeout
    let pool = pool
    ClientBootstrap(group: loop)
      .connectTimeout(connectTimeout)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          // The header values were checked once, in `init`: no per-request validation.
          try channel.pipeline.syncOperations.addHTTPClientHandlers(
            position: .last, leftOverBytesStrategy: .dropBytes, enableOutboundHeaderValidation: false)
          try channel.pipeline.syncOperations.addHandler(
            ResponseHandler(maximumBodyBytes: maximumBodyBytes, idleTimeout: idleTimeout, pool: pool))
        }
      }
      .connect(host: host, port: port)
      .whenComplete { result in
        switch result {
        case .success(let channel):
          guard let handler = try? channel.pipeline.syncOperations.handler(type: ResponseHandler.self) else {
            exchange.finish(.failed(ChannelError.ioOnClosedChannel))
            channel.close(promise: nil)
            return
          }
          handler.start(exchange, head: request, body: body, deadline: nil)
        case .failure(let error):
          exchange.finish(.failed(error))
        }
      }
  }
}

/// A connection in the pool: its channel, its handler and since when it has been idle.
private struct Connection: Sendable {
  let channel: any Channel
  let handler: NIOLoopBound<ResponseHandler>
  let idleSince: NIODeadline

  /// Sends one request on this connection, from any thread (one hop to its event loop).
  func send(_ exchange: PlainHTTPClient.Exchange, head: HTTPRequestHead, body: [UInt8], deadline: NIODeadline?) {
    let handler = self.handler
    channel.eventLoop.execute { handler.value.start(exchange, head: head, body: body, deadline: deadline) }
  }
}

/// The idle connections of one client, the most recently used last.
/// `@unchecked Sendable`: `idle` and `isShut` are read and written under `lock` only.
private final class Pool: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [Connection] = []
  private var isShut = false

  /// The most recently used idle connection that is open and has not been idle for
  /// `idleTimeout`; stale ones are closed.
  func take(idleTimeout: TimeAmount) -> Connection? {
    let now = NIODeadline.now()
    var stale: [Connection] = []
    let found: Connection? = lock.withLock {
      while let connection = idle.popLast() {
        if connection.channel.isActive, now < connection.idleSince + idleTimeout { return connection }
        stale.append(connection)
      }
      return nil
    }
    for connection in stale { connection.channel.close(promise: nil) }
    return found
  }

  /// Keeps a connection after a complete response; `false` once the client is shutting down
  /// (the connection is then to be closed).
  func release(_ connection: Connection) -> Bool {
    lock.withLock {
      guard !isShut else { return false }
      idle.append(connection)
      return true
    }
  }

  /// Refuses every later connection and gives the idle ones, to close.
  func shut() -> [Connection] {
    lock.withLock {
      isShut = true
      defer { idle = [] }
      return idle
    }
  }
}

extension PlainHTTPClient {
  /// One exchange's answer, given once: by the response, the deadline, an error or a
  /// cancellation, whichever comes first; the loser's answer is dropped (``FirstOutcome``).
  typealias Exchange = FirstOutcome<Outcome>
}

extension FirstOutcome where Outcome == PlainHTTPClient.Outcome {
  /// The deadline's task, cancelled when the exchange ends (or at once if it has).
  func setDeadline(_ task: Scheduled<Void>) {
    onFinish { _ in task.cancel() }
  }

  /// The connection carrying the exchange: closed if the exchange ends without its response
  /// (a deadline or a cancellation).
  /// - Returns: `false` when the exchange has ended (nothing is to be sent).
  func attach(_ channel: any Channel) -> Bool {
    onFinish(runIfEnded: false) { outcome in
      switch outcome {
      case .timedOut, .interrupted: channel.close(promise: nil)
      default: break
      }
    }
  }
}

/// Sends requests on one connection and collects their responses, on its event loop.
private final class ResponseHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPClientResponsePart
  typealias OutboundOut = HTTPClientRequestPart

  private let maximumBodyBytes: Int
  private let idleTimeout: TimeAmount
  private let pool: Pool
  private var context: ChannelHandlerContext?
  private var current: PlainHTTPClient.Exchange?
  private var status = 0
  private var keepAlive = true
  private var body: ByteBuffer?
  /// When the connection last became idle, and whether a check of its idle time is due.
  private var idleSince = NIODeadline.now()
  private var idleCheck: Scheduled<Void>?

  init(maximumBodyBytes: Int, idleTimeout: TimeAmount, pool: Pool) {
    self.maximumBodyBytes = maximumBodyBytes
    self.idleTimeout = idleTimeout
    self.pool = pool
  }

  func handlerAdded(context: ChannelHandlerContext) { self.context = context }

  func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

  /// Sends one request for `exchange`, on this connection's event loop; `deadline`, when
  /// given, is set first.
  func start(_ exchange: PlainHTTPClient.Exchange, head: HTTPRequestHead, body: [UInt8], deadline: NIODeadline?) {
    guard let context, context.channel.isActive else {
      exchange.finish(.closed)
      return
    }
    if let deadline {
      exchange.setDeadline(context.eventLoop.scheduleTask(deadline: deadline) { exchange.finish(.timedOut) })
    }
    guard exchange.attach(context.channel) else {
      // Ended before this hop (a deadline, a cancellation): nothing was sent, the connection
      // is still good.
      becameIdle()
      return
    }
    current = exchange
    status = 0
    keepAlive = true
    self.body = nil
    var buffer = context.channel.allocator.buffer(capacity: body.count)
    buffer.writeBytes(body)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard let exchange = current else { return }
    switch unwrapInboundIn(data) {
    case .head(let head):
      status = Int(head.status.code)
      keepAlive = head.isKeepAlive
      if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > maximumBodyBytes {
        end(exchange, .oversized, context: context, keep: false)
      }
    case .body(var part):
      if (body?.readableBytes ?? 0) + part.readableBytes > maximumBodyBytes {
        end(exchange, .oversized, context: context, keep: false)
      } else if body == nil {
        body = part
      } else {
        body?.writeBuffer(&part)
      }
    case .end:
      let body = self.body ?? context.channel.allocator.buffer(capacity: 0)
      self.body = nil
      end(exchange, .response(status: status, body: body), context: context, keep: keepAlive)
    }
  }

  /// Ends the exchange on this connection; a connection that cannot carry another request is
  /// closed, any other goes back to the pool before the waiter resumes.
  private func end(
    _ exchange: PlainHTTPClient.Exchange, _ outcome: PlainHTTPClient.Outcome, context: ChannelHandlerContext,
    keep: Bool
  ) {
    current = nil
    body = nil
    if keep {
      // `false`: the exchange had ended (a deadline, a cancellation), which closed the connection.
      exchange.finish(outcome) { becameIdle() }
    } else {
      exchange.finish(outcome)
      context.close(promise: nil)
    }
  }

  /// Back in the pool, with a check of its idle time due after the idle timeout.
  private func becameIdle() {
    guard let context else { return }
    idleSince = .now()
    let connection = Connection(
      channel: context.channel, handler: NIOLoopBound(self, eventLoop: context.eventLoop), idleSince: idleSince)
    guard pool.release(connection) else {
      context.close(promise: nil)
      return
    }
    scheduleIdleCheck(context: context)
  }

  /// A connection busy with an exchange when its check comes is checked again only once it is
  /// idle again (``becameIdle()`` schedules it): rescheduling at `idleSince + idleTimeout`, by
  /// then in the past, would run the check again at once, over and over, for as long as the
  /// exchange lasts, and starve every other connection of the event loop (an exchange that
  /// hangs past the idle timeout made its neighbours' replies time out).
  private func scheduleIdleCheck(context: ChannelHandlerContext) {
    guard idleCheck == nil else { return }
    let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
    idleCheck = context.eventLoop.scheduleTask(deadline: idleSince + idleTimeout) {
      let handler = bound.value
      handler.idleCheck = nil
      guard let context = handler.context, handler.current == nil else { return }
      if NIODeadline.now() >= handler.idleSince + handler.idleTimeout {
        context.close(promise: nil)
      } else {
        handler.scheduleIdleCheck(context: context)
      }
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    idleCheck?.cancel()
    idleCheck = nil
    if let exchange = current {
      current = nil
      exchange.finish(.closed)
    }
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let exchange = current {
      current = nil
      exchange.finish(.failed(error))
    }
    context.close(promise: nil)
  }
}
