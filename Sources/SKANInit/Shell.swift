import Foundation

/// Paths written into the commands the skeleton's header and `init` print, quoted for a
/// POSIX shell only when they need it.
enum Shell {
  /// `text` as one shell word: as is when it holds only safe characters, else in single quotes.
  static func quoted(_ text: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+=:@,")
    if !text.isEmpty && text.allSatisfy(safe.contains) { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `text` as one shell word in a command line shown to a person: in double quotes when
  /// nothing in it is special there (only ``quoted(_:)``'s safe characters, spaces and single
  /// quotes), which reads as people write `--cli "python3 adapter.py"`; otherwise in single
  /// quotes, so that no `$(…)`, back quote or `"` in it is ever run or ends the word.
  static func word(_ text: String) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+=:@,' ")
    if !text.isEmpty && text.allSatisfy(plain.contains) { return "\"" + text + "\"" }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `path` as a command: a bare name gets `./` so the shell does not search `PATH`.
  static func executable(_ path: String) -> String {
    quoted(path.contains("/") ? path : "./" + path)
  }
}
