import Foundation
public import SKANJSON
public import SKANModel
import SKANRunner

/// The reference model served as an adapter over a byte stream (`skan-conform reference
/// --stdio`) or as HTTP message bodies (`--http`); the command line only wires the streams
/// and the server.
public enum ReferenceServing {
  /// The longest request line read; a longer one is ignored, with a word on standard error.
  public static let maximumLineLength = 64 << 20

  /// How many replies are written together at most: the replies to a block of requests read
  /// at once go out in one write when the block is done, a long block's (a file's, read
  /// whole) every this many replies.
  static let flushEvery = 256

  /// Answers the JSON-lines protocol on `input` and `output` until `stop` or the end of
  /// input. Reads in blocks and answers the complete lines of a block with one write before
  /// it reads again (Spec/adapter-protocol.md, section 2: every reply is out before the
  /// adapter blocks reading input), a long block every ``flushEvery`` replies: a pipelining
  /// runner then reads the replies to what it sent together (one system call and one
  /// wake-up on each side for some fifty replies, where a write a reply made them a case),
  /// and never waits on a reply kept back. A line that is not JSON has no `seq` to answer
  /// to: it is ignored, with a word on standard error.
  public static func serveLines(
    input: FileHandle, output: FileHandle, kitVersion: String,
    evaluate: @escaping @Sendable (Suite, JSONValue) -> SuiteResult
  ) {
    var splitter = LineSplitter(maximumLineLength: maximumLineLength)
    // The replies made since the last write.
    var held = 0
    while true {
      let block = input.availableData
      if block.isEmpty { return }
      var replies: [UInt8] = []
      held = 0
      for event in splitter.feed(Array(block)) {
        let line: [UInt8]
        switch event {
        case .line(let bytes): line = bytes
        case .oversized(let cap):
          warn("skan-conform reference: ignored a line longer than \(cap) bytes")
          continue
        default: continue
        }
        if line.isEmpty { continue }
        let message: JSONValue
        do {
          message = try JSONParser.parse(bytes: line)
        } catch {
          warn("skan-conform reference: ignored a line that is not JSON: \(error)")
          continue
        }
        switch ReferenceAdapter.action(for: message, kitVersion: kitVersion, evaluate: evaluate) {
        case .reply(let reply):
          replies += AdapterProtocol.line(reply)
          held += 1
          // A long block's replies go out every `flushEvery`, so that a pipelining runner has
          // work while the rest of the block is evaluated.
          if held == flushEvery {
            output.write(Data(replies))
            replies.removeAll(keepingCapacity: true)
            held = 0
          }
        case .ignore: continue
        case .stop:
          output.write(Data(replies))
          return
        }
      }
      if !replies.isEmpty { output.write(Data(replies)) }
    }
  }

  /// An HTTP response: status, content type and body.
  public struct HTTPAnswer: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The content type.
    public var contentType: String
    /// The body.
    public var body: [UInt8]
  }

  /// The answer to one HTTP request carrying an adapter-protocol message: 200 with the reply,
  /// 204 for `stop`, 400 for a body that is not JSON or a `run` without `seq`, 405 for
  /// anything but POST.
  public static func httpAnswer(
    method: String, body: [UInt8], kitVersion: String, evaluate: @escaping @Sendable (Suite, JSONValue) -> SuiteResult
  ) -> HTTPAnswer {
    guard method == "POST" else {
      return HTTPAnswer(
        status: 405, contentType: "text/plain", body: Array("POST adapter protocol messages here\n".utf8))
    }
    let message: JSONValue
    do {
      message = try JSONParser.parse(bytes: body)
    } catch {
      return HTTPAnswer(status: 400, contentType: "text/plain", body: Array("not JSON: \(error)\n".utf8))
    }
    switch ReferenceAdapter.action(for: message, kitVersion: kitVersion, evaluate: evaluate) {
    case .reply(let reply):
      return HTTPAnswer(status: 200, contentType: "application/json", body: CanonicalJSON.compactBytes(reply))
    case .stop: return HTTPAnswer(status: 204, contentType: "application/json", body: [])
    case .ignore:
      return HTTPAnswer(status: 400, contentType: "text/plain", body: Array("a run message needs a seq\n".utf8))
    }
  }

  private static func warn(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
