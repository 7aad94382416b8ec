import Foundation
import SKANJSON
import SKANReporting
import SKANRunner
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import Subprocess
import Testing

/// `run --shard I/N` and `report merge`: shards that partition the selection,
/// merged into the report one unsharded run writes, and merges that refuse shards that do not
/// make one run, with exit 2 and a message naming the file and the case.
@Suite("Sharded runs and one merged report")
struct ShardTests {
  typealias Outcome = KitCommand.Outcome

  /// Runs `skan-conform` with `arguments`; standard output and error together.
  func kit(_ arguments: [String]) async throws -> Outcome { try await KitCommand.run(arguments) }

  /// A fresh temporary directory.
  func scratch() throws -> String {
    let path = try ScratchFiles.directory("skan-shards")
    return path
  }

  func read(_ path: String) throws -> RunReport {
    let data = try #require(FileManager.default.contents(atPath: path), "\(path) was not written")
    return try JSONReportReader.read(bytes: Array(data))
  }

  func write(_ report: RunReport, to path: String) throws {
    try Data(CanonicalJSON.pretty(JSONReport.json(report)).utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Runs shards 1/3, 2/3, 3/3 of `selection` against the bundled reference; their paths.
  func shards(in directory: String, selection: [String] = []) async throws -> [String] {
    var paths: [String] = []
    for index in 1...3 {
      let path = "\(directory)/shard-\(index).json"
      let outcome = try await kit(["run", "--shard", "\(index)/3", "--report-json", path] + selection)
      #expect(outcome.status == 0, "shard \(index)/3: exit \(outcome.status): \(outcome.output)")
      paths.append(path)
    }
    return paths
  }

  @Test("the slices of 1/N … N/N partition a selection, balanced, in order")
  func partition() throws {
    for total in [0, 1, 2, 7, 764] {
      for count in 1...9 {
        let items = Array(0..<total)
        let slices = (1...count).map { Shard(index: $0, count: count).slice(items) }
        #expect(slices.flatMap { $0 }.sorted() == items, "\(total) cases in \(count) shards")
        let sizes = slices.map(\.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(total) in \(count): \(sizes)")
        for slice in slices { #expect(slice == slice.sorted()) }
      }
    }
  }

  @Test("--shard is parsed strictly", arguments: ["0/3", "4/3", "1/0", "x", "3", "1/3/5", "-1/3", "1/", "/3", " 1/3"])
  func badSyntax(text: String) {
    guard case .failure(let error) = Shard.parse(text) else {
      Issue.record("\(text) was accepted")
      return
    }
    #expect(error.message.contains("--shard"), "\(error)")
  }

  @Test(
    "a bad --shard, or an empty shard, is exit 2 and no green run", .timeLimit(.minutes(3)),
    arguments: [
      ["--shard", "4/3"], ["--shard", "0/2"], ["--shard", "two/3"], ["--shard", "3"],
      ["--id", "window/p1-48h-exact", "--shard", "2/2"],
    ])
  func badShard(arguments: [String]) async throws {
    let outcome = try await kit(["run"] + arguments)
    #expect(outcome.status == 2, "\(arguments): exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("shard"), "\(arguments): \(outcome.output)")
    #expect(!outcome.output.contains("passed"), "\(arguments): \(outcome.output)")
  }

  @Test("shards 1/3, 2/3, 3/3 merged equal the unsharded run, case by case", .timeLimit(.minutes(4)))
  func mergeEqualsUnsharded() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try await shards(in: directory)
    let whole = "\(directory)/whole.json"
    let unsharded = try await kit(["run", "--report-json", whole])
    #expect(unsharded.status == 0, "\(unsharded.output)")
    let mergedPath = "\(directory)/merged.json"
    let merge = try await kit(
      [
        "report", "merge", paths[2], paths[0], paths[1], "-o", mergedPath, "--junit", "\(directory)/junit.xml",
        "--markdown", "\(directory)/summary.md", "--html", "\(directory)/index.html",
      ])
    #expect(merge.status == 0, "exit \(merge.status): \(merge.output)")

    let expected = try read(whole)
    let merged = try read(mergedPath)
    #expect(merged.complete)
    #expect(merged.shard == nil)
    #expect(merged.vectorDigest == expected.vectorDigest)
    #expect(merged.results.map(\.id) == expected.results.map(\.id))
    #expect(merged.results.map(\.status) == expected.results.map(\.status))
    #expect(merged.results.map(\.message) == expected.results.map(\.message))
    let parts = try paths.map(read)
    #expect(parts.map(\.results.count).reduce(0, +) == expected.results.count)
    for (offset, part) in parts.enumerated() {
      let shard = try #require(part.shard)
      #expect(shard.index == offset + 1 && shard.count == 3)
      #expect(shard.selectedTotal == expected.results.count)
    }
    for name in ["junit.xml", "summary.md", "index.html", "index.badge.svg", "index.badge.json"] {
      #expect(FileManager.default.fileExists(atPath: "\(directory)/\(name)"), "\(name) was not written")
    }
  }

  /// A merge of the three shards after `edit` changed them; it must exit 2 naming `expected`.
  func refusal(
    _ what: Comment, naming expected: @escaping ([String], [RunReport]) -> [String],
    edit: ([String], inout [RunReport]) throws -> Void
  ) async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try await shards(in: directory, selection: ["--suite", "window,values"])
    var reports = try paths.map(read)
    let original = reports
    try edit(paths, &reports)
    for (path, report) in zip(paths, reports) { try write(report, to: path) }
    let output = "\(directory)/merged.json"
    let outcome = try await kit(["report", "merge"] + paths + ["-o", output])
    #expect(outcome.status == 2, "\(what): exit \(outcome.status): \(outcome.output)")
    for text in expected(paths, original) {
      #expect(outcome.output.contains(text), "\(what): no '\(text)' in: \(outcome.output)")
    }
    #expect(!FileManager.default.fileExists(atPath: output), "\(what): a merged report was written")
  }

  @Test("merge refuses shards of different vector digests", .timeLimit(.minutes(4)))
  func differentDigests() async throws {
    try await refusal("different digests", naming: { paths, _ in [paths[1], "vector_digest"] }) { _, reports in
      reports[1].vectorDigest = String(repeating: "0", count: 64)
    }
  }

  @Test("merge refuses a missing case, naming it and the shard's file", .timeLimit(.minutes(4)))
  func missingCase() async throws {
    try await refusal(
      "a missing case", naming: { paths, reports in [reports[1].results[2].id, "missing", paths[1]] }
    ) { _, reports in
      reports[1].results.remove(at: 2)
    }
  }

  @Test("merge refuses a doubled case, naming it and both files", .timeLimit(.minutes(4)))
  func doubledCase() async throws {
    try await refusal(
      "a doubled case", naming: { paths, reports in [reports[0].results[0].id, "doubled", paths[0], paths[2]] }
    ) { _, reports in
      reports[2].results.append(reports[0].results[0])
    }
  }

  @Test("merge refuses an incomplete shard, naming its file", .timeLimit(.minutes(4)))
  func incompleteShard() async throws {
    try await refusal("an incomplete shard", naming: { paths, _ in [paths[2], "incomplete"] }) { _, reports in
      reports[2].complete = false
    }
  }

  @Test("merge refuses another implementation, and vectors that are not the shards'", .timeLimit(.minutes(4)))
  func otherImplementationOrVectors() async throws {
    try await refusal("another implementation", naming: { paths, _ in [paths[2], "header.implementation"] }) {
      _, reports in
      reports[2].implementation.version = "9.9.9"
    }
    try await refusal("other vectors", naming: { _, _ in ["--vectors"] }) { _, reports in
      for index in reports.indices { reports[index].vectorDigest = String(repeating: "0", count: 64) }
    }
  }

  @Test(
    "merge refuses shards run against another endpoint or command, naming both targets", .timeLimit(.minutes(4)))
  func otherTarget() async throws {
    try await refusal("another command", naming: { paths, reports in [paths[1], "header.target", reports[0].target] }) {
      _, reports in
      reports[1].target += " --against-staging"
    }
    try await refusal("another endpoint", naming: { paths, _ in [paths[2], "http http://127.0.0.1:9/"] }) {
      _, reports in
      reports[2].transport = .http
      reports[2].target = "http://127.0.0.1:9/"
    }
  }

  @Test("merge refuses a missing shard, naming it and its first case", .timeLimit(.minutes(4)))
  func missingShard() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try await shards(in: directory, selection: ["--suite", "window"])
    let second = try read(paths[1])
    let outcome = try await kit(["report", "merge", paths[0], paths[2], "-o", "\(directory)/merged.json"])
    #expect(outcome.status == 2, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("shard 2/3 is missing"), "\(outcome.output)")
    #expect(outcome.output.contains("case \(second.results[0].id) first"), "\(outcome.output)")
  }

  @Test("--allow-incomplete merges an interrupted shard into an incomplete report, exit 1", .timeLimit(.minutes(4)))
  func allowIncomplete() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try await shards(in: directory, selection: ["--suite", "window"])
    var last = try read(paths[2])
    last.results.removeLast()
    last.complete = false
    try write(last, to: paths[2])
    let output = "\(directory)/merged.json"
    let outcome = try await kit(["report", "merge", "--allow-incomplete", "-o", output] + paths)
    #expect(outcome.status == 1, "exit \(outcome.status): \(outcome.output)")
    let merged = try read(output)
    #expect(!merged.complete)
    #expect(merged.results.count == (last.shard?.selectedTotal ?? 0) - 1)
  }

