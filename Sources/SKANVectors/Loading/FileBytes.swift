import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file's bytes, read with the system's calls straight into one array.
enum FileBytes {
  /// The most a vector file may hold: 1 GiB, about 2.8 million cases as the kit writes them.
  /// A larger file, or one that never ends (`/dev/zero`), is refused where it is read.
  static let limit = 1 << 30
  /// Whether `path` names a regular file (a link followed) of at least `bytes` bytes: one that
  /// reads the same when read again, unlike a named pipe or `/dev/fd/N`, and can be read
  /// without waiting for a writer.
  static func isRegularFile(_ path: String, atLeast bytes: Int) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && Int(status.st_size) >= bytes
  }

  /// The bytes of the file at `path`; errors name it `name`.
  /// - Throws: ``VectorsError/io(file:reason:)`` when it cannot be opened or read.
  static func contents(of path: String, name: String) throws(VectorsError) -> [UInt8] {
    // Read straight into the array, its size known first: a file of tens of megabytes is
    // neither copied a second time nor grown as it is read.
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .io(file: name, reason: "cannot read \(path)") }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, Int(status.st_size) >= 0 else {
      throw .io(file: name, reason: "cannot read \(path)")
    }
    let tooLarge = VectorsError.io(file: name, reason: "is larger than 1 GiB, the most a vector file may hold")
    guard Int(status.st_size) <= limit else { throw tooLarge }
    var failed = false
    var split = false
    var bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size)) { buffer, initialized in
      LargePages.prefer(UnsafeMutableRawBufferPointer(buffer))
      if buffer.count >= splitBytes, let base = buffer.baseAddress, readInParts(descriptor, into: base, buffer.count) {
        initialized = buffer.count
        split = true
        return
      }
      while initialized < buffer.count {
        let count = read(descriptor, buffer.baseAddress.map { $0 + initialized }, buffer.count - initialized)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          failed = count < 0
          return
        }
        initialized += count
      }
    }
    // Read at offsets, the parts left the file's position at its start.
    guard !failed, !split || lseek(descriptor, off_t(bytes.count), SEEK_SET) >= 0 else {
      throw .io(file: name, reason: "cannot read \(path)")
    }
    // A file that grew since it was measured: the rest, read as it comes.
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw .io(file: name, reason: "cannot read \(path)") }
      if count == 0 { break }
      guard bytes.count + count <= limit else { throw tooLarge }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// The size from which a file is read in parts on two threads (``readInParts(_:into:_:)``).
  static let splitBytes = 8 << 20

  /// The bytes of one part.
  static let partBytes = 4 << 20

  /// Reads the first `count` bytes of `descriptor` into `base` in parts of ``partBytes``, the
  /// calling thread and a thread of its own each taking the next part as it finishes one (a
  /// copy from the page cache goes about twice as fast on two cores, and when one thread's
  /// pages come slower, as fresh memory often does, the other takes more of the parts instead
  /// of waiting for it); `false`, with `base` to be read again from the start, when a part
  /// came short (the file shrank) or failed.
  static func readInParts(_ descriptor: Int32, into base: UnsafeMutablePointer<UInt8>, _ count: Int) -> Bool {
    let parts = stride(from: 0, to: count, by: partBytes).map { $0..<min($0 + partBytes, count) }
    let target = Target(base)
    let failures = Failures()
    TwoThreads.forEach(parts) { part in
      if !readFully(descriptor, into: target.base, part) { failures.record() }
    }
    return !failures.any
  }

  /// Reads bytes `range` of `descriptor` into the same places of `base`; `false` when the file
  /// ends first or a read fails.
  private static func readFully(_ descriptor: Int32, into base: UnsafeMutablePointer<UInt8>, _ range: Range<Int>)
    -> Bool
  {
    var offset = range.lowerBound
    while offset < range.upperBound {
      let count = pread(descriptor, base + offset, range.upperBound - offset, off_t(offset))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  /// The buffer both threads read into, each its own parts.
  /// `@unchecked Sendable`: the parts are disjoint, and read only after both threads are done.
  private final class Target: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }
  }

  /// Whether a part failed, recorded by either thread.
  private final class Failures: Sendable {
    private let failed = Atomic<Bool>(false)
    func record() { failed.store(true, ordering: .relaxed) }
    var any: Bool { failed.load(ordering: .relaxed) }
  }
}
