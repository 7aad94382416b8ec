import Foundation
import SKANModel
import SKANTestSupport
import SKANVectors
import Testing

@testable import SKANJSON

@Suite("Vector loader")
struct VectorLoaderTests {
  let minimal = """
    {"schema_version": 1, "suite": "window", "number_of_cases": 1, "cases": [
      {"id": "window/a", "description": "d", "requirements": ["WIN-1"], "basis": "apple", "tags": [],
       "input": {}, "expected": {"error": "invalid-input"}}]}
    """

  func error(_ text: String) -> String? {
    do {
      _ = try VectorLoader.decodeFile(text, name: "window.json")
      return nil
    } catch {
      return error.description
    }
  }

  @Test("a minimal file loads")
  func minimalFile() throws {
    let file = try VectorLoader.decodeFile(minimal, name: "window.json")
    #expect(file.cases.map(\.id) == ["window/a"])
  }

  /// A case's diagnostic paths are checked against its output read from the text; the same
  /// file with `cases` spelled with an escape is built whole and checked on the built output.
  @Test(
    "a diagnostic path is accepted or refused from the text as from the built output",
    arguments: [
      (#"{"arrivals": [{"a": 1}, {"b": 2}], "reason": "r"}"#, #"["arrivals[].b", "reason"]"#, true),
      (#"{"arrivals": [7, {"b": {"c": 1}}]}"#, #"["arrivals[].b"]"#, true),
      (#"{"arrivals": [{"a": 1}, {"b": 2}]}"#, #"["arrivals[].c"]"#, false),
      (#"{"arrivals": {"b": 2}}"#, #"["arrivals[].b"]"#, false),
      (#"{"arrivals": [], "b": 1}"#, #"["arrivals[].b"]"#, false),
      (#"{"a": 1}"#, #"["b"]"#, false),
      (#"{"a\u0062": 1}"#, #"["ab"]"#, true),
      (#"{"a": [{"\u0062": 1}]}"#, #"["a[].b"]"#, true),
    ])
  func diagnosticPaths(output: String, paths: String, accepted: Bool) throws {
    let text = minimal.replacingOccurrences(
      of: #""expected": {"error": "invalid-input"}"#,
      with: #""expected": {"output": \#(output), "diagnostic": \#(paths)}"#)
    let read = Result { () throws(VectorsError) in try VectorLoader.decodeFile(text, name: "window.json") }
    let built = Result { () throws(VectorsError) in
      try VectorLoader.decodeFile(
        text.replacingOccurrences(of: #""cases":"#, with: #""\u0063ases":"#), name: "window.json")
    }
    switch (read, built) {
    case (.success(let left), .success(let right)):
      #expect(accepted, "accepted: \(output) \(paths)")
      #expect(left.cases == right.cases)
      #expect(left.cases.first?.diagnostic == right.cases.first?.diagnostic)
    case (.failure(let left), .failure(let right)):
      #expect(!accepted, "refused: \(left)")
      #expect(left.description == right.description)
    default:
      Issue.record("read \(read), built \(built)")
    }
  }

  /// A decoy object three deep outside `cases`, or a case whose keys are spelled with escapes,
  /// must not lend a case another object's text: a reply spelled as that text would then be
  /// taken for the case's expected output.
  @Test("the texts kept for a case are that case's own, whatever else the file holds")
  func textsBelongToTheirCase() throws {
    let decoy = #"{"input": {"t0": 0}, "expected": {"output": {"window": 0}}}"#
    let files = [
      // A decoy before the cases, and plain keys: texts kept, each the case's own.
      """
      {"schema_version": 1, "suite": "window", "number_of_cases": 1, "x": [\(decoy)], "cases": [
        {"id": "window/a", "description": "d", "requirements": ["WIN-1"], "basis": "apple", "tags": [],
         "input": {"t0": 5}, "expected": {"output": {"window": 2}}}]}
      """,
      // The same with the case's keys escaped: no text kept rather than the decoy's.
      """
      {"schema_version": 1, "suite": "window", "number_of_cases": 1, "x": [\(decoy)], "cases": [
        {"id": "window/a", "description": "d", "requirements": ["WIN-1"], "basis": "apple", "tags": [],
         "\\u0069nput": {"t0": 5}, "\\u0065xpected": {"output": {"window": 2}}}]}
      """,
    ]
    for (index, text) in files.enumerated() {
      let file = try VectorLoader.decodeFile(text, name: "window.json")
      let vector = try #require(file.cases.first)
      if let inputText = vector.inputText {
        #expect(try JSONParser.parse(bytes: inputText.bytes) == vector.input, "file \(index): input text")
      }
      if let outputText = vector.expectedOutputText {
        #expect(
          try .output(JSONParser.parse(bytes: outputText.bytes)) == vector.expected, "file \(index): output text")
      }
      #expect((vector.expectedOutputText != nil) == (index == 0), "file \(index): text kept or not")
    }
  }

  @Test("an unknown schema version is refused before anything else")
  func schemaVersion() {
    let text = minimal.replacingOccurrences(of: "\"schema_version\": 1", with: "\"schema_version\": 2")
      .replacingOccurrences(of: "\"suite\": \"window\"", with: "\"suite\": 7")
    #expect(error(text) == "window.json: schema_version 2 is not supported (this kit reads version 1)")
  }

  @Test("a duplicate ID names the case")
  func duplicate() {
    let text = minimal.replacingOccurrences(of: "\"number_of_cases\": 1", with: "\"number_of_cases\": 2")
      .replacingOccurrences(
        of: "\"expected\": {\"error\": \"invalid-input\"}}]",
        with:
          "\"expected\": {\"error\": \"invalid-input\"}}, {\"id\": \"window/a\", \"description\": \"d\", \"requirements\": [\"WIN-1\"], \"basis\": \"apple\", \"input\": {}, \"expected\": {\"output\": {}}}]"
      )
    #expect(error(text)?.contains("case window/a: duplicate id") == true)
  }

  @Test("the declared count is checked")
  func count() {
    let text = minimal.replacingOccurrences(of: "\"number_of_cases\": 1", with: "\"number_of_cases\": 3")
    #expect(error(text) == "window.json: field number_of_cases: declares 3 cases but the file has 1")
  }

  @Test(
    "bad fields name the file, the case and the field",
    arguments: [
      ("\"requirements\": [\"WIN-1\"]", "\"requirements\": [\"WIN-99\"]", "case window/a: field requirements: WIN-99"),
      ("\"basis\": \"apple\"", "\"basis\": \"vendor\"", "case window/a: field basis"),
      ("\"expected\": {\"error\": \"invalid-input\"}", "\"expected\": {}", "case window/a: field expected"),
      (
        "\"expected\": {\"error\": \"invalid-input\"}", "\"expected\": {\"error\": \"x\", \"output\": 1}",
        "case window/a: field expected"
      ),
      ("\"id\": \"window/a\"", "\"id\": \"values/a\"", "case values/a: field id"),
      ("\"id\": \"window/a\"", "\"id\": \"window/A b\"", "field id"),
      ("\"description\": \"d\"", "\"description\": 5", "case window/a: field description"),
      ("\"input\": {}, ", "", "case window/a: field input"),
      ("\"suite\": \"window\"", "\"suite\": \"windows\"", "field suite"),
      (
        "\"expected\": {\"error\": \"invalid-input\"}",
        "\"expected\": {\"output\": {\"verdict\": 1}, \"diagnostic\": [\"reason\"]}",
        "case window/a: field expected.diagnostic: must name members of expected.output"
      ),
      (
        "\"expected\": {\"error\": \"invalid-input\"}",
        "\"expected\": {\"output\": {\"verdict\": 1}, \"diagnostic\": \"verdict\"}",
        "case window/a: field expected.diagnostic: must be an array"
      ),
    ])
  func badFields(original: String, replacement: String, message: String) {
    let text = minimal.replacingOccurrences(of: original, with: replacement)
    let found = error(text)
    #expect(found?.contains(message) == true, "got \(found ?? "no error")")
    #expect(found?.hasPrefix("window.json") == true)
  }

  @Test("text that is not JSON gives its line and column")
  func notJSON() {
    #expect(
      error("{\"schema_version\": 1,\n  \"suite\": }")
        == "window.json: not valid JSON: line 2, column 12: unexpected character '}'")
  }

  @Test("a file whose bytes disagree with the manifest is refused")
  func manifestHash() throws {
    let root = try RepositoryPaths.temporaryCopy()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/Vectors/metadata.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try (text + " ").write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: VectorsError.self) { _ = try VectorLoader.load(directory: root + "/Vectors") }
  }

  @Test("with several broken files the first in manifest order is reported")
  func firstProblemInManifestOrder() throws {
    let root = try RepositoryPaths.temporaryCopy()
    defer { try? FileManager.default.removeItem(atPath: root) }
    // metadata.json (a hash mismatch) comes before signature.json (not JSON) in the manifest;
    // the earlier one is reported, whatever order a loader reads them in.
    for (name, edit) in [("metadata.json", { (text: String) in text + " " }), ("signature.json", { _ in "{" })] {
      let path = root + "/Vectors/" + name
      try edit(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
    }
    let manifest = try String(contentsOfFile: root + "/Vectors/manifest.json", encoding: .utf8)
    let metadata = try #require(manifest.range(of: "metadata.json"))
    let signature = try #require(manifest.range(of: "signature.json"))
    try #require(metadata.lowerBound < signature.lowerBound, "the manifest lists metadata.json first")
    for _ in 0..<5 {
      do {
        _ = try VectorLoader.load(directory: root + "/Vectors")
        Issue.record("broken files loaded")
      } catch {
        #expect(
          error.description.contains("metadata.json: sha256") && !error.description.contains("signature.json"),
          "reported: \(error)")
      }
    }
  }

  @Test("the manifest's hashes match the committed files")
  func manifestMatches() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    #expect(set.digest.count == 64)
  }
}

/// A vector file read with its inputs and expected outputs kept as text gives the very cases
/// a reading that builds every value gives.
@Suite("Vector loader: values kept as text")
struct DeferredVectorTests {
  @Test(
    "every committed file gives, case by case, what a whole parse gives",
    arguments: [
      "window", "values", "postback", "signature", "receiving", "s2s", "attribution", "lifecycle", "metadata",
    ])
  func sameCases(suite: String) throws {
    let path = RepositoryPaths.root + "/Vectors/\(suite).json"
    let text = try VectorLoader.read(path, name: "\(suite).json")
    let deferred = try VectorLoader.decodeFile(text, name: "\(suite).json")
    // `cases` spelled with an escape makes the loader build every case whole instead.
    let cases = try #require(text.range(of: "\"cases\":"))
    let built = try VectorLoader.decodeFile(
      text.replacingCharacters(in: cases, with: #""\u0063ases":"#), name: "\(suite).json")
    // A case's own member spelled with an escape, in the middle of the file, makes the loader
    // build that case alone.
    let middle = text.index(cases.upperBound, offsetBy: text.distance(from: cases.upperBound, to: text.endIndex) / 2)
    let input = try #require(text.range(of: "\"input\":", range: middle..<text.endIndex))
    let oneBuilt = try VectorLoader.decodeFile(
      text.replacingCharacters(in: input, with: #""\u0069nput":"#), name: "\(suite).json")
    #expect(oneBuilt.cases.filter { $0.inputText == nil }.count == 1, "only the escaped case keeps no text")
    // Every committed case is read from its text, none built whole: a description with an
    // escape or a byte outside ASCII is decoded alone.
    let wholeBuilt = deferred.cases.filter { $0.inputSource.isBuilt }.map(\.id)
    #expect(wholeBuilt.isEmpty, "built whole: \(wholeBuilt.prefix(5))")
    #expect(oneBuilt.cases == deferred.cases)
    #expect(deferred.cases.count == built.cases.count)
    #expect(built.cases.allSatisfy { $0.inputText == nil && $0.expectedOutputText == nil }, "built cases keep no text")
    for (left, right) in zip(deferred.cases, built.cases) {
      #expect(left == right, "\(left.id)")
      #expect(left.input == right.input, "\(left.id): input")
      #expect(left.expected == right.expected, "\(left.id): expected")
      #expect(left.diagnostic == right.diagnostic, "\(left.id): diagnostic")
      if let text = left.expectedOutputText {
        #expect(try .output(JSONParser.parse(bytes: text.bytes)) == right.expected, "\(left.id): output text")
      }
      if let text = left.inputText {
        #expect(try JSONParser.parse(bytes: text.bytes) == right.input, "\(left.id): input text")
      }
    }
  }
}
