import Foundation

/// Quoting for a POSIX shell (`sh`, `bash`, `zsh`): a word in single quotes, where nothing
/// is special but the single quote itself, which is written `'\''` (close the quotes, an
/// escaped quote, open them again). Whatever the text (quotes, `;`, `$(…)`, back quotes,
/// newlines), the shell reads it back as exactly one word.
public enum ShellQuote {
  /// `text` as one shell word.
  public static func word(_ text: some StringProtocol) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
