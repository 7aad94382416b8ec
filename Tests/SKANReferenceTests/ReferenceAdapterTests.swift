import SKANJSON
import SKANReference
import SKANVectors
import SKANVocabulary
import Testing

/// The reference model as an adapter: what `skan-conform reference --stdio` answers.
@Suite("Reference adapter")
struct ReferenceAdapterTests {
  @Test("hello declares every suite and the kit's version")
  func hello() {
    let reply = ReferenceAdapter.helloReply(kitVersion: "9.9.9")
    #expect(reply["suites"]?.arrayValue?.compactMap(\.stringValue) == Suite.allCases.map(\.rawValue))
    #expect(reply["implementation"]?["version"]?.stringValue == "9.9.9")
    #expect(reply["protocol"] == 1)
  }

  @Test("stop ends, a message without seq is ignored, an unknown suite is skipped")
  func actions() {
    #expect(ReferenceAdapter.action(for: ["cmd": "stop"], kitVersion: "t") == .stop)
    #expect(ReferenceAdapter.action(for: ["cmd": "run", "id": "x"], kitVersion: "t") == .ignore)
    let unknown = ReferenceAdapter.reply(
      to: ["cmd": "run", "seq": 4, "suite": "windows", "input": [:]], kitVersion: "t")
    #expect(unknown?["seq"] == 4)
    #expect(unknown?["skipped"]?["reason"]?.stringValue == "unknown suite")
  }

  @Test("a run request of a case in the middle of the corpus gets the vector's expected answer")
  func answersVectors() throws {
    let vectors = try VectorSet.embedded()
    for index in [vectors.cases.count / 2, vectors.cases.count / 2 + 1, vectors.cases.count - 1] {
      let vector = vectors.cases[index]
      let request: JSONValue = [
        "cmd": "run", "seq": .integer(index), "id": .string(vector.id), "suite": .string(vector.suite.rawValue),
        "input": vector.input,
      ]
      let reply = try #require(ReferenceAdapter.reply(to: request, kitVersion: "t"), "\(vector.id)")
      #expect(reply["seq"] == .integer(index), "\(vector.id)")
      switch vector.expected {
      case .output(let output): #expect(reply["output"] == output, "\(vector.id)")
      case .error(let code, _): #expect(reply["error"]?["code"]?.stringValue == code, "\(vector.id)")
      }
    }
  }

  @Test("a swapped evaluation (a mutant's) is what the adapter answers, error codes included")
  func swappedEvaluation() {
    let reply = ReferenceAdapter.reply(
      to: ["cmd": "run", "seq": 1, "suite": "window", "input": [:]], kitVersion: "t",
      evaluate: { _, _ in .error(code: "unsupported-version", message: "m") })
    #expect(reply?["error"]?["code"]?.stringValue == "unsupported-version")
  }
}
