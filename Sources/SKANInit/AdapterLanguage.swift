/// A language `skan-conform init` writes an adapter skeleton in.
public enum AdapterLanguage: String, Sendable, CaseIterable {
  /// Python 3, standard library only.
  case python
  /// Node.js, no packages.
  case node
  /// Go, standard library only.
  case go
  /// Swift, Foundation only: one file, compiled with `swiftc` or run with `swift`.
  case swift
  /// PHP 8, run with `php`.
  case php
  /// Java 11 or later, the JDK only: one file, compiled with `javac` and run with `java`.
  case java

  /// The language named `argument` (case-insensitive; `javascript` and `js` mean Node.js).
  /// - Throws: ``InitError/unknownLanguage(_:)``.
  public init(argument: String) throws(InitError) {
    let name = argument.lowercased()
    switch name {
    case "javascript", "js", "nodejs": self = .node
    case "python3", "py": self = .python
    case "golang": self = .go
    default:
      guard let language = AdapterLanguage(rawValue: name) else { throw .unknownLanguage(argument) }
      self = language
    }
  }

  /// The skeleton's one source file.
  public var fileName: String {
    switch self {
    case .python: return "adapter.py"
    case .node: return "adapter.js"
    case .go: return "adapter.go"
    case .swift: return "adapter.swift"
    case .php: return "adapter.php"
    case .java: return "Adapter.java"
    }
  }

  /// Whether the file is written executable (it starts with a `#!` line).
  public var isExecutable: Bool { self == .python || self == .node || self == .php }

  /// The value of `implementation.language` in the hello reply, until the user names the
  /// language of the implementation the adapter wraps.
  public var helloLanguage: String { self == .node ? "javascript" : rawValue }

  /// The skeleton's function that builds an error reply (`error` would hide Swift's
  /// implicit `error` in a `catch` block, and Go's `error` type).
  var errorHelper: String { self == .go || self == .swift ? "errorReply" : "error" }

  /// The name people know the language by, for the header.
  public var displayName: String {
    switch self {
    case .python: return "Python 3"
    case .node: return "Node.js"
    case .go: return "Go"
    case .swift: return "Swift"
    case .php: return "PHP"
    case .java: return "Java"
    }
  }

  /// The commands that build the adapter before it runs, if any, with `path` the source
  /// file as the user's shell names it.
  public func buildCommand(source path: String) -> String? {
    switch self {
    case .python, .node, .php: return nil
    case .go: return "go build -o \(Shell.quoted(String(path.dropLast(".go".count)))) \(Shell.quoted(path))"
    case .swift:
      return "swiftc -O -o \(Shell.quoted(String(path.dropLast(".swift".count)))) \(Shell.quoted(path))"
    case .java: return "javac -d \(Shell.quoted(Self.classDirectory(source: path))) \(Shell.quoted(path))"
    }
  }

  /// The command line that starts the adapter (the value of `--cli`), with `path` the
  /// source file as the user's shell names it.
  public func runCommand(source path: String) -> String {
    switch self {
    case .python: return "python3 \(Shell.quoted(path))"
    case .node: return "node \(Shell.quoted(path))"
    case .go: return Shell.executable(String(path.dropLast(".go".count)))
    case .swift: return Shell.executable(String(path.dropLast(".swift".count)))
    case .php: return "php \(Shell.quoted(path))"
    case .java: return "java -cp \(Shell.quoted(Self.classDirectory(source: path))) Adapter"
    }
  }

  /// The directory `javac` writes the Java skeleton's classes into: `classes` beside the
  /// source file `path`.
  static func classDirectory(source path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "classes" }
    return String(path[...slash]) + "classes"
  }
}
