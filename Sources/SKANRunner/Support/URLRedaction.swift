import Foundation

/// Credentials taken out of a URL before it is shown or written anywhere (a report, the
/// rerun command, an error message): the user information (`user:password@`) becomes
/// `***@`, the value of every query parameter `***` (a parameter without `=` is masked
/// whole), and a fragment `#***`. The scheme, host, port and path stay, so a reader still
/// sees which endpoint was checked. A secret in the path itself cannot be told apart from
/// the path and is kept.
public enum URLRedaction {
  /// What replaces a secret.
  public static let mask = "***"

  /// `url` with its credentials masked; text with no `://` is returned as it is.
  public static func redact(_ url: some StringProtocol) -> String {
    let text = String(url)
    guard let schemeEnd = text.range(of: "://") else { return text }
    let afterScheme = text[schemeEnd.upperBound...]
    let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
    var authority = text[schemeEnd.upperBound..<authorityEnd]
    if let at = authority.lastIndex(of: "@") {
      authority = Substring(mask + authority[at...])
    }
    var rest = text[authorityEnd...]
    var fragment = ""
    if let hash = rest.firstIndex(of: "#") {
      fragment = rest.index(after: hash) == rest.endIndex ? "#" : "#" + mask
      rest = rest[..<hash]
    }
    var path = rest
    var query = ""
    if let question = rest.firstIndex(of: "?") {
      path = rest[..<question]
      let items = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
      query =
        "?"
        + items.map { item -> String in
          if item.isEmpty { return "" }
          guard let equals = item.firstIndex(of: "=") else { return mask }
          return String(item[..<equals]) + "=" + mask
        }.joined(separator: "&")
    }
    return String(text[..<schemeEnd.upperBound]) + authority + path + query + fragment
  }

  /// `text` (a command line, say) with every URL in it (`scheme://…` up to white space or a
  /// quote) redacted as ``redact(_:)`` does.
  public static func redactURLs(in text: String) -> String {
    guard text.contains("://") else { return text }
    let characters = Array(text)
    var out = ""
    var index = 0
    while index < characters.count {
      // A URL starts at a scheme: a letter, then letters, digits, `+`, `-`, `.`, then `://`.
      guard characters[index].isASCII, characters[index].isLetter,
        index == 0 || !isSchemeCharacter(characters[index - 1])
      else {
        out.append(characters[index])
        index += 1
        continue
      }
      var end = index
      while end < characters.count, isSchemeCharacter(characters[end]) { end += 1 }
      guard end + 2 < characters.count, characters[end] == ":", characters[end + 1] == "/",
        characters[end + 2] == "/"
      else {
        out.append(contentsOf: characters[index..<end])
        index = end
        continue
      }
      var stop = end + 3
      while stop < characters.count, !isURLEnd(characters[stop]) { stop += 1 }
      out += redact(String(characters[index..<stop]))
      index = stop
    }
    return out
  }

  private static func isSchemeCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
  }

  private static func isURLEnd(_ character: Character) -> Bool {
    character.isWhitespace || "'\"`<>".contains(character)
  }
}
