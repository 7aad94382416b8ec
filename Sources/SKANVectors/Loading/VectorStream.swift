import Foundation
import SKANJSON
import SKANVocabulary

/// The cases of one large vector file, handed out in order while the rest of the file is
/// read: a run sends its first cases while the others are parsed and built, instead of
/// waiting for the whole load (docs/benchmarks.md).
///
/// ``open(file:minimumBytes:)`` reads the file; a thread of its own then summarizes its cases
/// ``batchSize`` at a time (``JSONParser/summarizeElements(bytes:from:summarizing:batch:deliver:)``)
/// and builds each batch with the loader's own decoding, and ``available(through:)`` waits for
/// a case. Once every case is built, that thread parses the rest of the document, stepping
/// over the cases it checked (``JSONParser/parse(bytes:summarizing:within:tail:)``), and checks
/// the file as the loader does. ``finish()`` gives the set ``VectorLoader/load(files:)`` gives for
/// the file. On any problem it decodes the file's bytes again with the loader, whose error is
/// then the one thrown: errors are the loader's own, in its order, and the cases handed out
/// before belong to no set (the run that sent them has no report).
///
/// The cases are built straight into the buffer of the array the set gets, its capacity
/// estimated from the first case's length (pages past the cases are never touched); a case past
/// it goes into a batch of its own (`overflow`), appended to the array at the end.
///
/// `@unchecked Sendable`: `base`, `cases`, `overflow`, `built`, `ended`, `outcome`, `waiters`
/// and `result` are written under `lock`; the building thread alone writes the cases, each
/// before `built` counts it, and `hashes` before `ended` is set; a reader reads a case only
/// below a count `built` gave, having taken `lock` since.
public final class VectorStream: @unchecked Sendable, CustomStringConvertible {
  /// The smallest file streamed: below it the whole load takes a few milliseconds.
  public static let worthwhileBytes = 1 << 20

  /// The cases summarized and built at a time, and made available together.
  static let batchSize = 1024

  /// The most cases the array's buffer is made for before any is read (its pages are only
  /// reserved until written): a file whose first case is short cannot reserve gigabytes.
  static let largestCapacity = 1 << 20

  private let bytes: [UInt8]
  private let name: String
  private let suite: Suite
  /// Where the first case starts.
  private let first: Int
  /// How many cases the array's buffer takes: a multiple of ``batchSize``.
  let capacity: Int
  private let lock = NSLock()
  /// The array's buffer while the cases are built; the array once they are.
  private var base: UnsafeMutablePointer<VectorCase>?
  private var cases: [VectorCase] = []
  /// The batches past `capacity`, each of ``batchSize`` cases at most.
  private var overflow: [UnsafeMutablePointer<VectorCase>] = []
  private var built = 0
  private var ended = false
  /// The bytes' SHA-256 when every case was built and the file checked out; `nil` otherwise.
  private var outcome: String?
  /// Each case's ID's `hashValue`, in order (``RepeatedIDs``).
  private var hashes: [Int] = []
  private var waiters: [(index: Int, continuation: CheckedContinuation<Int, Never>)] = []
  private var result: Result<VectorSet, VectorsError>?

  private init(bytes: [UInt8], name: String, suite: Suite, first: Int, firstLength: Int) {
    self.bytes = bytes
    self.name = name
    self.suite = suite
    self.first = first
    // A quarter more cases than the first case's length suggests, but never more than one
    // for each 64 bytes (a case takes more) nor than ``largestCapacity``: the rest, if any,
    // go to `overflow`.
    let estimate = min(
      (bytes.count - first) / max(64, firstLength + 1) * 5 / 4, bytes.count / 64, Self.largestCapacity)
    capacity = (estimate / Self.batchSize + 1) * Self.batchSize
  }

  deinit {
    var left = max(0, built - capacity)
    for chunk in overflow {
      chunk.deinitialize(count: min(left, Self.batchSize))
      left -= min(left, Self.batchSize)
      chunk.deallocate()
    }
  }

  /// The file's name and the cases built so far: never its bytes, which a reflection of the
  /// object (a test's failure message) would otherwise print one by one.
  public var description: String {
    "the cases of \(name) as it is read (\(lock.withLock { built }) built)"
  }

