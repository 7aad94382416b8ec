/// What a reader of a JSON-lines stream sees: a line, a line over the cap, or the end.
public enum LineEvent: Sendable, Equatable {
  /// A complete line, without its `\n` (and without a `\r` before it).
  case line([UInt8])
  /// A line passed the cap (the cap in bytes); the rest of it is discarded.
  case oversized(Int)
  /// More lines than a reader holds unread were waiting (that many): the stream writes
  /// lines nobody asked for faster than they are read. The lines after them are discarded.
  case flooded(Int)
  /// The stream ended.
  case closed

  /// What a ``flooded(_:)`` event of `count` lines says, wherever it ends an exchange.
  static func floodReason(_ count: Int) -> String {
    "more than \(count) lines waiting unread: the implementation writes lines nobody asked for"
  }
}
