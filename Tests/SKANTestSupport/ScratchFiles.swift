import Foundation

/// Files the tests write (fake adapters, small reports), named after their content, so that
/// running the tests again reuses them instead of leaving a new file in the temporary
/// folder each time.
public enum ScratchFiles {
  /// Writes `text` (unless a file with that content is there already) and returns its path.
  public static func write(_ text: String, suffix: String) -> String {
    // FNV-1a, 64 bits: stable across runs, unlike `hashValue`.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("skan-conform-test-\(String(hash, radix: 16))\(suffix)").path
    if FileManager.default.contents(atPath: path) != Data(text.utf8) {
      // Atomically: a test running at the same time never sees half a file.
      try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
    return path
  }

  /// A new empty directory in the temporary folder, named `prefix` and a UUID; the caller
  /// removes it when it is done.
  public static func directory(_ prefix: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A named pipe, `fifo`, in a new directory made as ``directory(_:)`` makes one; the caller
  /// removes the directory when it is done.
  public static func namedPipe(_ prefix: String) throws -> (directory: String, path: String) {
    let directory = try directory(prefix)
    let path = directory + "/fifo"
    guard mkfifo(path, 0o600) == 0 else {
      let code = POSIXErrorCode(rawValue: errno) ?? .EIO
      try? FileManager.default.removeItem(atPath: directory)
      throw POSIXError(code)
    }
    return (directory, path)
  }
}
