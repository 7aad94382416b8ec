import Foundation
import SKANJSON
import SKANReporting
import SKANTestSupport
import SKANVectors
import Subprocess
import Testing

/// `report verify` and `--attestation`: a report judged again from the vectors stands only as
/// the run wrote it, and the Statement written with it is about that file and what it holds.
///
/// The report is a real run's: the window suite against a mutant of the reference that fails
/// seven cases, so that it holds failing results with their replies. Each edit is made in the
/// middle of the results (window/t0-midnight-utc, the 26th of 46), not the first.
@Suite("Report verification and attestations")
struct ReportVerifyTests {
  typealias Outcome = KitCommand.Outcome

  /// The failing case the edits touch, and one that passes.
  static let failing = "window/t0-midnight-utc"
  static let passing = "window/p1-72h"

  func kit(_ arguments: [String]) async throws -> Outcome { try await KitCommand.run(arguments) }

  /// A fresh directory holding `report.json` and `statement.json` of the mutant's run.
  func run() async throws -> String {
    let directory = try ScratchFiles.directory("skan-verify")
    let binary = try #require(RepositoryPaths.kitBinary)
    let outcome = try await kit([
      "run", "--cli", "\(RepositoryPaths.quoted(binary)) reference --stdio --mutant window/inclusive-edges",
      "--suite", "window", "--report-json", "\(directory)/report.json", "--attestation", "\(directory)/statement.json",
    ])
    #expect(outcome.status == 1, "the mutant's run: exit \(outcome.status): \(outcome.output)")
    return directory
  }

