import ArgumentParser
import Foundation
import SKANRunner

/// Checks a URL given on the command line before anything connects to it, so that a typo
/// gets a one-line usage error (exit 2) instead of a trap or a client library's error.
enum EndpointURL {
  /// Throws a `ValidationError` naming `option` unless `text` is an `http://` or `https://`
  /// URL with a host and, if it has one, a port from 1 to 65535.
  /// Messages show the URL with its credentials masked (``URLRedaction``).
  static func check(_ url: String, option: String) throws {
    let text = url
    let shown = DisplayText(URLRedaction.redact(url))
    guard text.hasPrefix("http://") || text.hasPrefix("https://") else {
      throw ValidationError("\(option) must be an http:// or https:// URL, got '\(shown)'")
    }
    // The port is read from the text: URLComponents traps or gives nil on some values.
    let afterScheme = text.drop { $0 != ":" }.dropFirst(3)
    let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostAndPort = authority.split(separator: "@").last.map(String.init) ?? ""
    var host = hostAndPort
    var port: Substring?
    if hostAndPort.hasPrefix("[") {
      guard let close = hostAndPort.firstIndex(of: "]") else {
        throw ValidationError("\(option): '\(shown)' has an unterminated IPv6 address")
      }
      host = String(hostAndPort[...close])
      let rest = hostAndPort[hostAndPort.index(after: close)...]
      if rest.hasPrefix(":") { port = rest.dropFirst() }
    } else if let colon = hostAndPort.lastIndex(of: ":") {
      host = String(hostAndPort[..<colon])
      port = hostAndPort[hostAndPort.index(after: colon)...]
    }
    guard !host.isEmpty else { throw ValidationError("\(option): '\(shown)' has no host") }
    if let port {
      guard let number = Int(port), (1...65535).contains(number) else {
        throw ValidationError("\(option): the port in '\(shown)' must be a number from 1 to 65535")
      }
    }
  }
}
