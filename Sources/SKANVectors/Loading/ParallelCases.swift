/// The cases of one large vector file, built on two threads (``TwoThreads``) in chunks, each
/// straight into its place in the array: no second copy of the cases while they are built.
enum ParallelCases {
  /// From this many cases a file's cases are built on two threads; smaller files (the kit's
  /// own, loaded two files at a time) are built on the calling thread.
  static let threshold = 4096

  /// Cases per chunk: each thread takes the next chunk as it finishes one.
  static let chunkSize = 1024

  /// The cases `decode` builds for indices `0..<count`, in order, as a loop calling it in order
  /// would give them: those before the first index whose `decode` throws, and that error; and
  /// beside each case its ID's `hashValue`, computed on the thread that built it (for
  /// ``RepeatedIDs``).
  static func build(
    count: Int, _ decode: @escaping @Sendable (Int) throws(VectorsError) -> VectorCase
  ) -> (cases: [VectorCase], failure: VectorsError?, idHashes: [Int]) {
    let chunks = (count + chunkSize - 1) / chunkSize
    let outcomes = ConcurrentResults<(built: Int, failure: VectorsError?), Never>(count: chunks)
    var failure: VectorsError?
    var idHashes = [Int](repeating: 0, count: count)
    let cases = idHashes.withUnsafeMutableBufferPointer { hashes in
      [VectorCase](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let base = buffer.baseAddress, let hashBase = hashes.baseAddress else { return }
        LargePages.prefer(UnsafeMutableRawBufferPointer(buffer))
        let target = Target(base, hashBase)
        TwoThreads.forEach(Array(0..<chunks)) { chunk in
          outcomes.set(chunk) { () -> (built: Int, failure: VectorsError?) in
            let start = chunk * chunkSize
            for index in start..<min(count, start + chunkSize) {
              do throws(VectorsError) {
                (target.base + index).initialize(to: try decode(index))
                target.hashes[index] = target.base[index].id.hashValue
              } catch {
                return (index - start, error)
              }
            }
            return (min(count, start + chunkSize) - start, nil)
          }
        }
        // The cases before the first failure stay; any built after it are dropped.
        var kept = count
        for chunk in 0..<chunks {
          let start = chunk * chunkSize
          let outcome = outcomes.get(chunk) ?? (0, nil)
          if kept < count {
            (base + start).deinitialize(count: outcome.built)
          } else if let error = outcome.failure {
            kept = start + outcome.built
            failure = error
          }
        }
        initialized = kept
      }
    }
    idHashes.removeLast(count - cases.count)
    return (cases, failure, idHashes)
  }

  /// Where the cases and their IDs' hashes go, shared by the two threads, each writing its own
  /// indices. `@unchecked Sendable`: the threads write disjoint elements, read after both are done.
  private final class Target: @unchecked Sendable {
    let base: UnsafeMutablePointer<VectorCase>
    let hashes: UnsafeMutablePointer<Int>
    init(_ base: UnsafeMutablePointer<VectorCase>, _ hashes: UnsafeMutablePointer<Int>) {
      self.base = base
      self.hashes = hashes
    }
  }
}
