import Foundation
import SKANJSON
import SKANReference
import SKANSuiteCodecs
import SKANVocabulary
import Testing

/// `reference --stdio` and `reference --http` as the library serves them.
@Suite("Reference serving")
struct ReferenceServingTests {
  let evaluate: @Sendable (Suite, JSONValue) -> SuiteResult = { suite, input in suite.evaluate(input) }

  @Test("HTTP: 405 for GET, 400 for a body that is not JSON or a run without seq, 204 for stop, 200 with the reply")
  func http() throws {
    func answer(_ method: String, _ body: String) -> ReferenceServing.HTTPAnswer {
      ReferenceServing.httpAnswer(method: method, body: Array(body.utf8), kitVersion: "t", evaluate: evaluate)
    }
    #expect(answer("GET", "").status == 405)
    #expect(answer("POST", "{not json").status == 400)
    #expect(answer("POST", #"{"cmd":"run","suite":"window","input":{}}"#).status == 400)
    #expect(answer("POST", #"{"cmd":"stop"}"#).status == 204)
    let hello = answer("POST", #"{"cmd":"hello","protocol":1}"#)
    #expect(hello.status == 200 && hello.contentType == "application/json")
    #expect(try JSONParser.parse(bytes: hello.body)["protocol"] == 1)
  }

  @Test("stdio: a line that is not JSON in the middle is skipped, CRLF lines are read, stop ends before later lines")
  func lines() throws {
    let input = Pipe()
    let output = Pipe()
    let text =
      [
        #"{"cmd":"hello","protocol":1}"#,
        #"{"cmd":"run","seq":1,"id":"a","suite":"windows","input":{}}"#,
        "not json at all",
        #"{"cmd":"run","seq":2,"id":"b","suite":"windows","input":{}}"# + "\r",
        "",
        #"{"cmd":"stop"}"#,
        #"{"cmd":"run","seq":3,"id":"c","suite":"windows","input":{}}"#,
      ].joined(separator: "\n") + "\n"
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    ReferenceServing.serveLines(
      input: input.fileHandleForReading, output: output.fileHandleForWriting, kitVersion: "t", evaluate: evaluate)
    try output.fileHandleForWriting.close()
    let replies = try String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .split(separator: "\n").map { try JSONParser.parse(String($0)) }
    #expect(replies.count == 3, "\(replies)")
    #expect(replies.first?["protocol"] == 1)
    #expect(replies.dropFirst().map { $0["seq"] } == [1, 2])
  }

  @Test("stdio: every reply is written before the next read, so a runner that waits for each reply gets it")
  func repliesBeforeReading() throws {
    let input = Pipe()
    let output = Pipe()
    let evaluate = self.evaluate
    let server = Thread {
      ReferenceServing.serveLines(
        input: input.fileHandleForReading, output: output.fileHandleForWriting, kitVersion: "t", evaluate: evaluate)
      try? output.fileHandleForWriting.close()
    }
    server.start()
    let reading = output.fileHandleForReading.fileDescriptor
    var pending: [UInt8] = []
    // The next line of output, or nil when none comes within a minute (a reply held back
    // until more input arrives never does).
    func nextLine() -> String? {
      while true {
        if let newline = pending.firstIndex(of: 0x0A) {
          defer { pending.removeSubrange(0...newline) }
          return String(decoding: pending[..<newline], as: UTF8.self)
        }
        var watched = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, 60_000) == 1 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        pending += chunk[..<count]
      }
    }
    // Past the first block of replies written together, and more than one block's worth.
    for seq in 1...300 {
      let line = #"{"cmd":"run","seq":\#(seq),"id":"a","suite":"windows","input":{}}"# + "\n"
      input.fileHandleForWriting.write(Data(line.utf8))
      guard let reply = nextLine() else {
        Issue.record("no reply to request \(seq) while the reference waited for the next")
        break
      }
      #expect(try JSONParser.parse(reply)["seq"]?.exactInteger == seq, "request \(seq)")
    }
    try input.fileHandleForWriting.close()
  }
}
