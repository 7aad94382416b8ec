import Foundation
import SKANJSON
import SKANVerdicts
import Testing

@testable import SKANRunner

/// The runner's reply reader gives what a plain parse gives for every line, whether or not the
/// output is spelled as the request expects; only then is the work saved.
@Suite("Reply reader")
struct ReplyReaderTests {
  static let expectedValue: JSONValue = ["postbacks": [["tier": 2, "fine": 40]], "ok": true]
  static let expectedText: JSONText = {
    let bytes = CanonicalJSON.compactBytes(expectedValue)
    return bytes.withUnsafeBufferPointer { JSONText($0, range: 0..<bytes.count) }
  }()

  /// The expected output for seq 7 only.
  static func expected(_ seq: Int) -> (text: JSONText, value: DeferredJSON)? {
    seq == 7 ? (expectedText, DeferredJSON(expectedValue)) : nil
  }

  /// The error code seq 9 expects.
  static func expectedError(_ seq: Int) -> String? {
    seq == 9 ? "invalid-input" : nil
  }

  static func describe(_ reply: Verdict.Reply) -> String {
    switch reply {
    // The message it stands for.
    case .expectedError(let seq, let code, let message):
      return "message \(CanonicalJSON.compact(Verdict.spelled(seq: seq, code: code, message: message)))"
    case .message(let value): return "message \(CanonicalJSON.compact(value))"
    // The message it stands for: its seq's expected output, and the seq.
    case .expectedOutput(let seq):
      return "message \(CanonicalJSON.compact(["output": expected(seq)?.value.value ?? .null, "seq": .integer(seq)]))"
    case .notJSON(let reason): return "notJSON \(reason)"
    default: return "other \(reply)"
    }
  }

  static var lines: [String] {
    let exact = String(decoding: expectedText.bytes, as: UTF8.self)
    return [
      #"{"id":"a","output":\#(exact),"seq":7}"#,
      #"{"seq":7,"output":\#(exact)}"#,
      // The expected bytes under another seq: parsed, judged against that case.
      #"{"id":"a","output":\#(exact),"seq":8}"#,
      // Same value, other spelling: parsed, same value.
      #"{"seq":7,"output":{"ok":true,"postbacks":[{"fine":40,"tier":2}]}}"#,
      #"{"seq":7,"output": \#(exact) }"#,
      // One byte off.
      #"{"seq":7,"output":\#(exact.replacingOccurrences(of: "40", with: "41"))}"#,
      // The expected bytes, then a broken envelope: the plain parse's error.
      #"{"seq":7,"output":\#(exact)"#,
      #"{"seq":7,"output":\#(exact),"seq":7}"#,
      #"{"seq":7,"output":\#(exact)} trailing"#,
      #"{"seq":7,"output":\#(exact),"output":1}"#,
      // A broken output: the plain parse's error, line and column included.
      #"{"seq":7,"output":{"ok":true,"ok":false}}"#,
      #"{"seq":7,"output":{"ok":tru}}"#,
      #"{"seq":7,"error":{"code":"invalid-input"}}"#,
      // The canonical line a reference writes, and lines one step from it: only the
      // exact one skips the parse, every one reads as a plain parse reads it.
      #"{"output":\#(exact),"seq":7}"#,
      #"{"output":\#(exact),"seq":07}"#,
      #"{"output":\#(exact),"seq":-7}"#,
      #"{"output":\#(exact),"seq":7.0}"#,
      #"{"output":\#(exact),"seq":17}"#,
      #"{"output":\#(exact),"seq":}"#,
      #"{"output":\#(exact),"seq":7,"seq":7}"#,
      #"{"output":\#(exact),"seq":100000000000000000007}"#,
      #"{"output":\#(exact)x,"seq":7}"#,
      #"{"output":\#(exact.dropLast()),"seq":7}"#,
      #"{"output" :\#(exact),"seq":7}"#,
      #"{"output":\#(exact),"seq": 7}"#,
      #"{"output":1234567,"seq":12345678901234567}"#,
      #"{"output":,"seq":7}"#,
      #"not json"#,
      #"[1,2]"#,
    ] + errorLines
  }

  /// The canonical error line with seq 9's expected code, and lines one step from it.
  static let errorLines = [
    #"{"error":{"code":"invalid-input","message":"input.profile must be \"production\", not \"skan3\""},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":""},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"a\\b\/c\bd\fe\nf\rg\th"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"ends in a backslash\\"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"\u0041"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"\x"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"dangling\"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"x","extra":"1"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"x","message":"y"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"é"},"seq":9}"#,
    "{\"error\":{\"code\":\"invalid-input\",\"message\":\"tab\there\"},\"seq\":9}",
    #"{"error":{"code":"invalid-inputs","message":"m"},"seq":9}"#,
    #"{"error":{"code":"out-of-range","message":"m"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"m"},"seq":10}"#,
    #"{"error":{"code":"invalid-input","message":"m"},"seq":09}"#,
    #"{"error":{"code":"invalid-input","message":"m"},"seq":9,"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"m"},"seq":9} "#,
    #"{"error":{"code":"invalid-input","message":"m"}},"seq":9}"#,
    #"{"error":{"code":"invalid-input"},"seq":9}"#,
    #"{"error":{"code":"invalid-input","message":"m"},"seq":9"#,
    #"{"error":{"code":"invalid-input","message":"m"},"seq":"#,
  ]

  @Test("every line reads as a plain parse reads it", arguments: lines)
  func sameAsPlain(_ line: String) {
    let bytes = Array(line.utf8)
    let read = ReplyReader.read(bytes, expectedOutput: Self.expected, expectedError: Self.expectedError)
    let plain = HelloExchange.parse(bytes)
    #expect(Self.describe(read) == Self.describe(plain), "line \(line)")
  }

  @Test("the canonical line with the expected output is that output, read without a value")
  func canonicalLine() {
    let exact = String(decoding: Self.expectedText.bytes, as: UTF8.self)
    let read = ReplyReader.read(Array(#"{"output":\#(exact),"seq":7}"#.utf8), expectedOutput: Self.expected)
    guard case .expectedOutput(let seq) = read else {
      Issue.record("not read as the expected output: \(read)")
      return
    }
    #expect(seq == 7)
  }

  @Test("the canonical error line with the expected code is that error, read without a parse")
  func canonicalErrorLine() {
    let read = ReplyReader.read(
      Array(Self.errorLines[0].utf8), expectedOutput: Self.expected, expectedError: Self.expectedError)
    guard case .expectedError(let seq, let code, let message) = read else {
      Issue.record("not read as the expected error: \(read)")
      return
    }
    #expect(seq == 9 && code == "invalid-input")
    #expect(message == #"input.profile must be "production", not "skan3""#)
    // The same line for a request that expects no error is parsed.
    let parsed = ReplyReader.read(Array(Self.errorLines[0].utf8), expectedOutput: Self.expected)
    guard case .message = parsed else {
      Issue.record("read without an expected code: \(parsed)")
      return
    }
  }

  @Test("an output spelled as expected is the expected value itself, not a new parse")
  func reused() throws {
    let line = Array(#"{"id":"a","output":\#(String(decoding: Self.expectedText.bytes, as: UTF8.self)),"seq":7}"#.utf8)
    var asked: [Int] = []
    let read = ReplyReader.read(line) { seq in
      asked.append(seq)
      return Self.expected(seq)
    }
    guard case .message(let message) = read else {
      Issue.record("not a message: \(read)")
      return
    }
    #expect(asked == [7])
    #expect(message["output"] == Self.expectedValue)
  }
}
