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
    var bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size)) { buffer, initialized in
      LargePages.prefer(UnsafeMutableRawBufferPointer(buffer))
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
    guard !failed else { throw .io(file: name, reason: "cannot read \(path)") }
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

}
