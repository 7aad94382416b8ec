import ArgumentParser
import Foundation
import SKANJSON
import SKANModel
import SKANVectors

/// `skan-conform spec coverage`.
struct SpecCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "spec", abstract: "Facts about the Spec.", subcommands: [Coverage.self])

  /// Every requirement with its level and the vectors that test it.
  struct Coverage: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "coverage",
      abstract: "List every requirement with its level and the vectors that test it; exit 1 if a MUST has none.")

    @OptionGroup var source: VectorSourceOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
      let vectors = try source.load()
      var tested: [String: [String]] = [:]
      for vector in vectors.cases {
        for requirement in vector.requirements { tested[requirement, default: []].append(vector.id) }
      }
      let uncoveredMusts = RequirementCatalog.all.filter { $0.level == .must && tested[$0.id] == nil }
      if json {
        let rows: [JSONValue] = RequirementCatalog.all.map { requirement in
          [
            "id": .string(requirement.id), "level": .string(requirement.level.rawValue),
            "basis": .string(requirement.basis.rawValue), "area": .string(requirement.area.rawValue),
            "vectors": .array((tested[requirement.id] ?? []).map(JSONValue.string)),
          ]
        }
        print(
          CanonicalJSON.pretty([
            "requirements": .array(rows), "uncovered_musts": .array(uncoveredMusts.map { .string($0.id) }),
          ]), terminator: "")
      } else {
        for requirement in RequirementCatalog.all {
          let count = tested[requirement.id]?.count ?? 0
          let id = requirement.id.padding(toLength: 8, withPad: " ", startingAt: 0)
          let level = requirement.level.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
          let basis = requirement.basis.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
          print("\(id) \(level) \(basis) \(String(count).leftPadded(4)) vector(s)\(count == 0 ? "  UNCOVERED" : "")")
        }
        print("\(RequirementCatalog.all.count) requirements, \(uncoveredMusts.count) uncovered MUST")
      }
      if !uncoveredMusts.isEmpty { throw KitExit.unexpected }
    }
  }
}

extension String {
  /// The string right-aligned in `width` columns.
  func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
