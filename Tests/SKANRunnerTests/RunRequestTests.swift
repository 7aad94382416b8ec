import Foundation
import SKANJSON
import SKANModel
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
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
        inputText: vector.inputText, tags: vector.tags)
      let line = String(decoding: request.line, as: UTF8.self)
      let encoded = String(decoding: AdapterProtocol.line(request.message), as: UTF8.self)
      #expect(line == encoded, "\(vector.id): the wire line differs from the encoded input")
    }
  }

  /// The expected output's text the loader keeps is the canonical encoding of the expected
  /// output (what the reference writes), for every case that expects an output, diagnostic
  /// members or not, and absent for a case that expects an error.
  @Test("a case's expected output text is the canonical encoding of its expected output, for every vector")
  func expectedOutputText() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var kept = 0
    var keptWithDiagnostics = 0
    for vector in set.cases {
      guard case .output(let output) = vector.expected else {
        #expect(vector.expectedOutputText == nil, "\(vector.id): text kept for a case that expects an error")
        continue
      }
      let text = try #require(vector.expectedOutputText, "\(vector.id): the loader kept no expected output text")
      #expect(text.bytes == CanonicalJSON.compactBytes(output), "\(vector.id): the text differs from the encoding")
      kept += 1
      if !vector.diagnostic.isEmpty { keptWithDiagnostics += 1 }
    }
    #expect(kept > 500, "only \(kept) cases kept their expected output text")
    #expect(keptWithDiagnostics > 100, "only \(keptWithDiagnostics) cases with diagnostics kept their text")
  }

  /// The line is written by hand from the input's text: strings that need escapes, tags and
  /// any seq come out as the encoder writes them.
  @Test("a line from text escapes the ID, suite and tags as the encoder does, for any seq")
  func lineFromTextEscapes() {
    let input: JSONValue = ["at": 1, "t0": 0]
    let bytes = CanonicalJSON.compactBytes(input)
    let text = JSONText(bytes, range: 0..<bytes.count)
    let shapes: [(id: String, suite: String, tags: [String], seq: Int)] = [
      ("window/a\"b\\c\n\u{1}", "window", [], 7),
      ("window/é", "win\"dow", ["t\u{1F}", "é", "plain"], -3),
      ("window/x", "window", ["only"], 1_234_567_890_123),
      ("", "", [""], 0),
    ]
    for shape in shapes {
      let request = RunRequest(
        seq: shape.seq, id: shape.id, suite: shape.suite, input: input, inputText: text, tags: shape.tags)
      #expect(
        String(decoding: request.line, as: UTF8.self)
          == String(decoding: AdapterProtocol.line(request.message), as: UTF8.self), "\(shape)")
    }
  }

  @Test("without text, the line is the encoded message")
  func lineWithoutText() {
    let request = RunRequest(seq: 7, id: "values/x", suite: "values", input: ["b": 1, "a": "x y"])
    #expect(
      String(decoding: request.line, as: UTF8.self)
        == #"{"cmd":"run","id":"values/x","input":{"a":"x y","b":1},"seq":7,"suite":"values"}"# + "\n")
  }

  @Test("a case's tags go with its run request, and a case without tags sends none")
  func tagsSent() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let tagged = try #require(set.cases.first { $0.tags.contains("own-key") })
    let plain = try #require(set.cases.first { $0.tags.isEmpty })
    for vector in [tagged, plain] {
      let request = RunRequest(
        seq: 1, id: vector.id, suite: vector.suite.rawValue, input: vector.input, inputText: vector.inputText,
        tags: vector.tags)
      let sent = try JSONParser.parse(bytes: request.line.dropLast())
      #expect(
        sent["tags"] == (vector.tags.isEmpty ? nil : .array(vector.tags.map(JSONValue.string))),
        "\(vector.id): \(String(decoding: request.line, as: UTF8.self).prefix(200))")
    }
  }

  /// Records the tags of every request the runner sends, and answers as each vector expects.
  struct TagRecorder: ImplementationTransport {
    let vectors: [String: VectorCase]
    let seen = SeenTags()
    var kind: TransportKind { .inProcess }
    var target: String { "recorder" }
    var concurrency: Int { 4 }

    func handshake() async throws(RunnerError) -> ImplementationIdentity {
      ImplementationIdentity(
        name: "recorder", version: "1", language: "swift", suites: Array(Set(vectors.values.map(\.suite.rawValue))))
    }

    func exchange(_ request: RunRequest) async -> Verdict.Reply {
      seen.record(request.id, request.tags)
      guard let vector = vectors[request.id], case .output(let output) = vector.expected else {
        return .message(["seq": .integer(request.seq), "error": ["code": "invalid-input", "message": ""]])
      }
      return .message(["seq": .integer(request.seq), "output": output])
    }

    func close() async {}

  }

  /// The tags each case was sent with.
  final class SeenTags: @unchecked Sendable {  // @unchecked: `tags` is read and written under `lock`.
    private let lock = NSLock()
    private var tags: [String: [String]] = [:]
    func record(_ id: String, _ value: [String]) { lock.withLock { tags[id] = value } }
    var all: [String: [String]] { lock.withLock { tags } }
  }

  @Test("the runner sends every case with its vector's tags")
  func runnerSendsTags() async throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    let cases = set.cases.filter { $0.suite == .signature }
    let recorder = TagRecorder(vectors: Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0) }))
    _ = try await Runner.run(cases: cases, vectors: set, transport: recorder)
    let seen = recorder.seen.all
    #expect(seen.count == cases.count)
    for vector in cases { #expect(seen[vector.id] == vector.tags, "\(vector.id)") }
    #expect(cases.contains { $0.tags.contains("own-key") })
  }

  @Test("a line's keys are written in canonical order whatever the order given")
  func lineKeysSorted() {
    let line = CanonicalJSON.compactLine([("seq", .value(2)), ("cmd", .value("run")), ("id", .value("a b"))])
    #expect(String(decoding: line, as: UTF8.self) == #"{"cmd":"run","id":"a b","seq":2}"# + "\n")
  }
}
