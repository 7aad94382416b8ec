import Foundation
import SKANJSON
import SKANReporting
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import Testing

/// Vectors users write themselves: a case with `expected.level`
/// `"verdict"` is judged on its verdict alone (Spec/README.md, "Comparing results",
/// "Verdict-level cases"), and `list --json` shows every case's input and expected answer.
@Suite("Vectors users write themselves")
struct UserVectorTests {
  typealias Outcome = KitCommand.Outcome

  /// The example users copy, which CI runs against the reference too.
  static let example = RepositoryPaths.root + "/examples/vectors/my-signature-cases.json"

  /// The bundled reference as a `--cli` command.
  static func reference() throws -> String {
    let binary = try #require(RepositoryPaths.kitBinary, "skan-conform was not found beside the test bundle")
    return RepositoryPaths.quoted(binary) + " reference --stdio"
  }

  /// The committed signature vectors, parsed.
  static func committedSignatureCases() throws -> [JSONValue] {
    let data = try #require(FileManager.default.contents(atPath: RepositoryPaths.vectors + "/signature.json"))
    return try #require(try JSONParser.parse(String(decoding: data, as: UTF8.self))["cases"]?.arrayValue)
  }

  /// A user's file: nine `verify-postback` cases made from the committed vectors' inputs,
  /// each expecting only the verdict (`level` set unless `level` is false), the reference's
  /// reason and signed string written nowhere; `verdicts` overrides the expected verdict of
  /// a case by its index.
  static func userFile(level: Bool = true, verdicts: [Int: String] = [:]) throws -> (path: String, ids: [String]) {
    let sources = try committedSignatureCases().filter {
      $0["input"]?["op"] == "verify-postback" && $0["expected"]?["output"]?["verdict"] != nil
        && $0["expected"]?["output"]?["reason"] != nil
    }
    // Every verdict the operation has, so that a wrong verdict can be any of them.
    let picked =
      Array(sources.filter { $0["expected"]?["output"]?["verdict"] == "verified" }.prefix(3))
      + Array(sources.filter { $0["expected"]?["output"]?["verdict"] == "rejected" }.prefix(3))
      + Array(sources.filter { $0["expected"]?["output"]?["verdict"] == "unverifiable" }.prefix(3))
    try #require(picked.count == 9)
    var cases: [JSONValue] = []
    var ids: [String] = []
    for (index, source) in picked.enumerated() {
      let id = "signature/user-case-\(index + 1)"
      let verdict = try #require(source["expected"]?["output"]?["verdict"])
      var expected: [String: JSONValue] = ["output": ["verdict": verdicts[index].map(JSONValue.string) ?? verdict]]
      if level { expected["level"] = "verdict" }
      cases.append([
        "id": .string(id), "description": "A postback from our own logs, checked at the verdict level.",
        "requirements": ["SIG-5"], "basis": "apple", "input": try #require(source["input"]),
        "expected": .object(expected),
      ])
      ids.append(id)
    }
    let file: JSONValue = [
      "schema_version": 1, "suite": "signature", "number_of_cases": .integer(cases.count), "cases": .array(cases),
    ]
    return (ScratchFiles.write(CanonicalJSON.pretty(file), suffix: "-user-vectors.json"), ids)
  }

  /// Runs the file against the reference; the outcome and the report.
  static func run(_ path: String, _ extra: [String] = []) async throws -> (Outcome, RunReport) {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent(
      "skan-conform-test-user-\(UUID().uuidString).json"
    ).path
    let outcome = try await KitCommand.run(
      ["run", "--vectors", path, "--cli", try reference(), "--report-json", report] + extra)
    let data = try #require(FileManager.default.contents(atPath: report), "no report: \(outcome.output)")
    defer { try? FileManager.default.removeItem(atPath: report) }
    return (outcome, try JSONReportReader.read(bytes: [UInt8](data)))
  }

