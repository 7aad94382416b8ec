import Synchronization

/// A JSON value held either as a value or as its text, parsed the first time it is asked for.
///
/// The vector loader keeps each case's input and expected output as the file spells them,
/// checked but not built into a tree: sending a case needs only its text, and judging a reply
/// spelled as expected needs only the bytes. The value is built when something reads it (a
/// mismatch to explain, an in-process transport, the model), once, and shared by every copy.
public struct DeferredJSON: Sendable, Hashable {
  private enum Storage: Sendable {
    case value(JSONValue)
    case text(Parsed)
    /// The text alone, parsed at each read (``init(unsharedText:)``).
    case unsharedText(JSONText)
  }

  /// The text and, once parsed, its value: shared by every copy of the ``DeferredJSON``.
  private final class Parsed: Sendable {
    let text: JSONText
    let value = Mutex<JSONValue?>(nil)

    init(_ text: JSONText) { self.text = text }
  }

  private let storage: Storage

  /// A value already built.
  public init(_ value: JSONValue) {
    storage = .value(value)
  }

  /// The value `value`, with the text `text` that spells it (the same value: the caller
  /// has both, as a loader that built a value from checked text does).
  public init(text: JSONText, value: JSONValue) {
    let parsed = Parsed(text)
    parsed.value.withLock { $0 = value }
    storage = .text(parsed)
  }

  /// The value `text` spells, built at each read and not kept: for a value that is seldom
  /// read (a case's input, which a run sends as text), so that holding it costs its text's
  /// place and no more. `text` must be one complete JSON value, as for ``init(text:)``.
  public init(unsharedText text: JSONText) {
    storage = .unsharedText(text)
  }

  /// The value `text` spells, built when first asked for. `text` must be one complete JSON
  /// value the kit's parser accepts (a span that parser has checked): one that is not reads
  /// as `null`.
  public init(text: JSONText) {
    storage = .text(Parsed(text))
  }

  /// The value, parsed from its text on first use (at each use for ``init(unsharedText:)``).
  public var value: JSONValue {
    switch storage {
    case .value(let value): return value
    case .unsharedText(let text): return text.withBytes { try? JSONParser.parse(utf8: $0) } ?? .null
    case .text(let parsed):
      return parsed.value.withLock { cached in
        if let cached { return cached }
        let value = parsed.text.withBytes { try? JSONParser.parse(utf8: $0) } ?? .null
        cached = value
        return value
      }
    }
  }

  /// The text it was made from, if it was made from text.
  public var text: JSONText? {
    switch storage {
    case .value: return nil
    case .text(let parsed): return parsed.text
    case .unsharedText(let text): return text
    }
  }

  /// Whether the value is held as a built tree: made from one, or parsed from its text and kept
  /// (an ``init(unsharedText:)`` value never is). For tests of what a loader builds.
  var isBuilt: Bool {
    switch storage {
    case .value: return true
    case .text(let parsed): return parsed.value.withLock { $0 != nil }
    case .unsharedText: return false
    }
  }

  /// Equal values are equal, whatever their spelling.
  public static func == (left: DeferredJSON, right: DeferredJSON) -> Bool {
    if let leftText = left.text, let rightText = right.text, leftText == rightText { return true }
    return left.value == right.value
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}
