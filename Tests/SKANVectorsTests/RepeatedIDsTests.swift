import SKANJSON
import SKANModel
import Testing

@testable import SKANVectors

/// A repeated ID is found from the IDs' hashes as a set of the IDs finds it: the first case, in
/// order, whose ID an earlier case has.
@Suite("Repeated IDs")
struct RepeatedIDsTests {
  func cases(_ ids: [String]) -> [VectorCase] {
    ids.map {
      VectorCase(
        id: $0, suite: .window, description: "d", requirements: ["WIN-1"], basis: .apple, tags: [], input: [:],
        expected: .error(code: "invalid-input", message: ""))
    }
  }

  /// What a set of the IDs finds.
  func firstBySet(_ ids: [String]) -> Int? {
    var seen: Set<String> = []
    return ids.indices.first { !seen.insert(ids[$0]).inserted }
  }

  @Test(
    "the first repeat in order is found, wherever it is",
    arguments: [[], [1_999], [1_000, 5], [3, 1_998], [0, 1, 2]] as [[Int]])
  func repeats(at positions: [Int]) {
    var ids = (0..<2_000).map { "window/case-\($0)" }
    // Case p (p > 0) takes the ID of case p / 2, an earlier one.
    for position in positions where position > 0 { ids[position] = ids[position / 2] }
    let vectors = cases(ids)
    #expect(RepeatedIDs.first(in: vectors, hashes: ids.map(\.hashValue)) == firstBySet(ids))
  }

  @Test("hashes that do not match the cases one for one still find the repeat")
  func mismatchedHashes() {
    var ids = (0..<100).map { "window/case-\($0)" }
    ids[70] = ids[30]
    #expect(RepeatedIDs.first(in: cases(ids), hashes: [1, 2, 3]) == 70)
  }

  /// Equal hashes are only a hint: IDs that all hash alike are still told apart by their text.
  @Test("IDs whose hashes are all equal are compared by their text")
  func colliding() {
    var ids = (0..<500).map { "window/case-\($0)" }
    let vectors = cases(ids)
    #expect(RepeatedIDs.first(in: vectors, hashes: Array(repeating: 42, count: ids.count)) == nil)
    ids[377] = ids[12]
    #expect(RepeatedIDs.first(in: cases(ids), hashes: Array(repeating: 42, count: ids.count)) == 377)
  }
}
