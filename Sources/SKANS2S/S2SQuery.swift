import Foundation

/// Splits a request target into its path and decoded query parameters.
enum S2SQuery {
  /// The path and the query parameters; the first of a repeated parameter wins.
  static func split(_ uri: String) -> (path: String, query: [String: String]) {
    let pieces = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = pieces.first.map(String.init) ?? ""
    var query: [String: String] = [:]
    if pieces.count == 2 {
      for pair in pieces[1].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let value = parts.count == 2 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
        if query[name] == nil { query[name] = value }
      }
    }
    return (path, query)
  }

  /// Percent-encodes a query component (RFC 3986 unreserved characters stay as they are).
  static func encode(_ text: String) -> String {
    let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
