#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A loopback TCP port that refuses every connection for as long as it is held: a socket
/// bound to 127.0.0.1 that never listens.
///
/// A port found free and then released can be taken by any other test running at the same
/// time, or be picked as a client's own source port (a TCP self-connect), so a probe of
/// "nothing listening" would sometimes reach something. While this socket holds the port,
/// neither can happen.
public final class ClosedPort: Sendable {
  /// The port number, in host order.
  public let port: Int
  private let descriptor: Int32

  /// Binds a fresh socket to 127.0.0.1 on a port the system picks, without listening.
  public init() throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(step: "socket", code: errno) }
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(step: "bind", code: code)
    }
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(step: "getsockname", code: code)
    }
    self.descriptor = descriptor
    self.port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { close(descriptor) }

  /// Why the port could not be held: the call that failed and its `errno`.
  public struct Failure: Error, CustomStringConvertible {
    /// The system call that failed.
    public let step: String
    /// Its `errno`.
    public let code: Int32
    public var description: String { "\(step) failed with errno \(code)" }
  }
}