  /// Reads the vector file at `path` and starts building its cases; `nil` when the file is
  /// not one to stream (the caller loads it as usual, which says what is wrong with it): it is
  /// not a regular file (a named pipe is never read here), cannot be read, is smaller than
  /// `minimumBytes`, or its `cases` do not begin, as a parse
  /// reads the document, with an object whose `id` names a suite (`suite/slug`, the suite the
  /// file must declare).
  public static func open(file path: String, minimumBytes: Int = worthwhileBytes) -> VectorStream? {
    let name = (path as NSString).lastPathComponent
    // A regular file only: a pipe read here could not be read again by the caller's load.
    guard FileBytes.isRegularFile(path, atLeast: minimumBytes),
      let bytes = try? VectorLoader.readBytes(path, name: name), bytes.count >= minimumBytes,
      let first = JSONParser.firstElement(in: bytes, within: "cases")
    else { return nil }
    // The suite, from the first case's ID: a file as the kit writes it lists its members in
    // order, `cases` before `suite`.
    var id: String?
    var length = 0
    _ = JSONParser.summarizeElements(bytes: bytes, from: first, summarizing: VectorLoader.caseMembers, batch: 1) {
      summaries in
      id = summaries.member(0, of: 0).flatMap { span in
        bytes.withUnsafeBufferPointer { CheckedSpanReader.plainString($0, span) }
      }
      length = summaries.span(of: 0)?.count ?? 0
      return false
    }
    guard let id, let slash = id.firstIndex(of: "/"), let suite = Suite(rawValue: String(id[..<slash])) else {
      return nil
    }
    let stream = VectorStream(bytes: bytes, name: name, suite: suite, first: first, firstLength: length)
    Thread { stream.build() }.start()
    return stream
  }

