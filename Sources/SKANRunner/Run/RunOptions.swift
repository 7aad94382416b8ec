/// How to run an implementation.
public struct RunOptions: Sendable {
  /// The command line that starts the adapter, run with `sh -c`.
  public var command: String
  /// Seconds to wait for one reply before the case is a `timeout`.
  public var timeout: Double
  /// Seconds to wait for the `hello` reply.
  public var handshakeTimeout: Double
  /// The longest reply line accepted, in bytes.
  public var maximumReplyBytes: Int

  /// Creates options.
  public init(command: String, timeout: Double = 5, handshakeTimeout: Double = 10, maximumReplyBytes: Int = 8 << 20) {
    self.command = command
    self.timeout = timeout
    self.handshakeTimeout = handshakeTimeout
    self.maximumReplyBytes = maximumReplyBytes
  }
}