  @Test("merge refuses a shard given twice and a report that is not a shard", .timeLimit(.minutes(4)))
  func notOneRun() async throws {
    try await refusal("the same shard twice", naming: { paths, _ in [paths[1], "shard 1/3 again"] }) { _, reports in
      reports[1] = reports[0]
    }
    try await refusal("no shard", naming: { paths, _ in [paths[0], "header.shard"] }) { _, reports in
      reports[0].shard = nil
    }
  }

  @Test("a shard's console summary and JUnit file say which shard it is; an unsharded run's do not")
  func shardNamedInReports() throws {
    var report = RunReport(
      kitVersion: "0", vectorDigest: "d",
      implementation: ImplementationIdentity(name: "fake", version: "1", language: "none", suites: []),
      transport: .stdio,
      target: "fake", startedAt: "t", results: [], complete: true)
    #expect(!ConsoleReport.text(report, color: false).contains("shard"))
    #expect(JUnitReport.xml(report).contains("<testsuites name=\"skan-conform\" "))
    report.shard = Shard(index: 2, count: 3, selectedTotal: 800)
    #expect(ConsoleReport.text(report, color: false).contains("shard 2/3: 0 of the 800 selected cases"))
    #expect(JUnitReport.xml(report).contains("<testsuites name=\"skan-conform shard 2/3\" "))
  }

