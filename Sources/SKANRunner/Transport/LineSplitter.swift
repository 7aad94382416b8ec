/// Splits a byte stream into `\n`-terminated lines, with a cap on one line's length so that
/// a 50 MB line costs bounded memory.
struct LineSplitter {
  let maximumLineLength: Int
  private var current: [UInt8] = []
  private var discarding = 0

  init(maximumLineLength: Int) { self.maximumLineLength = maximumLineLength }

  /// Feeds bytes; returns the complete lines and oversized-line events they finish.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [LineInbox.Event] {
    var events: [LineInbox.Event] = []
    for byte in bytes {
      if byte == 0x0A {
        if discarding > 0 {
          events.append(.oversized(discarding))
          discarding = 0
        } else {
          if current.last == 0x0D { current.removeLast() }
          events.append(.line(current))
        }
        current.removeAll(keepingCapacity: true)
      } else if discarding > 0 {
        discarding += 1
      } else if current.count >= maximumLineLength {
        discarding = current.count + 1
        current.removeAll()
      } else {
        current.append(byte)
      }
    }
    return events
  }
}
