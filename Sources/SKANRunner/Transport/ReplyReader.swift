package import SKANJSON
package import SKANVerdicts

/// Reads a reply line as ``HelloExchange/parse(_:)`` does, with less work for the common case
/// of an answer spelled exactly as the vector expects it.
///
/// The `output` member is stepped over first. When the request the reply names (its `seq`)
/// expects an output spelled exactly as that member is, the member is that output: the same
/// value a parse would give, since the expected text is a complete, valid JSON value. Otherwise
/// the member is parsed on its own. Any error anywhere sends the whole line through
/// ``HelloExchange/parse(_:)``, so what is reported for a bad line (its first problem, with line
/// and column) is what a plain parse reports.
package enum ReplyReader {
  /// The reply in `bytes`; `expectedOutput` gives, for an outstanding `seq`, the output that
  /// request expects and its text.
  package static func read(
    _ bytes: [UInt8], expectedOutput: (Int) -> (text: JSONText, value: JSONValue)?
  ) -> Verdict.Reply {
    guard let (envelope, deferred) = try? JSONParser.parse(bytes: bytes, deferring: "output"),
      case .object(var members) = envelope
    else { return HelloExchange.parse(bytes) }
    guard let span = deferred else { return .message(envelope) }
    if let seq = members["seq"]?.exactInteger, let expected = expectedOutput(seq),
      expected.text.isSpelling(of: bytes, span)
    {
      members["output"] = expected.value
      return .message(.object(members))
    }
    guard let output = try? JSONParser.parse(bytes: bytes, range: span, nestedAt: 1) else {
      return HelloExchange.parse(bytes)
    }
    members["output"] = output
    return .message(.object(members))
  }
}
