import SKANJSON

/// A string of a case, held as given or as the vector file it was read from spells it: a
/// plain JSON string (no escape, only printable ASCII, as the loader checked), decoded when
/// read. A large file's descriptions then stay in the file's bytes, which its cases' inputs
/// and outputs keep anyway, instead of a copy each beside them.
struct SpelledString: Sendable {
  private enum Storage: Sendable {
    case string(String)
    /// The string's JSON text, quotes included.
    case spelled(JSONText)
  }

  private let storage: Storage

  /// A string as given.
  init(_ string: String) { storage = .string(string) }

  /// The string `text` spells: a plain JSON string, quotes included.
  init(spelled text: JSONText) { storage = .spelled(text) }

  /// The string.
  var string: String {
    switch storage {
    case .string(let string): return string
    case .spelled(let text):
      return text.withBytes { bytes in String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self) }
    }
  }
}
