import Foundation
import SKANJSON
import SKANTestSupport
import Testing

/// `skan-conform audit` and `audit merge` as a user runs them: the corpus's verdicts and exit
/// codes, shards merged as the whole file, and hostile files refused with the line named and
/// nothing shown raw.
@Suite("The audit command")
struct AuditCommandTests {
  typealias Outcome = KitCommand.Outcome

  static let corpus = RepositoryPaths.fixture("audit")
  static let arrivals = corpus + "/arrivals.jsonl"
  static let receiver = corpus + "/receiver.json"

  func kit(_ arguments: [String]) async throws -> Outcome { try await KitCommand.run(arguments) }

  /// A new empty directory.
  func directory() throws -> String {
    let path = try ScratchFiles.directory("skan-audit")
    return path
  }

  func lines(_ path: String) throws -> [String] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n").map(String.init)
  }

  @Test("a double-counting receiver is named arrival by arrival and fails the audit")
  func doubleCounting() async throws {
    let outcome = try await kit([
      "audit", Self.arrivals, "--receiver", Self.receiver, "--claimed", Self.corpus + "/claimed-double.jsonl",
    ])
    #expect(outcome.status == 1, "\(outcome.output)")
    let expected = try JSONParser.parse(String(contentsOfFile: Self.corpus + "/expected.json", encoding: .utf8))
    let first = try #require(expected["double_counted_lines"]?.arrayValue?.first?.exactInteger)
    #expect(outcome.output.contains("line \(first): duplicate-counted (a duplicate of line "), "\(outcome.output)")
    #expect(outcome.output.contains("result: NOT CLEAN"))
  }

  @Test("a receiver that agrees on traffic with nothing impossible passes")
  func clean() async throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let records = folder + "/records.jsonl"
    _ = try await kit(["audit", Self.arrivals, "--receiver", Self.receiver, "--arrivals-out", records])
    // Keep the arrivals without findings (impossible bodies are never retried, so no status moves).
    let arrivals = try lines(Self.arrivals)
    let claimed = try lines(Self.corpus + "/claimed-honest.jsonl")
    var keptArrivals = ""
    var keptClaimed = ""
    for (index, record) in try lines(records).enumerated() {
      let value = try JSONParser.parse(record)
      guard value["findings"]?.arrayValue?.isEmpty == true else { continue }
      keptArrivals += arrivals[index] + "\n"
      keptClaimed += claimed[index] + "\n"
    }
    try keptArrivals.write(toFile: folder + "/arrivals.jsonl", atomically: true, encoding: .utf8)
    try keptClaimed.write(toFile: folder + "/claimed.jsonl", atomically: true, encoding: .utf8)
    let outcome = try await kit([
      "audit", folder + "/arrivals.jsonl", "--receiver", Self.receiver, "--claimed", folder + "/claimed.jsonl",
    ])
    #expect(outcome.status == 0, "\(outcome.output)")
    #expect(outcome.output.contains("result: CLEAN: the receiver's outcome agrees on every arrival"))
  }

  @Test("two shards merged are the whole file's report and arrivals, byte for byte but the shard")
  func shards() async throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let claimed = Self.corpus + "/claimed-double.jsonl"
    let whole = try await kit([
      "audit", Self.arrivals, "--receiver", Self.receiver, "--claimed", claimed, "--report-json",
      folder + "/whole.json", "--arrivals-out", folder + "/whole.jsonl",
    ])
    #expect(whole.status == 1)
    for index in 1...2 {
      let part = try await kit([
        "audit", Self.arrivals, "--receiver", Self.receiver, "--claimed", claimed, "--shard", "\(index)/2",
        "--report-json", folder + "/\(index).json", "--arrivals-out", folder + "/\(index).jsonl",
      ])
      #expect(part.status == 1, "shard \(index): \(part.output)")
    }
    let merged = try await kit([
      "audit", "merge", folder + "/2.json", folder + "/1.json", "--arrivals", folder + "/1.jsonl", folder + "/2.jsonl",
      "--arrivals-out", folder + "/merged.jsonl", "--report-json", folder + "/merged.json",
    ])
    #expect(merged.status == 1, "\(merged.output)")
    #expect(try lines(folder + "/merged.jsonl") == (try lines(folder + "/whole.jsonl")))
    var wholeReport = try JSONParser.parse(String(contentsOfFile: folder + "/whole.json", encoding: .utf8))
    let mergedReport = try JSONParser.parse(String(contentsOfFile: folder + "/merged.json", encoding: .utf8))
    #expect(mergedReport["header"]?["shard"]?.stringValue == "merged 2")
    wholeReport = wholeReport.setting("header", wholeReport["header"]?.setting("shard", "merged 2"))
    #expect(CanonicalJSON.compact(wholeReport) == CanonicalJSON.compact(mergedReport))

    let missing = try await kit(["audit", "merge", folder + "/1.json"])
    #expect(missing.status == 2 && missing.output.contains("shards missing: 2/2"), "\(missing.output)")
    let twice = try await kit(["audit", "merge", folder + "/1.json", folder + "/1.json"])
    #expect(twice.status == 2 && twice.output.contains("is given twice"), "\(twice.output)")
    let mixed = try await kit(["audit", "merge", folder + "/1.json", folder + "/whole.json"])
    #expect(mixed.status == 2, "\(mixed.output)")
  }

  /// The corpus's first `count` lines, then `line`, then the rest: a fault mid-file.
  func corpusWith(_ line: String, after count: Int) throws -> String {
    var all = try lines(Self.arrivals)
    all.insert(line, at: count)
    return ScratchFiles.write(all.joined(separator: "\n").appending("\n"), suffix: ".jsonl")
  }

  @Test(
    "a hostile line stops the audit with the line named, exit 2, nothing raw",
    arguments: [
      (
        "{\"at\":1764000100000,\"path\":\"/postbacks\",\"body\":\"" + String(repeating: "x", count: 1_100_000) + "\"}",
        "longer than"
      ),
      (
        "{\"at\":1764000100000,\"path\":\"/postbacks\",\"body\":" + String(repeating: "[", count: 100_000) + "}",
        "not JSON"
      ),
      ("{\"at\":1764000100000,\"path\":\"/post\\u001b[2Jbacks\\u0007\",\"body\":{}}", "is not one of the receiver's"),
      ("{\"at\":1,\"path\":\"/postbacks\",\"body\":{}}", "earlier than the arrival before it"),
      ("{\"at\":1764000100000,\"path\":\"/postbacks\"}", "`body` is missing"),
      ("[1,2,3]", "not a JSON object"),
      ("{\"at\":\"yesterday\",\"path\":\"/postbacks\",\"body\":{}}", "`at` must be"),
      ("{\"at\":1764000100000,\"path\":\"/postbacks\",\"body\":{}\u{1B}]0;pwned\u{7}", "not JSON"),
    ])
  func hostile(line: String, message: String) async throws {
    let path = try corpusWith(line, after: 150)
    let outcome = try await kit(["audit", path, "--receiver", Self.receiver])
    #expect(outcome.status == 2, "\(message): \(outcome.output.prefix(500))")
    #expect(outcome.output.contains("line 151"), "\(message): \(outcome.output.prefix(500))")
    #expect(outcome.output.contains(message), "\(outcome.output.prefix(500))")
    #expect(!outcome.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "raw control characters")
    #expect(outcome.output.utf8.count < 10_000, "the line is not echoed")
  }

  @Test("bytes that are not UTF-8, bodies with a hundred thousand and a million members, and an empty file")
  func oddFiles() async throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var bytes = Array(try lines(Self.arrivals).prefix(20).joined(separator: "\n").utf8) + [0x0A]
    bytes +=
      Array("{\"at\":1764000100000,\"path\":\"/postbacks\",\"body\":\"".utf8) + [0xFF, 0xFE] + Array("\"}\n".utf8)
    _ = FileManager.default.createFile(atPath: folder + "/utf8.jsonl", contents: Data(bytes))
    let utf8 = try await kit(["audit", folder + "/utf8.jsonl", "--receiver", Self.receiver])
    #expect(utf8.status == 2 && utf8.output.contains("line 21"), "\(utf8.output.prefix(500))")

    let members = (0..<100_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let wide = "{\"at\":1764000100000,\"path\":\"/postbacks\",\"body\":{\(members)}}\n"
    try wide.write(toFile: folder + "/wide.jsonl", atomically: true, encoding: .utf8)
    let many = try await kit([
      "audit", folder + "/wide.jsonl", "--receiver", Self.receiver, "--max-line-bytes", "4194304",
    ])
    #expect(many.status == 0, "\(many.output.prefix(500))")
    #expect(many.output.contains("rejected 1"), "\(many.output.prefix(500))")

    // A million members: refused by the default line bound with the line named, judged (a
    // body that is not a postback) under a raised one.
    var million = Array("{\"at\":1764000100000,\"path\":\"/postbacks\",\"body\":{".utf8)
    million.reserveCapacity(16_000_000)
    for index in 0..<1_000_000 { million += Array("\"k\(index)\":0,".utf8) }
    million[million.count - 1] = UInt8(ascii: "}")
    million += Array("}\n".utf8)
    _ = FileManager.default.createFile(atPath: folder + "/million.jsonl", contents: Data(million))
    let bounded = try await kit(["audit", folder + "/million.jsonl", "--receiver", Self.receiver])
    #expect(bounded.status == 2 && bounded.output.contains("line 1: longer than"), "\(bounded.output.prefix(500))")
    let raised = try await kit([
      "audit", folder + "/million.jsonl", "--receiver", Self.receiver, "--max-line-bytes", "33554432",
    ])
    #expect(raised.status == 0 && raised.output.contains("rejected 1"), "\(raised.output.prefix(500))")

    _ = FileManager.default.createFile(atPath: folder + "/empty.jsonl", contents: Data())
    let empty = try await kit(["audit", folder + "/empty.jsonl", "--receiver", Self.receiver])
    #expect(empty.status == 1 && empty.output.contains("nothing was audited"), "\(empty.output)")

    let short = try await kit([
      "audit", Self.arrivals, "--receiver", Self.receiver, "--claimed", folder + "/wide.jsonl",
    ])
    #expect(short.status == 2, "\(short.output.prefix(500))")
    let noReceiver = try await kit(["audit", Self.arrivals, "--receiver", folder + "/none.json"])
    #expect(noReceiver.status == 2 && noReceiver.output.contains("none.json"), "\(noReceiver.output)")
  }
}
