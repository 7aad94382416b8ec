#if canImport(Glibc)
  import Glibc
#endif

/// Large buffers the loader fills at once (a big file's bytes, its cases), offered to Linux
/// for transparent huge pages before they are written: a 73 MB file then costs a few dozen
/// page faults instead of some 18,000 (the system's own setting decides; `madvise` mode, the
/// common default, honours the offer). Elsewhere, or for a smaller buffer, nothing is done.
enum LargePages {
  /// From this size on, a buffer is offered.
  static let from = 8 << 20

  /// Offers the whole pages inside `buffer` (`MADV_HUGEPAGE`); what the kernel answers
  /// changes nothing but the time the first writes take.
  static func prefer(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard buffer.count >= from, let base = buffer.baseAddress else { return }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      guard page > 0 else { return }
      let start = (Int(bitPattern: base) + page - 1) / page * page
      let end = (Int(bitPattern: base) + buffer.count) / page * page
      guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
  }
}