  func load(_ path: String) throws -> JSONValue {
    try JSONParser.parse(bytes: Array(try #require(FileManager.default.contents(atPath: path), "\(path) is missing")))
  }

  func save(_ value: JSONValue, _ path: String) throws {
    try Data(CanonicalJSON.pretty(value).utf8).write(to: URL(fileURLWithPath: path))
  }

  /// The report with `edit` applied to it, and then to its summary too when `recount` (as
  /// a forger who knows the format would), written back.
  func edit(_ directory: String, recount: Bool = true, _ edit: (inout [String: JSONValue]) throws -> Void) throws {
    var report = try #require(try load("\(directory)/report.json").objectValue)
    try edit(&report)
    if recount {
      // Whatever the edit did to the results, the counts say the same.
      let read = try JSONReportReader.read(.object(report))
      let derived = JSONReport.json(read)
      for member in ["summary", "unexpected", "unexpected_passes", "diagnostics", "footer"] {
        report[member] = derived[member]
      }
    }
    try save(.object(report), "\(directory)/report.json")
  }

  /// Edits the result of `id` in `report`.
  func editResult(
    _ report: inout [String: JSONValue], _ id: String, _ edit: (inout [String: JSONValue]) -> Void
  ) throws {
    var results = try #require(report["results"]?.arrayValue)
    let index = try #require(results.firstIndex { $0["id"] == .string(id) }, "\(id) is not in the report")
    var result = try #require(results[index].objectValue)
    edit(&result)
    results[index] = .object(result)
    report["results"] = .array(results)
  }

  @Test("an unedited report stands, says what it proves, and exits 1 for a run that failed", .timeLimit(.minutes(3)))
  func stands() async throws {
    let directory = try await run()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try await kit(["report", "verify", "\(directory)/report.json"])
    #expect(outcome.status == 1, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("report.json stands."), "\(outcome.output)")
    #expect(outcome.output.contains("46 of 932 cases, chosen by --suite window"), "\(outcome.output)")
    #expect(outcome.output.contains("the run did NOT succeed"), "\(outcome.output)")
    #expect(outcome.output.contains("7 result(s) from their recorded replies"), "\(outcome.output)")
    let attested = try await kit([
      "report", "verify", "\(directory)/report.json", "--attestation", "\(directory)/statement.json",
    ])
    #expect(attested.status == 1, "exit \(attested.status): \(attested.output)")
    #expect(attested.output.contains("stands, and the attestation is about it"), "\(attested.output)")
  }

  /// An edit of the report, and what the refusal must say.
  struct Forgery: Sendable, CustomTestStringConvertible {
    var name: String
    var expected: String
    var edit: @Sendable (inout [String: JSONValue], ReportVerifyTests) throws -> Void
    var testDescription: String { name }
  }

  static let forgeries: [Forgery] = [
    Forgery(
      name: "a failing status edited to pass",
      expected: "is recorded as pass, but its own reply (actual) is judged fail"
    ) {
      report, test in
      try test.editResult(&report, failing) { $0["status"] = "pass" }
    },
    Forgery(
      name: "a failing status edited to pass, its differences left", expected: "is recorded as pass, but it lists"
    ) {
      report, test in
      try test.editResult(&report, failing) {
        $0["status"] = "pass"
        $0["actual"] = nil
      }
    },
    Forgery(name: "a recorded reply edited", expected: "is recorded as fail, but its own reply (actual) is judged pass")
    {
      report, test in
      // The expected output in place of the reply: the status no longer follows from it.
      try test.editResult(&report, failing) { $0["actual"] = ["output": $0["expected"]?["output"] ?? .null] }
    },
    Forgery(name: "the vector digest changed", expected: "header.vector_digest is 000000000000") { report, _ in
      var header = report["header"]?.objectValue ?? [:]
      header["vector_digest"] = .string(String(repeating: "0", count: 64))
      report["header"] = .object(header)
    },
    Forgery(name: "a case dropped", expected: "1 case(s) of the selection have no result (case \(passing) first)") {
      report, _ in
      report["results"] = .array((report["results"]?.arrayValue ?? []).filter { $0["id"] != .string(passing) })
    },
    Forgery(name: "the selection dropped", expected: "header.selection is missing") { report, _ in
      var header = report["header"]?.objectValue ?? [:]
      header["selection"] = nil
      header["selected"] = nil
      report["header"] = .object(header)
    },
    Forgery(name: "a case of another suite added", expected: "is not in the report's selection") { report, test in
      var results = report["results"]?.arrayValue ?? []
      var extra = try #require(results.first { $0["id"] == .string(passing) }?.objectValue)
      extra["id"] = "values/fine-0"
      results.insert(.object(extra), at: 10)
      report["results"] = .array(results)
    },
  ]

  @Test("an edited report is refused with exit 2, the edit named", .timeLimit(.minutes(3)), arguments: forgeries)
  func refused(forgery: Forgery) async throws {
    let directory = try await run()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try edit(directory) { report in try forgery.edit(&report, self) }
    let outcome = try await kit(["report", "verify", "\(directory)/report.json"])
    #expect(outcome.status == 2, "\(forgery.name): exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("does NOT stand"), "\(forgery.name): \(outcome.output)")
    #expect(outcome.output.contains(forgery.expected), "\(forgery.name): \(outcome.output)")
  }

  @Test("counts edited without their results are refused", .timeLimit(.minutes(3)))
  func editedCounts() async throws {
    let directory = try await run()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try edit(directory, recount: false) { report in
      var summary = report["summary"]?.objectValue ?? [:]
      summary["pass"] = 46
      summary["fail"] = 0
      report["summary"] = .object(summary)
    }
    let outcome = try await kit(["report", "verify", "\(directory)/report.json"])
    #expect(outcome.status == 2, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("summary is not what the results give"), "\(outcome.output)")
  }

  @Test(
    "the attestation holds the report to its bytes and its content; an edited report or predicate is refused",
    .timeLimit(.minutes(3)))
  func attestationBindsTheFile() async throws {
    let directory = try await run()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let verify = ["report", "verify", "\(directory)/report.json", "--attestation", "\(directory)/statement.json"]
    // One byte of white space changes nothing the report says, but it is another file.
    let report = try #require(FileManager.default.contents(atPath: "\(directory)/report.json"))
    try (report + Data(" ".utf8)).write(to: URL(fileURLWithPath: "\(directory)/report.json"))
    let respaced = try await kit(verify)
    #expect(respaced.status == 2, "exit \(respaced.status): \(respaced.output)")
    #expect(
      respaced.output.contains("no subject of the attestation has the report file's SHA-256"), "\(respaced.output)")
    try report.write(to: URL(fileURLWithPath: "\(directory)/report.json"))
    // A predicate that claims a pass, about the right file.
    var statement = try #require(try load("\(directory)/statement.json").objectValue)
    var predicate = try #require(statement["predicate"]?.objectValue)
    predicate["result"] = "PASSED"
    statement["predicate"] = .object(predicate)
    try save(.object(statement), "\(directory)/statement.json")
    let claimed = try await kit(verify)
    #expect(claimed.status == 2, "exit \(claimed.status): \(claimed.output)")
    #expect(claimed.output.contains("predicate.result differ"), "\(claimed.output)")
  }

  @Test("the attestation is an in-toto Statement v1 that validates against its schema", .timeLimit(.minutes(3)))
  func statementSchema() async throws {
    let directory = try await run()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let statement = try load("\(directory)/statement.json")
    // The Statement layer, as in-toto's spec/v1/statement.md defines it.
    #expect(statement["_type"] == "https://in-toto.io/Statement/v1")
    #expect(statement["predicateType"] == .string(Attestation.predicateType))
    let subject = try #require(statement["subject"]?.arrayValue?.first)
    let report = try #require(FileManager.default.contents(atPath: "\(directory)/report.json"))
    #expect(subject["digest"]?["sha256"] == .string(report.withUnsafeBytes { Manifest.sha256(bytes: $0) }))
    #expect(subject["name"] == "report.json")
    #expect(statement["predicate"]?["summary"]?["fail"] == 7)
    #expect(statement["predicate"]?["result"] == "FAILED")
    // The whole document against Spec/schema/attestation.schema.json, where Python's
    // jsonschema is installed (CI installs it before the tests).
    let check = """
      import json, sys
      try:
          import jsonschema
      except ImportError:
          print("no jsonschema"); sys.exit(0)
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft202012Validator.check_schema(schema)
      jsonschema.Draft202012Validator(schema).validate(json.load(open(sys.argv[2])))
      print("valid")
      """
    let result = try await Subprocess.run(
      .name("python3"),
      arguments: [
        "-c", check, RepositoryPaths.root + "/Spec/schema/attestation.schema.json", "\(directory)/statement.json",
      ],
      output: .string(limit: 1 << 16), error: .string(limit: 1 << 16))
    #expect(result.terminationStatus.isSuccess, "\(result.standardError)")
    #expect(["valid", "no jsonschema"].contains(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  @Test(
    "a merged report stands as the unsharded run's does; one case dropped from it does not", .timeLimit(.minutes(3)))
  func mergedReport() async throws {
    let directory = try await run()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let binary = try #require(RepositoryPaths.kitBinary)
    let mutant = "\(RepositoryPaths.quoted(binary)) reference --stdio --mutant window/inclusive-edges"
    for index in 1...2 {
      let shard = try await kit([
        "run", "--cli", mutant, "--suite", "window", "--shard", "\(index)/2", "--report-json",
        "\(directory)/shard-\(index).json",
      ])
      #expect(shard.status == 1, "shard \(index): exit \(shard.status): \(shard.output)")
    }
    let merge = try await kit([
      "report", "merge", "\(directory)/shard-1.json", "\(directory)/shard-2.json", "--report-json",
      "\(directory)/report.json",
    ])
    #expect(merge.status == 1, "merge: exit \(merge.status): \(merge.output)")
    let stands = try await kit(["report", "verify", "\(directory)/report.json"])
    #expect(stands.status == 1, "exit \(stands.status): \(stands.output)")
    #expect(stands.output.contains("46 of 932 cases, chosen by --suite window"), "\(stands.output)")
    try edit(directory) { report in
      report["results"] = .array((report["results"]?.arrayValue ?? []).filter { $0["id"] != .string(Self.passing) })
    }
    let dropped = try await kit(["report", "verify", "\(directory)/report.json"])
    #expect(dropped.status == 2, "exit \(dropped.status): \(dropped.output)")
    #expect(dropped.output.contains("(case \(Self.passing) first)"), "\(dropped.output)")
  }

  @Test("--attestation without --report-json is a usage error before anything runs")
  func attestationNeedsReport() async throws {
    let outcome = try await kit(["run", "--suite", "window", "--attestation", "/tmp/never-written.json"])
    #expect(outcome.status == 64 || outcome.status == 2, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("--attestation needs --report-json"), "\(outcome.output)")
  }
}