  @Test(
    "a verdict-only vector a user wrote passes on its verdict alone, even under --strict-diagnostics",
    .timeLimit(.minutes(3)))
  func verdictOnlyPasses() async throws {
    let (path, ids) = try Self.userFile()
    let (outcome, report) = try await Self.run(path, ["--strict-diagnostics"])
    #expect(outcome.status == 0, "\(outcome.output)")
    #expect(report.results.map(\.id) == ids)
    for result in report.results {
      #expect(result.status == .pass, "\(result.id): \(result.status) \(result.message ?? "")")
      #expect(result.diagnostics == nil, "\(result.id): the diagnostics of a verdict-level case are not compared")
    }
    #expect(report.vectorSet == .custom)
    #expect(outcome.output.contains("(CUSTOM)"), "\(outcome.output)")
  }

  @Test(
    "without expected.level the same file fails: the reference answers a reason and a signed string it does not write",
    .timeLimit(.minutes(3)))
  func withoutLevelEveryMemberIsCompared() async throws {
    let (path, ids) = try Self.userFile(level: false)
    let (outcome, report) = try await Self.run(path)
    #expect(outcome.status == 1, "\(outcome.output)")
    #expect(report.results.map(\.id) == ids)
    for result in report.results {
      #expect(result.status == .fail, "\(result.id): \(result.status)")
      #expect(result.differences.map(\.path).contains("$.reason"), "\(result.id): \(result.differences)")
    }
  }

