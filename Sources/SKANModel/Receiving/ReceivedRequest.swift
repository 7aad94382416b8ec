public import SKANJSON

/// One HTTP request a postback receiver got: when, on which path, with which body
/// (Spec/receiving.md, RCV-20, RCV-21).
public struct ReceivedRequest: Sendable, Hashable {
  /// When it arrived. Requests are given in arrival order (RCV-20).
  public var at: Timestamp
  /// The request path, exactly: no query, a trailing slash significant (RCV-9).
  public var path: String
  /// The body: a JSON object, or its text as received (SIG-8). Anything else is a body that is
  /// not a JSON object (RCV-21).
  public var body: JSONValue

  /// Creates a request.
  public init(at: Timestamp, path: String, body: JSONValue) {
    self.at = at
    self.path = path
    self.body = body
  }
}
