import Foundation
import SKANJSON
import SKANTestSupport
import Testing

@testable import SKANVectors

/// A large file's cases handed out as it is read are the loader's cases, in its order, and the
/// set it finishes as is the loader's; a file with a problem anywhere, before, inside or after
/// its cases, finishes with the loader's error for it, and no case at or past a broken one is
/// handed out.
@Suite("Vector files streamed as they are read")
struct VectorStreamTests {
  /// `text` written to a scratch file, opened as a stream whatever its size.
  static func streamed(_ text: String) throws -> (stream: VectorStream?, path: String) {
    let path = ScratchFiles.write(text, suffix: ".json")
    return (VectorStream.open(file: path, minimumBytes: 0), path)
  }

  /// What the loader gives for the file at `path`.
  static func load(_ path: String) -> Result<VectorSet, VectorsError> {
    Result { () throws(VectorsError) in try VectorLoader.load(files: [path]) }
  }

  static func finish(_ stream: VectorStream) async -> Result<VectorSet, VectorsError> {
    do throws(VectorsError) { return .success(try await stream.finish()) } catch { return .failure(error) }
  }

  /// Makes case 0 forty times as long as the others: the cases past the few its length
  /// suggests are built in batches of their own and appended at the end.
  static func longFirstCase(_ members: inout [String: JSONValue]) {
    members["description"] = .string(String(repeating: "A long first case. ", count: 800))
  }

  @Test(
    "every case is handed out in order, as the loader builds it, and the set is the loader's",
    arguments: [false, true])
  func clean(longFirst: Bool) async throws {
    let (opened, path) = try Self.streamed(try LargeFileTests.file(longFirst ? [0: Self.longFirstCase] : [:]))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let stream = try #require(opened)
    let loaded = try Self.load(path).get()
    // The array's buffer takes every case, or (a long first case) a few batches of them.
    #expect((stream.capacity < LargeFileTests.count) == longFirst, "capacity \(stream.capacity)")
    #expect(await stream.available(through: 0) >= 1)
    #expect(await stream.available(through: LargeFileTests.count - 1) == LargeFileTests.count)
    #expect(await stream.available(through: LargeFileTests.count) == LargeFileTests.count, "no case past the last")
    for index in [0, 1_023, 1_024, 2_048, 5_000, LargeFileTests.count - 1] {
      #expect(stream.withCase(index) { $0 == loaded.cases[index] }, "case \(index)")
    }
    let finished = try await Self.finish(stream).get()
    #expect(finished.digest == loaded.digest)
    #expect(finished.cases == loaded.cases)
    #expect(finished.kitVersion == loaded.kitVersion)
    #expect(try await Self.finish(stream).get().digest == loaded.digest, "a second finish gives the same set")
  }

  /// The committed file's text with `target` (which must occur) replaced by `replacement`.
  static func edited(_ target: String, _ replacement: String) throws -> String {
    let text = try LargeFileTests.file()
    let range = try #require(text.range(of: target), "\(target) is in the file")
    return text.replacingCharacters(in: range, with: replacement)
  }

