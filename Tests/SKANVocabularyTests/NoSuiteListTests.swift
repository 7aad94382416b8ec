import Foundation
import SKANTestSupport
import SKANVocabulary
import Testing

/// Adding a suite is one type and one line in `SuiteRegistry.all`: no other Swift source lists
/// suites. The check README's "Adding a rule" gives as a `grep`, run here on every
/// `swift test` so that CI keeps it true. Suite names come from the registry, not a hand list.
@Suite("No suite list outside the registry")
struct NoSuiteListTests {
  /// Every `.swift` file under `Sources/` and `Plugins/`, with its path relative to the root.
  static func sources() throws -> [(path: String, lines: [Substring])] {
    var files: [(String, [Substring])] = []
    for folder in ["Sources", "Plugins"] {
      let base = RepositoryPaths.root + "/" + folder
      guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
      for case let relative as String in walker where relative.hasSuffix(".swift") {
        let text = try String(contentsOfFile: base + "/" + relative, encoding: .utf8)
        files.append((folder + "/" + relative, text.split(separator: "\n", omittingEmptySubsequences: false)))
      }
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// The lines that list suites: a `case` arm naming one, a line naming two as members (a list,
  /// or a case with two patterns), or two per-suite catalogs concatenated.
  static func suiteLists(in files: [(path: String, lines: [Substring])]) throws -> [String] {
    let names = SuiteRegistry.all.map { NSRegularExpression.escapedPattern(for: $0.id.rawValue) }
    let p = names.joined(separator: "|")
    let patterns = try [
      #"case \.(\#(p))(:|,)"#, #"\.(\#(p))\b[^.]*\.(\#(p))\b"#, #"\b(\#(p)) \+ (\#(p))\b"#,
    ].map { try NSRegularExpression(pattern: $0) }
    var found: [String] = []
    for (path, lines) in files {
      for (index, line) in lines.enumerated() {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
        let text = String(line)
        let range = NSRange(text.startIndex..., in: text)
        if patterns.contains(where: { $0.firstMatch(in: text, range: range) != nil }) {
          found.append("\(path):\(index + 1): \(text.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    return found
  }

  @Test("no Swift source outside SuiteRegistry lists suites in a switch, an array or a concatenation")
  func noSuiteList() throws {
    let found = try Self.suiteLists(in: Self.sources())
    #expect(found.isEmpty, "lines that list suites (register the suite instead):\n\(found.joined(separator: "\n"))")
  }

  @Test("the check finds a switch over suites, a suite array and concatenated catalogs")
  func checkFindsLists() throws {
    let planted: [(path: String, lines: [Substring])] = [
      ("Sources/Planted.swift", ["switch suite {", "case .window: 1", "case .values, .s2s: 2", "}"]),
      ("Sources/Other.swift", ["  static let all = [.metadata, .signature]", "  let x = window + postback"]),
      ("Sources/Fine.swift", ["  // case .window: a comment", "  case .window(let window, let start):"]),
    ]
    let found = try Self.suiteLists(in: planted)
    #expect(
      found == [
        "Sources/Planted.swift:2: case .window: 1", "Sources/Planted.swift:3: case .values, .s2s: 2",
        "Sources/Other.swift:1: static let all = [.metadata, .signature]",
        "Sources/Other.swift:2: let x = window + postback",
      ], "\(found)")
  }
}
