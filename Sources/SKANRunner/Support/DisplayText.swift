import SKANJSON

/// Text from outside the kit (an implementation's name, an error message, a skip reason, its
/// standard error, a field of a report file) made safe to show to a person: every character
/// that could act on a terminal, a log viewer or a parser instead of being read is written
/// visibly as `\u{1B}`, so that an implementation cannot clear the screen, set the window
/// title, colour the output, cut a line short or forge a line such as
/// `conformance: 802 passed`.
///
/// The characters written visibly are those of ``VisibleText``. Every other character, markup
/// included, is left as it is: each report escapes its own markup.
public struct DisplayText: Sendable, CustomStringConvertible {
  /// The text as it arrived.
  public var raw: String

  /// Wraps text from outside the kit; interpolate the value to show it.
  public init(_ raw: some StringProtocol) { self.raw = String(raw) }

  /// The text with every hazardous character written visibly.
  public var description: String { Self.visible(raw) }

  /// `text` with every hazardous character written visibly, as one line.
  public static func visible(_ text: some StringProtocol) -> String { VisibleText.visible(text) }

  /// Whether `scalar` is one of the characters written visibly.
  public static func isHazard(_ scalar: Unicode.Scalar) -> Bool { VisibleText.isHazard(scalar) }
}