  @Test("the shard survives the JSON report and back")
  func roundTrip() throws {
    var report = RunReport(
      kitVersion: "1.0.0", vectorDigest: String(repeating: "a", count: 64),
      implementation: ImplementationIdentity(name: "n", version: "1", language: "swift", suites: ["window"]),
      transport: .stdio, target: "t", startedAt: "2026-11-23T00:00:00Z", results: [], complete: true)
    let selection = CaseSelection(
      suites: ["window", "values"], idGlobs: ["window/*"], tags: ["edge"], requirements: [])
    report.shard = Shard(index: 2, count: 5, selection: selection, selectedTotal: 41)
    let back = try JSONReportReader.read(JSONReport.json(report))
    #expect(back.shard == report.shard)
    report.shard = nil
    #expect(try JSONReportReader.read(JSONReport.json(report)).shard == nil)
  }
}

/// `report merge` judges every result again against its vector: shards of a run of a failing
/// implementation (a mutant of the reference) merge as they were written, and do not once a
/// result's status or expectation is edited.
@Suite("A merge judges every result again")
struct MergeRejudgingTests {
  /// Runs shards 1/3, 2/3, 3/3 of the window suite against a mutant that fails some of its
  /// cases; their paths.
  func failingShards(in directory: String) async throws -> [String] {
    let binary = try #require(RepositoryPaths.kitBinary, "skan-conform was not found beside the test bundle")
    let mutant = "\(RepositoryPaths.quoted(binary)) reference --stdio --mutant window/inclusive-edges"
    var paths: [String] = []
    for index in 1...3 {
      let path = "\(directory)/shard-\(index).json"
      let outcome = try await KitCommand.run(
        ["run", "--cli", mutant, "--suite", "window", "--shard", "\(index)/3", "--report-json", path])
      #expect(outcome.status == 1, "shard \(index)/3: exit \(outcome.status): \(outcome.output)")
      paths.append(path)
    }
    return paths
  }