  /// Returns how many cases are built once the case at `index` is, or once every case that
  /// will be is (fewer when the file ends before `index` or has a problem there), suspending
  /// the task meanwhile.
  public func available(through index: Int) async -> Int {
    if let count = lock.withLock({ built > index || ended ? built : nil }) { return count }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
      let count = lock.withLock { () -> Int? in
        if built > index || ended { return built }
        waiters.append((index, continuation))
        return nil
      }
      if let count { continuation.resume(returning: count) }
    }
  }

  /// Calls `body` with the case at `index`, read in place; only for an index below a count
  /// ``available(through:)`` gave, and before ``finish()``.
  public func withCase<Result>(_ index: Int, _ body: (borrowing VectorCase) -> Result) -> Result {
    body(casePointer(index).pointee)
  }

  /// Where the case at `index` is, for ``withCase(_:_:)`` and for a caller in this package that
  /// reads it in place through a function of its own: a generic call across modules copies
  /// the case it is handed (a retain and a release of each of its members). The same
  /// conditions as ``withCase(_:_:)``; the address holds until ``finish()``.
  package func casePointer(_ index: Int) -> UnsafePointer<VectorCase> {
    // `base` is the buffer `Array(unsafeUninitializedCapacity:)` filled, still the array's
    // (held in `cases`, never mutated) after its initializer returned; `nil` after `finish()`.
    if index < capacity, let base { return UnsafePointer(base + index) }
    precondition(index >= capacity, "a streamed case read after finish()")
    let chunk = lock.withLock { overflow[(index - capacity) / Self.batchSize] }
    return UnsafePointer(chunk + (index - capacity) % Self.batchSize)
  }

  /// The set ``VectorLoader/load(files:)`` gives for the file, once every case is built: the
  /// cases handed out are moved into it, so ``withCase(_:_:)`` may no longer be called.
  /// - Throws: the ``VectorsError`` the loader throws for the file's bytes;
  ///   ``VectorsError/io(file:reason:)`` should the loader accept what the stream did not.
  public func finish() async throws(VectorsError) -> VectorSet {
    _ = await available(through: .max)
    return try lock.withLock { () -> Result<VectorSet, VectorsError> in
      if let result { return result }
      let made = finishLocked()
      result = made
      return made
    }.get()
  }

  /// ``finish()``'s result, under `lock`, after the building thread has ended.
  private func finishLocked() -> Result<VectorSet, VectorsError> {
    var cases = self.cases
    self.cases = []
    base = nil
    var left = max(0, built - capacity)
    for chunk in overflow {
      let moved = min(left, Self.batchSize)
      cases.append(contentsOf: UnsafeBufferPointer(start: chunk, count: moved))
      chunk.deinitialize(count: moved)
      chunk.deallocate()
      left -= moved
    }
    overflow = []
    if let sha256 = outcome, cases.count == built, RepeatedIDs.first(in: cases, hashes: hashes) == nil {
      return .success(VectorLoader.looseSet([(VectorFile(suite: suite, cases: cases), sha256)]))
    }
    do throws(VectorsError) {
      _ = try VectorLoader.decodeFile(bytes: bytes, name: name)
    } catch {
      return .failure(error)
    }
    return .failure(.io(file: name, reason: "was read as other cases when read a second time"))
  }

  /// Summarizes and builds the cases a batch at a time, making each batch available as it is
  /// built, then checks the whole file; on the building thread.
  private func build() {
    let lists = VectorLoader.caseLists()
    var count = 0
    var failed = false
    var hashes: [Int] = []
    var end: Int?
    let cases = [VectorCase](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      lock.withLock { base = buffer.baseAddress }
      end = JSONParser.summarizeElements(
        bytes: bytes, from: first, summarizing: VectorLoader.caseMembers, batch: Self.batchSize
      ) { batch in
        let target: UnsafeMutablePointer<VectorCase>
        if count < capacity, let base = buffer.baseAddress {
          target = base + count
        } else {
          target = .allocate(capacity: Self.batchSize)
          lock.withLock { overflow.append(target) }
        }
        var made = 0
        for position in 0..<batch.count {
          guard let span = batch.span(of: position) else { break }
          do throws(VectorsError) {
            (target + made).initialize(
              to: try VectorLoader.decodeCase(
                span, members: { batch.member($0, of: position) }, index: count + position, suite: suite,
                file: name, bytes: bytes, lists: lists))
          } catch {
            break
          }
          hashes.append(target[made].id.hashValue)
          made += 1
        }
        count += made
        publish(count, ended: false)
        guard made == batch.count else {
          failed = true
          return false
        }
        return true
      }
      initialized = min(count, capacity)
    }
    var sha256: String?
    if !failed, let end, checks(end: end, count: count) {
      sha256 = bytes.withUnsafeBytes { Manifest.sha256(bytes: $0) }
    }
    self.hashes = hashes
    lock.withLock {
      self.cases = cases
      outcome = sha256
    }
    publish(count, ended: true)
  }

  /// Whether the whole document checks out as the loader checks a file, but for repeated IDs,
  /// its `count` cases (the array ends at `end`) already checked and built. The parse steps
  /// over them (a tail of no summaries, taken at the first case), so it neither reads them
  /// again nor needs their summaries kept: the count the file declares is checked against
  /// `count` here instead.
  private func checks(end: Int, count: Int) -> Bool {
    var taken = false
    let tail = SummarizedElements(summaries: ObjectSummaries(width: VectorLoader.caseMembers.count), end: end)
    guard
      let (root, all) = try? JSONParser.parse(
        bytes: bytes, summarizing: VectorLoader.caseMembers, within: "cases",
        tail: (
          first,
          { () -> SummarizedElements? in
            taken = true
            return tail
          }
        )),
      taken, all.isEmpty,
      let head = try? VectorLoader.fileHead(root, summaries: all, name: name)
    else { return false }
    return head.suite == suite && head.elements.isEmpty && head.count == 0 && head.declared == count
  }

  /// Records that `count` cases are built (and, when `ended`, that no more will be), and
  /// resumes the tasks waiting for them.
  private func publish(_ count: Int, ended: Bool) {
    let ready = lock.withLock { () -> [(CheckedContinuation<Int, Never>)] in
      built = count
      self.ended = ended
      var ready: [CheckedContinuation<Int, Never>] = []
      waiters.removeAll { waiter in
        guard ended || waiter.index < count else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
    for continuation in ready { continuation.resume(returning: count) }
  }
}
