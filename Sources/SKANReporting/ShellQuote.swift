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

  /// `text` as one shell word, left as it is when it needs no quotes: non-empty, of letters,
  /// digits and `-_./:,+@%` only (nothing the shell quotes, expands, globs, splits or reads
  /// as an assignment); else ``word(_:)``. A command of such words is started without a shell
  /// (Spec/adapter-protocol.md 5.1).
  public static func minimalWord(_ text: some StringProtocol) -> String {
    let plain =
      !text.isEmpty
      && text.utf8.allSatisfy { byte in
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "-_./:,+@%".utf8.contains(byte)
        }
      }
    return plain ? String(text) : word(text)
  }
}