  @Test(
    "a problem anywhere finishes with the loader's error; no case from a broken one on is handed out",
    arguments: [
      ("a requirement the Spec lacks, mid-file", 6_000),
      ("a repeated ID, mid-file", nil),
      ("a syntax error, mid-file", 7_000),
      ("a declared count that differs", nil),
      ("another suite declared", nil),
      ("text after the document", nil),
      ("a case that is not an object, mid-file", 4_096),
    ] as [(String, Int?)])
  func problems(_ problem: String, broken: Int?) async throws {
    let text: String
    switch problem {
    case "a requirement the Spec lacks, mid-file":
      text = try LargeFileTests.file([6_000: LargeFileTests.unknownRequirement])
    case "a repeated ID, mid-file":
      text = try LargeFileTests.file([5_000: LargeFileTests.repeatedID])
    case "a syntax error, mid-file":
      text = try Self.edited(#""id":"window/large-7000""#, #""id":"window/large-7000",,"#)
    case "a declared count that differs":
      text = try Self.edited(#""number_of_cases":10000"#, #""number_of_cases":9999"#)
    case "another suite declared":
      text = try Self.edited(#""suite":"window""#, #""suite":"values""#)
    case "text after the document":
      text = try LargeFileTests.file() + " x"
    default:
      text = try Self.replacingCase(4_096, with: "7")
    }
    let (opened, path) = try Self.streamed(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let stream = try #require(opened, "\(problem): streamed")
    let expected = Self.load(path).failure
    #expect(expected != nil, "\(problem): the loader refuses the file")
    let available = await stream.available(through: LargeFileTests.count)
    if let broken { #expect(available <= broken, "\(problem): \(available) cases handed out") }
    #expect(await Self.finish(stream).failure == expected, "\(problem)")
  }

  /// The committed file's text with case `index` (neither the first nor the last) spelled
  /// `replacement`: its keys are written in order, `basis` first, `id` among them.
  static func replacingCase(_ index: Int, with replacement: String) throws -> String {
    var text = try LargeFileTests.file()
    let before = try #require(text.range(of: "\"id\":\"window/large-\(index - 1)\""))
    let start = try #require(text.range(of: #"},{"basis""#, range: before.upperBound..<text.endIndex))
    let own = try #require(text.range(of: "\"id\":\"window/large-\(index)\""))
    let end = try #require(text.range(of: #"},{"basis""#, range: own.upperBound..<text.endIndex))
    text.replaceSubrange(text.index(after: start.lowerBound)..<end.upperBound, with: ",\(replacement),{\"basis\"")
    return text
  }

  @Test("a file that does not begin as a stream begins is loaded as usual")
  func notStreamed() throws {
    let small = ScratchFiles.write(#"{"cases": [{"id": "window/a"}], "suite": "window"}"#, suffix: ".json")
    defer { try? FileManager.default.removeItem(atPath: small) }
    #expect(VectorStream.open(file: small) == nil ? true : false, "a file under the streamed size")
    for text in [
      #"{"cases": [], "suite": "window", "number_of_cases": 0, "schema_version": 1}"#,
      #"{"cases": [7], "suite": "window", "number_of_cases": 1, "schema_version": 1}"#,
      #"{"cases": {"id": "window/a"}, "suite": "window"}"#,
      #"{"ca\u0073es": [{"id": "window/a"}], "suite": "window"}"#,
      #"{"cases": [{"id": "window\/a"}], "suite": "window"}"#,
      #"{"cases": [{"id": "nosuite/a"}], "suite": "window"}"#,
      #"{"$schema": tru, "cases": [{"id": "window/a"}]}"#,
      "\u{FEFF}" + #"{"cases": [{"id": "window/a"}]}"#,
    ] {
      let (stream, path) = try Self.streamed(text)
      defer { try? FileManager.default.removeItem(atPath: path) }
      #expect(stream == nil ? true : false, "\(text)")
    }
    #expect(VectorStream.open(file: "/nonexistent/vectors.json", minimumBytes: 0) == nil ? true : false)
  }

  @Test("a named pipe is not read: the load that follows reads all of it")
  func namedPipe() async throws {
    let (directory, path) = try ScratchFiles.namedPipe("skan-stream-pipe")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let text = Data(try LargeFileTests.file().utf8)
    // Its open waits for a reader: the stream's, were it to open the pipe, or the one below.
    // A thread of its own, not the pool's: a stream that opened the pipe blocks this one.
    let written = WrittenFlag()
    Thread {
      let handle = FileHandle(forWritingAtPath: path)
      handle?.write(text)
      try? handle?.close()
      written.set()
    }.start()
    #expect(VectorStream.open(file: path, minimumBytes: 0) == nil ? true : false, "not streamed")
    // Give a stream that read the pipe time to have taken it all.
    try await Task.sleep(for: .milliseconds(200))
    guard !written.isSet else {
      Issue.record("the stream read the pipe")
      return
    }
    let read = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile()
    #expect(read == text)
  }

  @Test(
    "a problem in a batch past the estimated capacity is the loader's error; a stream let go unfinished frees its batches"
  )
  func overflowProblem() async throws {
    let (opened, path) = try Self.streamed(
      try LargeFileTests.file([0: Self.longFirstCase, 6_000: LargeFileTests.unknownRequirement]))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let stream = try #require(opened)
    #expect(stream.capacity < 6_000)
    #expect(await stream.available(through: LargeFileTests.count) == 6_000)
    #expect(await Self.finish(stream).failure == Self.load(path).failure)
    // Built into overflow batches and dropped without `finish()`.
    let (unfinished, other) = try Self.streamed(try LargeFileTests.file([0: Self.longFirstCase]))
    defer { try? FileManager.default.removeItem(atPath: other) }
    #expect(await unfinished?.available(through: LargeFileTests.count) == LargeFileTests.count)
    #expect(unfinished?.withCase(LargeFileTests.count - 1) { $0.id } == "window/large-\(LargeFileTests.count - 1)")
  }
}

/// Set once by the writer of a pipe when it has written all and closed it.
private final class WrittenFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}