  func read(_ path: String) throws -> JSONValue {
    try JSONParser.parse(bytes: Array(try #require(FileManager.default.contents(atPath: path), "\(path) is missing")))
  }

  /// `path`'s report with `edit` applied to the last failing result (its shard's index
  /// among the results is past the first); the edited case's ID.
  func editLastFailure(_ path: String, _ edit: (inout [String: JSONValue]) -> Void) throws -> String {
    guard case .object(var root) = try read(path), case .array(var results)? = root["results"] else {
      throw ReportError("\(path) has no results")
    }
    let index = try #require(results.lastIndex { $0["status"] == "fail" }, "\(path) has no failure")
    #expect(index > 0, "the edited result is not the shard's first")
    guard case .object(var result) = results[index], let id = result["id"]?.stringValue else {
      throw ReportError("\(path): results[\(index)] is not a result")
    }
    #expect(result["actual"] != nil, "the failure records its reply")
    edit(&result)
    results[index] = .object(result)
    root["results"] = .array(results)
    try CanonicalJSON.pretty(.object(root)).write(toFile: path, atomically: true, encoding: .utf8)
    return id
  }

  @Test(
    "a failure edited to pass, or given an expected_status without an expectations file, is refused; untouched shards merge",
    .timeLimit(.minutes(5)))
  func editedShardsRefused() async throws {
    let directory = try ScratchFiles.directory("skan-rejudge")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try await failingShards(in: directory)
    let pristine = try paths.map { try #require(FileManager.default.contents(atPath: $0)) }

    // Untouched: merged as before, the failures kept, exit 1.
    let merged = "\(directory)/merged.json"
    let untouched = try await KitCommand.run(["report", "merge"] + paths + ["-o", merged])
    #expect(untouched.status == 1, "exit \(untouched.status): \(untouched.output)")
    let report = try JSONReportReader.read(bytes: Array(try #require(FileManager.default.contents(atPath: merged))))
    let shardResults = try paths.map {
      try JSONReportReader.read(bytes: Array(try #require(FileManager.default.contents(atPath: $0)))).results
    }
    #expect(report.results.count == shardResults.map(\.count).reduce(0, +))
    let failures = report.results.filter { $0.status == .fail }.count
    #expect(
      failures >= 3 && failures == shardResults.joined().filter { $0.status == .fail }.count, "\(failures) failure(s)")
    try FileManager.default.removeItem(atPath: merged)

    // A failure in the middle of shard 2 edited to pass, its reply kept.
    let passed = try editLastFailure(paths[1]) { result in
      result["status"] = "pass"
      result["unexpected"] = false
    }
    let forged = try await KitCommand.run(["report", "merge"] + paths + ["-o", merged])
    #expect(forged.status == 2, "exit \(forged.status): \(forged.output)")
    #expect(forged.output.contains("\(paths[1]): case \(passed) is recorded as pass"), "\(forged.output)")
    #expect(forged.output.contains("judged fail"), "\(forged.output)")
    #expect(!FileManager.default.fileExists(atPath: merged), "a merged report was written")

    // The same failure given an expected_status, with no expectations file.
    try pristine[1].write(to: URL(fileURLWithPath: paths[1]))
    let expected = try editLastFailure(paths[1]) { result in
      result["expected_status"] = "fail"
      result["expectation_reason"] = "known"
      result["unexpected"] = false
    }
    let claimed = try await KitCommand.run(["report", "merge"] + paths + ["-o", merged])
    #expect(claimed.status == 2, "exit \(claimed.status): \(claimed.output)")
    #expect(
      claimed.output.contains("\(paths[1]): case \(expected) names expected_status fail, but no expectations file"),
      "\(claimed.output)")
    #expect(!FileManager.default.fileExists(atPath: merged), "a merged report was written")
  }
}
