import Foundation
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
  /// `expectedError` gives, for an outstanding `seq`, the error code that request expects.
  package static func read(
    _ bytes: [UInt8], expectedOutput lookUp: (Int) -> (text: JSONText, value: DeferredJSON)?,
    expectedError: (Int) -> String? = { _ in nil }
  ) -> Verdict.Reply {
    // The expected output is looked up once per seq, whichever path asks.
    var asked: (seq: Int, expected: (text: JSONText, value: DeferredJSON)?)?
    func expectedOutput(_ seq: Int) -> (text: JSONText, value: DeferredJSON)? {
      if let asked, asked.seq == seq { return asked.expected }
      let expected = lookUp(seq)
      asked = (seq, expected)
      return expected
    }
    if let reply = canonical(bytes, expectedOutput: expectedOutput) { return reply }
    if let reply = canonicalError(bytes, expectedError: expectedError) { return reply }
    guard let (envelope, deferred) = try? JSONParser.parse(bytes: bytes, deferring: "output"),
      case .object(var members) = envelope
    else { return HelloExchange.parse(bytes) }
    guard let span = deferred else { return .message(envelope) }
    if let seq = members["seq"]?.exactInteger, let expected = expectedOutput(seq),
      expected.text.isSpelling(of: bytes, span)
    {
      members["output"] = expected.value.value
      return .message(.object(members))
    }
    guard let output = try? JSONParser.parse(bytes: bytes, range: span, nestedAt: 1) else {
      return HelloExchange.parse(bytes)
    }
    members["output"] = output
    return .message(.object(members))
  }

  /// `{"output":`, the expected output's text, `,"seq":`, the seq, `}`.
  private static let outputHead = Array(#"{"output":"#.utf8)
  private static let seqHead = Array(#","seq":"#.utf8)

  /// ``Verdict/Reply/expectedOutput(seq:)`` when `bytes` is exactly the canonical line
  /// `{"output":…,"seq":N}` (what the kit's reference and any canonical writer send) with the
  /// output spelled as request `N` expects: then no parse and no value at all, and the same
  /// verdict a parse gives (the expected text is one complete, valid JSON value, and `N` a
  /// plain integer: no sign, no leading zero, at most 18 digits). `nil` for anything else,
  /// which is read as before.
  static func canonical(
    _ bytes: [UInt8], expectedOutput: (Int) -> (text: JSONText, value: DeferredJSON)?
  ) -> Verdict.Reply? {
    guard bytes.count > outputHead.count + seqHead.count + 2, let (seq, start) = trailingSeq(bytes) else { return nil }
    let outputEnd = start - seqHead.count
    guard outputEnd > outputHead.count else { return nil }
    let framed = bytes.withUnsafeBufferPointer { line in
      guard let base = line.baseAddress else { return false }
      return memcmp(base, outputHead, outputHead.count) == 0 && memcmp(base + outputEnd, seqHead, seqHead.count) == 0
    }
    guard framed, let expected = expectedOutput(seq), outputEnd - outputHead.count == expected.text.count
    else { return nil }
    let same = bytes.withUnsafeBufferPointer { line in
      expected.text.withBytes { text in
        // A JSON value's text is never empty.
        guard let base = line.baseAddress, let textBase = text.baseAddress else { return false }
        return memcmp(base + outputHead.count, textBase, text.count) == 0
      }
    }
    guard same else { return nil }
    return .expectedOutput(seq: seq)
  }

  /// The seq a line ends with, `…N}`, and where its digits start: a plain integer (no sign, no
  /// leading zero, at most 18 digits). `nil` when the line does not end so.
  private static func trailingSeq(_ bytes: [UInt8]) -> (seq: Int, start: Int)? {
    let count = bytes.count
    guard count > 1, bytes[count - 1] == 0x7D else { return nil }
    var start = count - 1
    while start > 0, bytes[start - 1] >= 0x30, bytes[start - 1] <= 0x39 { start -= 1 }
    let digits = count - 1 - start
    guard digits >= 1, digits <= 18, bytes[start] != 0x30 else { return nil }
    var seq = 0
    for index in start..<(count - 1) { seq = seq * 10 + Int(bytes[index] - 0x30) }
    return (seq, start)
  }

  /// `{"error":{"code":"`, the code, `","message":"`, the message, `"},"seq":`, the seq, `}`.
  private static let errorHead = Array(#"{"error":{"code":""#.utf8)
  private static let messageHead = Array(#"","message":""#.utf8)
  private static let errorTail = Array(#""},"seq":"#.utf8)

  /// ``Verdict/Reply/expectedError(seq:code:message:)`` when `bytes` is exactly the canonical
  /// line `{"error":{"code":"C","message":"M"},"seq":N}` with `C` request `N`'s expected code:
  /// the same verdict a parse gives. Only the plainest spelling is taken: the code and the
  /// message printable ASCII, the message's escapes among `\" \\ \/ \b \f \n \r \t` (no
  /// `\u`, no raw quote, so where the message ends is never in doubt). `nil` for anything
  /// else, which is parsed.
  static func canonicalError(_ bytes: [UInt8], expectedError: (Int) -> String?) -> Verdict.Reply? {
    guard bytes.count > errorHead.count + messageHead.count + errorTail.count + 2,
      let (seq, start) = trailingSeq(bytes)
    else { return nil }
    let tailStart = start - errorTail.count
    guard tailStart >= errorHead.count + messageHead.count, has(errorHead, in: bytes, at: 0),
      has(errorTail, in: bytes, at: tailStart), let code = expectedError(seq)
    else { return nil }
    let codeEnd = errorHead.count + code.utf8.count
    guard codeEnd + messageHead.count <= tailStart,
      code.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }),
      bytes[errorHead.count..<codeEnd].elementsEqual(code.utf8), has(messageHead, in: bytes, at: codeEnd)
    else { return nil }
    var message: [UInt8] = []
    message.reserveCapacity(tailStart - codeEnd - messageHead.count)
    var index = codeEnd + messageHead.count
    while index < tailStart {
      let byte = bytes[index]
      guard byte >= 0x20, byte < 0x7F, byte != 0x22 else { return nil }
      guard byte == 0x5C else {
        message.append(byte)
        index += 1
        continue
      }
      guard index + 1 < tailStart else { return nil }
      switch bytes[index + 1] {
      case 0x22, 0x5C, 0x2F: message.append(bytes[index + 1])
      case 0x62: message.append(0x08)
      case 0x66: message.append(0x0C)
      case 0x6E: message.append(0x0A)
      case 0x72: message.append(0x0D)
      case 0x74: message.append(0x09)
      default: return nil
      }
      index += 2
    }
    return .expectedError(seq: seq, code: code, message: String(decoding: message, as: UTF8.self))
  }

  /// Whether `bytes` holds `part` at `offset`.
  private static func has(_ part: [UInt8], in bytes: [UInt8], at offset: Int) -> Bool {
    offset >= 0 && offset + part.count <= bytes.count && bytes[offset..<(offset + part.count)].elementsEqual(part)
  }
}