  @Test(
    "a verdict-only vector with a wrong verdict fails, naming the case and $.verdict; the others pass",
    .timeLimit(.minutes(3)))
  func wrongVerdictFails() async throws {
    // The fifth of nine cases, a rejected postback, written as verified.
    let (path, ids) = try Self.userFile(verdicts: [4: "verified"])
    let victim = ids[4]
    let (outcome, report) = try await Self.run(path, ["--strict-diagnostics"])
    #expect(outcome.status == 1, "\(outcome.output)")
    #expect(report.results.filter { $0.status != .pass }.map(\.id) == [victim])
    let failed = try #require(report.results.first { $0.id == victim })
    #expect(failed.status == .fail)
    #expect(failed.differences.map(\.path) == ["$.verdict"], "\(victim): \(failed.differences)")
    #expect(outcome.output.contains(victim), "\(outcome.output)")
    #expect(outcome.output.contains("$.verdict"), "\(outcome.output)")
    let rerun = try #require(
      outcome.output.split(separator: "\n").first { $0.contains("rerun:") && $0.contains(victim) })
    #expect(rerun.contains("--vectors") && rerun.contains(path), "the rerun names the file: \(rerun)")
  }

  @Test(
    "the example in examples/vectors/ passes against the reference, labelled custom",
    .timeLimit(.minutes(3)))
  func examplePasses() async throws {
    let (outcome, report) = try await Self.run(Self.example, ["--strict-diagnostics"])
    #expect(outcome.status == 0, "\(outcome.output)")
    #expect(report.vectorSet == .custom)
    #expect(report.results.count >= 5)
    #expect(report.results.allSatisfy { $0.status == .pass }, "\(report.results.map { ($0.id, $0.status) })")
    let loaded = try VectorLoader.load(files: [Self.example])
    #expect(loaded.cases.allSatisfy { $0.verdictOnly }, "every case of the example is written at the verdict level")
  }

  @Test(
    "a bad expected.level, or a verdict-level case that writes a diagnostic, is refused naming the file, case and field",
    arguments: [
      (#"{"level": "all", "output": {"verdict": "verified"}}"#, "expected.level"),
      (#"{"level": "verdict", "output": {"reason": "ok", "verdict": "verified"}}"#, "expected.output.reason"),
      (
        #"{"diagnostic": ["signed_string"], "level": "verdict", "output": {"signed_string": "x", "verdict": "verified"}}"#,
        "expected.diagnostic"
      ),
    ])
  func badLevelIsRefused(expected: String, field: String) throws {
    let input = #"{"op": "verify-postback", "postback": {"version": "4.0"}}"#
    let text = """
      {"schema_version": 1, "suite": "signature", "number_of_cases": 2, "cases": [
        {"id": "signature/fine", "description": "d", "requirements": ["SIG-5"], "basis": "apple",
         "input": \(input), "expected": {"level": "verdict", "output": {"verdict": "verified"}}},
        {"id": "signature/bad", "description": "d", "requirements": ["SIG-5"], "basis": "apple",
         "input": \(input), "expected": \(expected)}]}
      """
    #expect(throws: VectorsError.self) { try VectorLoader.decodeFile(text, name: "mine.json") }
    do {
      _ = try VectorLoader.decodeFile(text, name: "mine.json")
    } catch {
      guard case .invalidField(let file, let caseID, let named, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(file == "mine.json")
      #expect(caseID == "signature/bad")
      #expect(named == field, "\(error)")
    }
  }

  @Test("a verdict-level case written back keeps its level; the kit's own vectors have none")
  func levelRoundTrips() throws {
    let file = try VectorLoader.load(files: [Self.example]).files[0]
    let again = try VectorLoader.decodeFile(file.text, name: "again.json")
    #expect(again.cases == file.cases)
    #expect(file.cases.allSatisfy { $0.json["expected"]?["level"] == "verdict" })
    let official = try VectorLoader.load(directory: RepositoryPaths.vectors)
    #expect(official.cases.allSatisfy { !$0.verdictOnly })
  }

  @Test(
    "list --json carries every case's input and expected answer as its vector file writes them, keeping the other keys",
    .timeLimit(.minutes(3)))
  func listShowsExpected() async throws {
    let outcome = try await KitCommand.run(["list", "--vectors", RepositoryPaths.vectors, "--json"])
    #expect(outcome.status == 0)
    let listed = try #require(try JSONParser.parse(outcome.output).arrayValue)
    var written: [String: JSONValue] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.vectors)
    where name.hasSuffix(".json") && name != "manifest.json" && name != "retired-ids.json" {
      let data = try #require(FileManager.default.contents(atPath: RepositoryPaths.vectors + "/" + name))
      for vector in try JSONParser.parse(String(decoding: data, as: UTF8.self))["cases"]?.arrayValue ?? [] {
        written[vector["id"]?.stringValue ?? ""] = vector
      }
    }
    #expect(listed.count == written.count)
    for entry in listed {
      let id = try #require(entry["id"]?.stringValue)
      let vector = try #require(written[id], "\(id) is not in Vectors/")
      #expect(entry["input"] == vector["input"], "\(id): input")
      #expect(entry["expected"] == vector["expected"], "\(id): expected")
      for key in ["requirements", "basis", "tags", "description"] {
        #expect(entry[key] == vector[key], "\(id): \(key)")
      }
      #expect(entry["suite"]?.stringValue == id.split(separator: "/").first.map(String.init), "\(id): suite")
      #expect(entry["spec"]?.stringValue?.hasPrefix("Spec/") == true, "\(id): spec")
    }
    // A user's verdict-level case shows its level.
    let user = try await KitCommand.run(["list", "--vectors", Self.example, "--json"])
    let cases = try #require(try JSONParser.parse(user.output).arrayValue)
    #expect(!cases.isEmpty && cases.allSatisfy { $0["expected"]?["level"] == "verdict" }, "\(user.output)")
  }

  @Test(
    "a vector file that never ends (/dev/zero) is refused at the size limit with exit 4, not read until memory runs out",
    .timeLimit(.minutes(3)))
  func endlessFileIsRefused() async throws {
    let outcome = try await KitCommand.run(["list", "--vectors", "/dev/zero"])
    #expect(outcome.status == 4, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("zero") && outcome.output.contains("larger than 1 GiB"), "\(outcome.output)")
  }
}
