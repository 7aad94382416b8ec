import Foundation

/// Splits a byte stream into `\n`-terminated lines, with a cap on one line's length so that
/// a 50 MB line costs bounded memory and little time.
///
/// Each chunk is scanned for the newline with `memchr`, never byte by byte, so discarding an
/// oversized line is fast in a debug build too. A line that passes the cap is reported as
/// ``LineEvent/oversized(_:)`` as soon as it does, not when its newline finally
/// arrives: the runner can then stop the process without reading the rest.
public struct LineSplitter {
  /// The longest line kept, in bytes.
  public let maximumLineLength: Int
  private var current: [UInt8] = []
  /// Whether the rest of the current line is being thrown away.
  private var discarding = false

  /// A splitter that keeps lines of at most `maximumLineLength` bytes.
  public init(maximumLineLength: Int) { self.maximumLineLength = maximumLineLength }

  /// Feeds bytes; returns the complete lines and oversized-line events they finish.
  public mutating func feed(_ bytes: [UInt8]) -> [LineEvent] {
    bytes.withUnsafeBytes { feed($0) }
  }

  /// Feeds bytes; returns the complete lines and oversized-line events they finish.
  public mutating func feed(_ buffer: UnsafeRawBufferPointer) -> [LineEvent] {
    guard let base = buffer.baseAddress else { return [] }
    var events: [LineEvent] = []
    var start = 0
    while start < buffer.count {
      let newline = memchr(base + start, 0x0A, buffer.count - start).map { base.distance(to: UnsafeRawPointer($0)) }
      let end = newline ?? buffer.count
      if !discarding {
        if current.count + (end - start) > maximumLineLength {
          discarding = true
          current = []
          events.append(.oversized(maximumLineLength))
        } else {
          current.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
        }
      }
      guard let newline else { break }
      if discarding {
        discarding = false
      } else {
        if current.last == 0x0D { current.removeLast() }
        events.append(.line(current))
        current = []
      }
      start = newline + 1
    }
    return events
  }
}
