import ArgumentParser
import Foundation
import SKANModel
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
    if suite.contains(where: { $0.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).isEmpty } })
      || suite.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty })
    {
      throw ValidationError("--suite needs suite names; an empty name selects nothing")
    }
    let known = Set(Suite.allCases.map(\.rawValue))
    for name in suiteNames where !known.contains(name) {
      throw ValidationError(
        "unknown suite '\(name)'; the suites are \(Suite.allCases.map(\.rawValue).joined(separator: ", "))")
    }
  }

  /// The selection in words, for messages.
  var summary: String {
    let parts =
      suite.map { "--suite \($0)" } + id.map { "--id '\($0)'" } + tag.map { "--tag \($0)" }
      + requirement.map { "--requirement \($0)" }
    return parts.isEmpty ? "no filter" : parts.joined(separator: " ")
  }

  var selection: CaseSelection {
    CaseSelection(suites: suiteNames, idGlobs: id, tags: Set(tag), requirements: Set(requirement))
  }
}
