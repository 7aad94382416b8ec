/// Finds a repeated case ID in a large file from the IDs' hashes, computed beside the cases on
/// the threads that built them: one pass over a table of indices, where a set of the IDs
/// would hash, retain and store each ID again on one thread (a twelfth of a 200,000-case
/// file's load).
///
/// The hashes are `String.hashValue`, seeded afresh in each process, so a file cannot be
/// made to collide; two IDs are compared only when their hashes are equal.
enum RepeatedIDs {
  /// The index of the first case in `cases` whose ID an earlier case has; `nil` when every ID
  /// differs. `hashes[i]` is `cases[i].id.hashValue`.
  static func first(in cases: [VectorCase], hashes: [Int]) -> Int? {
    // Hashes that do not match the cases one for one, or more cases than the table's indices
    // hold, are checked with a set instead (neither happens with the loader's own hashes).
    guard cases.count == hashes.count, cases.count < Int(Int32.max) else {
      var seen: Set<String> = []
      return cases.indices.first { !seen.insert(cases[$0].id).inserted }
    }
    var capacity = 16
    while capacity < cases.count * 2 { capacity <<= 1 }
    let mask = capacity - 1
    var table = [Int32](repeating: -1, count: capacity)
    return table.withUnsafeMutableBufferPointer { table -> Int? in
      for index in cases.indices {
        var slot = hashes[index] & mask
        while true {
          let other = Int(table[slot])
          if other < 0 {
            table[slot] = Int32(truncatingIfNeeded: index)
            break
          }
          if hashes[other] == hashes[index], cases[other].id == cases[index].id { return index }
          slot = (slot + 1) & mask
        }
      }
      return nil
    }
  }
}
