import Foundation

/// The lines of a file of stored arrivals (or claimed outcomes), read in chunks: at most one
/// line's bytes are held beyond the chunk, and a line longer than the limit is an error naming
/// it, found without holding it. Lines end at `\n`; a `\r` before it and a last line without
/// one are accepted; an empty line is skipped but counted.
public struct ArrivalLines {
  private let handle: FileHandle
  private let name: String
  private let maximumLineBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var finished = false
  /// The number of the last line returned (from 1).
  public private(set) var lineNumber = 0

  /// Reads `handle`, named `name` in errors, with lines of at most `maximumLineBytes` bytes.
  public init(handle: FileHandle, name: String, maximumLineBytes: Int) {
    self.handle = handle
    self.name = name
    self.maximumLineBytes = maximumLineBytes
  }

  /// The next non-empty line and its number; `nil` at the end of the file.
  public mutating func next() throws(AuditError) -> (line: Int, bytes: ArraySlice<UInt8>)? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        lineNumber += 1
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        guard line.count <= maximumLineBytes else { throw tooLong() }
        if line.isEmpty { continue }
        return (lineNumber, line)
      }
      guard buffer.count - start <= maximumLineBytes else {
        lineNumber += 1
        throw tooLong()
      }
      if finished {
        guard start < buffer.count else { return nil }
        lineNumber += 1
        let line = buffer[start...]
        start = buffer.count
        return (lineNumber, line)
      }
      try fill()
    }
  }

  /// Reads the next chunk, keeping the unfinished line.
  private mutating func fill() throws(AuditError) {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    let chunk: Data?
    do {
      chunk = try handle.read(upToCount: 1 << 20)
    } catch {
      throw AuditError(.unreadable, "\(VisibleName(name)): cannot be read after line \(lineNumber)")
    }
    guard let chunk, !chunk.isEmpty else {
      finished = true
      return
    }
    buffer.append(contentsOf: chunk)
  }

  private func tooLong() -> AuditError {
    AuditError(
      .lineTooLong, "\(VisibleName(name)), line \(lineNumber): longer than \(maximumLineBytes) bytes (--max-line-bytes)"
    )
  }
}
