import Foundation
import SKANReporting
import SKANRunner
import SKANTestSupport
import SKANVerdicts
import Testing

/// `run --vectors` over one large file sends its cases as the file is read: the report is the
/// one a run that loads the file first gives, and a problem in the file, met after its first
/// cases were sent, ends the run with the loader's own error and no report.
@Suite("A large vector file run as it is read")
struct StreamedFileTests {
  /// How many cases: a file of several MiB, streamed (a run with `--suite window` loads it first).
  static let count = 10_000

  /// A run of `file` against the reference, with `extra` options; the outcome and the report
  /// it wrote, if any.
  static func run(_ file: String, in directory: String, _ extra: [String] = [], cli: String? = nil) async throws -> (
    KitCommand.Outcome, RunReport?
  ) {
    let report = directory + "/report-\(UUID().uuidString).json"
    let outcome = try await KitCommand.run(
      ["run", "--vectors", file, "--cli", try cli ?? UserVectorTests.reference(), "--report-json", report] + extra)
    guard let data = FileManager.default.contents(atPath: report) else { return (outcome, nil) }
    return (outcome, try JSONReportReader.read(bytes: [UInt8](data)))
  }

  /// Each verdict's case, status, message and differences, in order.
  static func verdicts(_ report: RunReport) -> [String] {
    report.results.map { "\($0.id) \($0.status) \($0.message ?? "") \($0.differences.count)" }
  }

  @Test("every case is run, in order, with the verdicts and digest of a run that loads the file first")
  func clean() async throws {
    let directory = try ScratchFiles.directory("skan-streamed")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/large.json"
    try LargeVectorFile.text(count: Self.count).write(toFile: file, atomically: true, encoding: .utf8)
    let (streamed, streamedReport) = try await Self.run(file, in: directory)
    let (loaded, loadedReport) = try await Self.run(file, in: directory, ["--suite", "window"])
    #expect(streamed.status == 0, "\(streamed.output)")
    #expect(loaded.status == 0, "\(loaded.output)")
    let report = try #require(streamedReport, "no report: \(streamed.output)")
    let other = try #require(loadedReport, "no report: \(loaded.output)")
    #expect(report.complete)
    #expect(report.results.count == Self.count)
    #expect(report.vectorDigest == other.vectorDigest)
    #expect(report.vectorCases == other.vectorCases)
    #expect(Self.verdicts(report) == Self.verdicts(other))
  }

  @Test(
    "a problem mid-file ends the run with the loader's error, exit 4 and no report, after the cases before it ran",
    arguments: [("a requirement the Spec lacks", 6_000), ("a repeated ID", 7_000)])
  func broken(_ problem: String, at index: Int) async throws {
    let directory = try ScratchFiles.directory("skan-streamed")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/large.json"
    let edit = problem == "a repeated ID" ? LargeVectorFile.repeatedID : LargeVectorFile.unknownRequirement
    try LargeVectorFile.text(count: Self.count, edits: [index: edit]).write(
      toFile: file, atomically: true, encoding: .utf8)
    // The reference behind `tee`, which keeps the requests it was sent.
    let sent = (streamed: directory + "/streamed.jsonl", loaded: directory + "/loaded.jsonl")
    func logged(_ log: String) throws -> String {
      "sh -c " + RepositoryPaths.quoted("tee \(RepositoryPaths.quoted(log)) | exec \(try UserVectorTests.reference())")
    }
    let (streamed, streamedReport) = try await Self.run(file, in: directory, cli: try logged(sent.streamed))
    let (loaded, _) = try await Self.run(file, in: directory, ["--suite", "window"], cli: try logged(sent.loaded))
    // Streamed: the cases before the problem went out; loaded: none did.
    let requests = try String(contentsOfFile: sent.streamed, encoding: .utf8).components(separatedBy: "window/large-")
    #expect(requests.count - 1 >= 1_024, "\(problem): \(requests.count - 1) requests sent")
    #expect(!((try? String(contentsOfFile: sent.loaded, encoding: .utf8)) ?? "").contains("window/large-"))
    #expect(streamed.status == 4, "\(problem): \(streamed.output)")
    #expect(streamedReport.map(\.results.count) == nil, "\(problem): a report was written")
    let message = try #require(
      loaded.output.split(separator: "\n").first { $0.hasPrefix("error: invalid vectors:") }, "\(loaded.output)")
    #expect(message.contains(problem == "a repeated ID" ? "window/large-100" : "window/large-\(index)"), "\(message)")
    #expect(streamed.output.split(separator: "\n").contains(message), "\(problem): \(streamed.output)")
  }

  @Test(
    "a problem in the file is named before an implementation that cannot start or an unusable expectations file, as a load names it",
    arguments: [["--cli", "false"], ["--expectations", "/nonexistent/expectations.json"]])
  func problemNamedFirst(_ extra: [String]) async throws {
    let directory = try ScratchFiles.directory("skan-streamed")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/large.json"
    try LargeVectorFile.text(count: Self.count, edits: [6_000: LargeVectorFile.unknownRequirement]).write(
      toFile: file, atomically: true, encoding: .utf8)
    let cli = extra.first == "--cli" ? extra[1] : nil
    let rest = extra.first == "--cli" ? [] : extra
    let (streamed, _) = try await Self.run(file, in: directory, rest, cli: cli)
    let (loaded, _) = try await Self.run(file, in: directory, rest + ["--suite", "window"], cli: cli)
    #expect(loaded.status == 4, "\(loaded.output)")
    #expect(streamed.status == 4, "\(extra): \(streamed.output)")
    let errors = { (outcome: KitCommand.Outcome) in
      outcome.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
    }
    #expect(errors(streamed) == errors(loaded), "\(extra)")
  }
}
