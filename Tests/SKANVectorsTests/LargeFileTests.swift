import Foundation
import SKANJSON
import SKANTestSupport
import SKANVectors
import Testing

/// A file of thousands of cases is built on two threads; what it loads as, and the error a
/// broken one gets, are those of a reading in case order.
@Suite("Large vector files")
struct LargeFileTests {
  /// How many cases: enough for several chunks on each thread.
  static let count = 10_000

  /// The committed window cases, repeated under new IDs, with `edit` applied to case `index`.
  static func file(_ edits: [Int: (inout [String: JSONValue]) -> Void] = [:]) throws -> String {
    let data = try #require(FileManager.default.contents(atPath: RepositoryPaths.vectors + "/window.json"))
    let committed = try #require(try JSONParser.parse(bytes: Array(data))["cases"]?.arrayValue)
    var cases: [JSONValue] = []
    cases.reserveCapacity(count)
    for index in 0..<count {
      var members = try #require(committed[index % committed.count].objectValue)
      members["id"] = .string("window/large-\(index)")
      edits[index]?(&members)
      cases.append(.object(members))
    }
    let document: JSONValue = [
      "schema_version": 1, "suite": "window", "number_of_cases": .integer(count), "cases": .array(cases),
    ]
    return CanonicalJSON.compact(document)
  }

  static func unknownRequirement(_ members: inout [String: JSONValue]) { members["requirements"] = ["NOPE-1"] }
  static func repeatedID(_ members: inout [String: JSONValue]) { members["id"] = "window/large-100" }

  static func load(_ text: String) -> Result<VectorFile, VectorsError> {
    Result { () throws(VectorsError) in try VectorLoader.decodeFile(text, name: "large.json") }
  }

  @Test("every case loads, in the file's order")
  func clean() throws {
    let file = try Self.load(try Self.file()).get()
    #expect(file.cases.count == Self.count)
    #expect(file.cases.map(\.id) == (0..<Self.count).map { "window/large-\($0)" })
  }

  @Test("the first broken case in the file's order is the one named, wherever the threads were")
  func firstProblemInOrder() throws {
    let broken = Self.load(try Self.file([6_000: Self.unknownRequirement, 9_500: Self.unknownRequirement]))
    #expect(
      broken.failure == .unknownRequirement(file: "large.json", caseID: "window/large-6000", requirement: "NOPE-1"))

    // A repeated ID before the broken case is named first; after it, the broken case is.
    let repeatedFirst = Self.load(try Self.file([5_000: Self.repeatedID, 7_000: Self.unknownRequirement]))
    #expect(repeatedFirst.failure == .duplicateID(id: "window/large-100", file: "large.json", firstFile: "large.json"))
    let brokenFirst = Self.load(try Self.file([3_000: Self.unknownRequirement, 8_000: Self.repeatedID]))
    #expect(
      brokenFirst.failure == .unknownRequirement(file: "large.json", caseID: "window/large-3000", requirement: "NOPE-1")
    )
  }
}

extension Result {
  /// The error, or `nil` for a success.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
