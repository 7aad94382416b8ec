import ArgumentParser
import Foundation
import SKANModel
import SKANSuiteCodecs
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
    // `--suite ,` would otherwise split into no name at all and select every suite.
    if suite.contains(where: {
      $0.split(separator: ",", omittingEmptySubsequences: false).contains {
        $0.trimmingCharacters(in: .whitespaces).isEmpty
      }
    }) {
      throw ValidationError("--suite needs suite names; an empty name selects nothing")
    }
    for (option, values) in [("--id", id), ("--tag", tag), ("--requirement", requirement)]
    where values.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      throw ValidationError("\(option) needs a value; an empty one selects nothing")
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

  /// The selected cases of `cases`; a usage error (exit 2), naming each filter value, when
  /// a value selects no case on its own or the filters together select none.
  func select(from cases: [VectorCase]) throws -> [VectorCase] {
    let idle = selection.valuesSelectingNothing(in: cases)
    for value in idle { printError("error: \(value) selects no case of these vectors; nothing was run") }
    if !idle.isEmpty { throw KitExit.usage }
    let selected = selection.apply(to: cases)
    guard !selected.isEmpty else {
      printError("error: the selection matches no case (\(summary)); nothing was run")
      throw KitExit.usage
    }
    return selected
  }

  var selection: CaseSelection {
    CaseSelection(suites: suiteNames, idGlobs: id, tags: Set(tag), requirements: Set(requirement))
  }
}
