import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import SKANRunner

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an HTTP request got no answer, told from the error's type, never from its text:
/// either nothing accepted the connection, or a server accepted it and what came back was not
/// an HTTP answer.
package enum ConnectionFailure: Sendable, Equatable {
  /// Nothing accepted the connection: refused, no route, an unknown host, or no connection
  /// within the connect timeout. The words say which.
  case unreachable(String)
  /// A server accepted the connection, then reset or closed it without an answer, or sent
  /// something that is not an HTTP answer (a malformed or oversized head, a status outside
  /// 100 to 999). The words say which.
  case badAnswer(String)

  /// The words, whichever the kind.
  package var reason: String {
    switch self {
    case .unreachable(let reason), .badAnswer(let reason): return reason
    }
  }

  /// Whether `error` is a refused connection: nothing listens at the address.
  package static func isRefused(_ error: any Error) -> Bool {
    if let error = error as? NIOConnectionError {
      return error.connectionErrors.contains { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }
    }
    return (error as? IOError)?.errnoCode == ECONNREFUSED
  }

  /// Whether `error` is a connection the peer reset.
  package static func isReset(_ error: any Error) -> Bool {
    (error as? IOError)?.errnoCode == ECONNRESET
  }

  /// Classifies `error`, thrown by AsyncHTTPClient or SwiftNIO for one request.
  package static func classify(_ error: any Error) -> ConnectionFailure {
    if let error = error as? NIOConnectionError {
      if error.dnsAError != nil, error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
        return .unreachable("the host name \(error.host) could not be resolved")
      }
      let codes = error.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
      if codes.contains(ECONNREFUSED) {
        return .unreachable("connection refused: nothing listens on port \(error.port)")
      }
      if codes.contains(where: { $0 == ENETUNREACH || $0 == EHOSTUNREACH }) {
        return .unreachable("no route to \(error.host)")
      }
      return .unreachable("no connection to \(error.host):\(error.port) could be made")
    }
    if let error = error as? IOError {
      switch error.errnoCode {
      case ECONNREFUSED: return .unreachable("connection refused: nothing listens there")
      case ENETUNREACH, EHOSTUNREACH: return .unreachable("no route to the host")
      case ECONNRESET: return .badAnswer("the server reset the connection without an answer")
      case EPIPE: return .badAnswer("the server closed the connection while the request was sent")
      default: return .badAnswer("the connection failed (errno \(error.errnoCode))")
      }
    }
    if let error = error as? ChannelError {
      switch error {
      case .connectTimeout: return .unreachable("no connection within the connect timeout")
      case .eof, .ioOnClosedChannel, .alreadyClosed, .inputClosed, .outputClosed:
        return .badAnswer("the server closed the connection without an answer")
      default: return .badAnswer("the connection failed: \(error)")
      }
    }
    if let error = error as? HTTPClientError {
      switch error {
      case .connectTimeout: return .unreachable("no connection within the connect timeout")
      case .remoteConnectionClosed: return .badAnswer("the server closed the connection without an answer")
      default: return .badAnswer("the answer is not HTTP the client can read (\(error.shortDescription))")
      }
    }
    if let error = error as? HTTPParserError {
      return .badAnswer("the answer is not valid HTTP/1.1 (\(error))")
    }
    return .badAnswer("the request failed (\(String(describing: type(of: error))))")
  }
}
