import ArgumentParser
import Foundation
import SKANSuites
import SKANVectors

/// `--suite`, `--id`, `--tag`, `--requirement`.
struct SelectionOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Only these suites (comma-separated).", valueName: "name[,name…]"))
  var suite: [String] = []

  @Option(help: ArgumentHelp("Only case IDs matching this glob (`*`, `?`); repeatable.", valueName: "glob"))
  var id: [String] = []

  @Option(help: ArgumentHelp("Only cases with this tag; repeatable.", valueName: "tag"))
  var tag: [String] = []

  @Option(help: ArgumentHelp("Only cases testing this requirement ID; repeatable.", valueName: "id"))
  var requirement: [String] = []

  /// The suite names, split on commas.
  var suiteNames: Set<String> {
    Set(suite.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } })
  }

  func validate() throws {
    let known = Set(Suite.allCases.map(\.rawValue))
    for name in suiteNames where !known.contains(name) {
      throw ValidationError(
        "unknown suite '\(name)'; the suites are \(Suite.allCases.map(\.rawValue).joined(separator: ", "))")
    }
  }

  var selection: CaseSelection {
    CaseSelection(suites: suiteNames, idGlobs: id, tags: Set(tag), requirements: Set(requirement))
  }
}
