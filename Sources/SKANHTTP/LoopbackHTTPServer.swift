import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 server for the kit's own endpoints (the reference adapter, and the
/// reference S2S API). It binds 127.0.0.1 unless told otherwise, keeps connections alive, and
/// hands each complete request to a synchronous handler.
///
/// A connection with no traffic for ``defaultIdleTimeout`` seconds is closed, so idle clients
/// cannot hold sockets forever; the kit's own HTTP clients drop idle connections sooner (3 s),
/// so they never send on one the server is closing. A request must arrive whole, head and
/// body, within ``defaultRequestTimeout`` seconds of its first byte, or the connection is
/// closed: a client that trickles a byte at a time, never idle, holds no socket longer than
/// that. A request that does not parse gets
/// `400` with `Connection: close`, and the connection is then closed, as that says.
public final class LoopbackHTTPServer: Sendable {
  /// A request as the handler sees it.
  public struct Request: Sendable {
    /// `GET`, `POST`, ….
    public var method: String
    /// The request target: path and query.
    public var uri: String
    /// Header names (lower-cased) and values.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a request, for handlers called without a server (tests, other transports).
    public init(method: String, target uri: String, headers: [(name: String, value: String)], body: [UInt8]) {
      self.method = method
      self.uri = uri
      self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
      self.body = body
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
      headers.first { $0.name == name.lowercased() }?.value
    }
  }

  /// A response.
  public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// The content type.
    public var contentType: String
    /// The body bytes.
    public var body: [UInt8]
    /// The `Allow` header, for a 405.
    public var allow: String?

    /// Creates a response.
    public init(status: Int, contentType: String = "application/json", body: [UInt8], allow: String? = nil) {
      self.status = status
      self.contentType = contentType
      self.allow = allow
      self.body = body
    }
  }

  /// The largest request body accepted (larger ones get 413).
  public static let maximumBodyBytes = 16 << 20

  /// Seconds a connection may stay without a read or a write before the server closes it.
  public static let defaultIdleTimeout = 5.0

  /// Seconds a request may take to arrive whole, head and body, from its first byte, before
  /// the server closes its connection.
  public static let defaultRequestTimeout = 5.0

  private let channel: any Channel

  /// The port actually bound (useful with port 0).
  public let port: Int

  private init(channel: any Channel, port: Int) {
    self.channel = channel
    self.port = port
  }

  /// Starts serving.
  /// - Parameters:
  ///   - host: the address to bind; `127.0.0.1` unless the user asked for another.
  ///   - port: the port; 0 picks a free one.
  ///   - idleTimeout: seconds without a read or a write after which a connection is closed.
  ///   - requestTimeout: seconds from a request's first byte within which it must arrive
  ///     whole (head and body), or its connection is closed.
  ///   - handler: called once per request, on an event loop: keep it fast and non-blocking.
  public static func start(
    host: String = "127.0.0.1", port: Int, idleTimeout: Double = defaultIdleTimeout,
    requestTimeout: Double = defaultRequestTimeout, handler: @escaping @Sendable (Request) -> Response
  ) async throws -> LoopbackHTTPServer {
    let idle = TimeAmount.milliseconds(Int64((max(idleTimeout, 0.001) * 1000).rounded()))
    let arrival = TimeAmount.milliseconds(Int64((max(requestTimeout, 0.001) * 1000).rounded()))
    let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 256)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let deadline = RequestDeadlineHandler(limit: arrival)
          try channel.pipeline.syncOperations.addHandler(deadline)
          try channel.pipeline.syncOperations.addHandler(IdleStateHandler(allTimeout: idle))
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(RequestHandler(deadline: deadline, handler: handler))
        }
      }
      .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
    let channel = try await bootstrap.bind(host: host, port: port).get()
    return LoopbackHTTPServer(channel: channel, port: channel.localAddress?.port ?? port)
  }

  /// Stops accepting connections and closes the listening socket.
  public func stop() async {
    try? await channel.close()
  }

  /// Waits until the server is closed.
  public func wait() async {
    try? await channel.closeFuture.get()
  }
}

/// Closes a connection whose request has not arrived whole within a limit of its first byte:
/// it sees the raw bytes, before the HTTP decoder, and the ``RequestHandler`` after the decoder
/// tells it when a request is complete.
private final class RequestDeadlineHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let limit: TimeAmount
  /// The close scheduled for the request under way; `nil` between requests.
  private var pending: Scheduled<Void>?

  init(limit: TimeAmount) { self.limit = limit }

  /// The first bytes after a complete request start the next one's clock.
  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if pending == nil {
      let channel = context.channel
      pending = context.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
    }
    context.fireChannelRead(data)
  }

  /// The request under way has arrived whole.
  func requestArrived() {
    pending?.cancel()
    pending = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    requestArrived()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    requestArrived()
  }
}

/// Collects one request and answers it.
private final class RequestHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let handler: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response
  private let deadline: RequestDeadlineHandler
  private var head: HTTPRequestHead?
  private var body: [UInt8] = []
  private var tooLarge = false

  init(
    deadline: RequestDeadlineHandler,
    handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response
  ) {
    self.deadline = deadline
    self.handler = handler
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let requestHead):
      head = requestHead
      body.removeAll(keepingCapacity: true)
      tooLarge = false
    case .body(var buffer):
      if body.count + buffer.readableBytes > LoopbackHTTPServer.maximumBodyBytes {
        tooLarge = true
      } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
        body += bytes
      }
    case .end:
      deadline.requestArrived()
      guard let head else { return }
      let response: LoopbackHTTPServer.Response
      if tooLarge {
        response = .init(status: 413, contentType: "text/plain", body: Array("request body too large\n".utf8))
      } else {
        let request = LoopbackHTTPServer.Request(
          method: head.method.rawValue, target: head.uri,
          headers: head.headers.map { (name: $0.name, value: $0.value) },
          body: body)
        response = handler(request)
      }
      respond(response, keepAlive: head.isKeepAlive, version: head.version, context: context)
      self.head = nil
    }
  }

  /// A connection idle for the timeout is closed.
  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is IdleStateHandler.IdleStateEvent {
      context.close(promise: nil)
    } else {
      context.fireUserInboundEventTriggered(event)
    }
  }

  /// A request that does not parse has been answered `400` with `Connection: close` by NIO's
  /// error handler, before this one: the connection is closed, as that response says.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }

  private func respond(
    _ response: LoopbackHTTPServer.Response, keepAlive: Bool, version: HTTPVersion, context: ChannelHandlerContext
  ) {
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: response.contentType)
    if let allow = response.allow { headers.add(name: "Allow", value: allow) }
    headers.add(name: "Content-Length", value: String(response.body.count))
    headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
    let head = HTTPResponseHead(
      version: version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    var buffer = context.channel.allocator.buffer(capacity: response.body.count)
    buffer.writeBytes(response.body)
    context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    let done = context.writeAndFlushPromise()
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
    if !keepAlive {
      let channel = context.channel
      done.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }
  }
}

extension ChannelHandlerContext {
  fileprivate func writeAndFlushPromise() -> EventLoopPromise<Void> { eventLoop.makePromise(of: Void.self) }
}
