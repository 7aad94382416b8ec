/// Why `skan-conform init` wrote nothing: a usage problem or a file it will not overwrite
/// (exit code 2). Its description is the one line the command prints.
public enum InitError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `--language` names no language the kit has a skeleton for.
  case unknownLanguage(String)
  /// `--suite` names no suite of the kit.
  case unknownSuite(String)
  /// `--suite` names no suite at all.
  case noSuite
  /// A `--suite` list has an empty entry (`--suite window,` or `--suite ,`), which `run`
  /// refuses too: it names nothing.
  case emptySuiteName
  /// `--name` is not a plain name the skeleton can hold as a string literal in every language.
  case invalidName(String)
  /// A file the skeleton would write is there already: nothing was written.
  case fileExists(path: String)
  /// `--output` exists and is not a directory.
  case notADirectory(path: String)
  /// The directory or a file could not be written.
  case writeFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .unknownLanguage(let name):
      return
        "unknown language \"\(name)\"; the languages are \(AdapterLanguage.allCases.map(\.rawValue).joined(separator: ", "))"
    case .unknownSuite(let name):
      return "unknown suite \"\(name)\"; the suites are \(SkeletonRequest.suiteNames), or all"
    case .noSuite:
      return "no suite named: pass --suite with one or more of \(SkeletonRequest.suiteNames), or all"
    case .emptySuiteName:
      return "--suite needs suite names; an empty name selects nothing"
    case .invalidName(let name):
      return
        "the name \"\(name)\" is not allowed: use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit"
    case .fileExists(let path):
      return "\(path) already exists; nothing was written (remove it or choose another --output)"
    case .notADirectory(let path):
      return "\(path) exists and is not a directory; nothing was written"
    case .writeFailed(let path, let reason):
      return "cannot write \(path): \(reason)"
    }
  }
}
