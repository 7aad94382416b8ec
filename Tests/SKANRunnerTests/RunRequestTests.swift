import SKANJSON
import SKANModel
import SKANRunner
import SKANTestSupport
import SKANVectors
import Testing

@Suite("Run requests")
struct RunRequestTests {
  /// The loader keeps each case's input text, and the wire line made from it is byte for byte
  /// the line the runner made before by encoding the parsed input: what an implementation
  /// receives did not change.
  @Test("a case's wire line from its file text is the canonical encoding of its input, for every vector")
  func lineFromTextIsCanonical() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    for (index, vector) in set.cases.enumerated() {
      #expect(vector.inputText != nil, "\(vector.id): the loader kept no input text")
      let request = RunRequest(
        seq: index + 1, id: vector.id, suite: vector.suite.rawValue, input: vector.input,
        inputText: vector.inputText)
      let line = String(decoding: request.line, as: UTF8.self)
      let encoded = String(decoding: AdapterProtocol.line(request.message), as: UTF8.self)
      #expect(line == encoded, "\(vector.id): the wire line differs from the encoded input")
    }
  }

  /// The expected output's text the loader keeps is the canonical encoding of the expected
  /// output (what the reference writes), for every case that expects an output and has no
  /// diagnostic members, and absent for every other.
  @Test("a case's expected output text is the canonical encoding of its expected output, for every vector")
  func expectedOutputText() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var kept = 0
    for vector in set.cases {
      guard case .output(let output) = vector.expected, vector.diagnostic.isEmpty else {
        #expect(vector.expectedOutputText == nil, "\(vector.id): text kept for a case that does not qualify")
        continue
      }
      let text = try #require(vector.expectedOutputText, "\(vector.id): the loader kept no expected output text")
      #expect(text.bytes == CanonicalJSON.compactBytes(output), "\(vector.id): the text differs from the encoding")
      kept += 1
    }
    #expect(kept > 500, "only \(kept) cases kept their expected output text")
  }

  @Test("without text, the line is the encoded message")
  func lineWithoutText() {
    let request = RunRequest(seq: 7, id: "values/x", suite: "values", input: ["b": 1, "a": "x y"])
    #expect(
      String(decoding: request.line, as: UTF8.self)
        == #"{"cmd":"run","id":"values/x","input":{"a":"x y","b":1},"seq":7,"suite":"values"}"# + "\n")
  }

  @Test("a line's keys are written in canonical order whatever the order given")
  func lineKeysSorted() {
    let line = CanonicalJSON.compactLine([("seq", .value(2)), ("cmd", .value("run")), ("id", .value("a b"))])
    #expect(String(decoding: line, as: UTF8.self) == #"{"cmd":"run","id":"a b","seq":2}"# + "\n")
  }
}
