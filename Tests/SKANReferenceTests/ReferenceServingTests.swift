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
}
