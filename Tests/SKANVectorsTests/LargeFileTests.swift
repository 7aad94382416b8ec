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

  /// The large file with `edits` applied.
  static func file(_ edits: [Int: LargeVectorFile.Edit] = [:]) throws -> String {
    try LargeVectorFile.text(count: count, edits: edits)
  }

  static let unknownRequirement = LargeVectorFile.unknownRequirement
  static let repeatedID = LargeVectorFile.repeatedID

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
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
