import Foundation
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANTestSupport
import SKANVectors
import Testing

@testable import SKANMutants

@Suite("Mutation self-check")
struct SelfCheckTests {
  @Test("every mutant is killed by at least one committed vector")
  func everyMutantKilled() throws {
    let vectors = try VectorSet.embedded()
    let report = SelfCheck.run(vectors: vectors.cases)
    #expect(report.mutants.count == MutantCatalog.all.count, "every mutant of the catalog ran")
    for survivor in report.survivors {
      Issue.record("mutant \(survivor.mutant.id) survives every vector: \(survivor.mutant.summary)")
    }
  }

  @Test("the README states the catalog's mutant count, and the README's vector count is the manifest's")
  func readmeCounts() throws {
    // Words only: a sentence may wrap anywhere.
    let readme = try String(contentsOfFile: RepositoryPaths.root + "/README.md", encoding: .utf8)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let statesMutants = readme.contains("runs the vectors against \(MutantCatalog.all.count) mutants")
    #expect(
      statesMutants,
      "README.md does not say 'runs the vectors against \(MutantCatalog.all.count) mutants'")
    let cases = try #require(RepositoryPaths.manifestCaseCount, "Vectors/manifest.json could not be read")
    let statesMatrix = readme.contains("matrix of \(MutantCatalog.all.count) mutants by \(cases) vectors")
    #expect(
      statesMatrix,
      "README.md does not say 'matrix of \(MutantCatalog.all.count) mutants by \(cases) vectors'")
  }

  @Test("mutant IDs are unique and name their suite")
  func ids() {
    let ids = MutantCatalog.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for mutant in MutantCatalog.all { #expect(mutant.id.hasPrefix(mutant.suite.rawValue + "/"), "\(mutant.id)") }
  }

  @Test("the reference dressed as a mutant survives every vector: the self-check kills only real bugs")
  func referenceIsNotAMutant() throws {
    let vectors = try VectorSet.embedded()
    let identities = Suite.allCases.map { Mutant("identity", $0, "the reference itself, unchanged") }
    let report = SelfCheck.run(vectors: vectors.cases, mutants: identities)
    #expect(report.mutants.count == Suite.allCases.count)
    for result in report.mutants {
      #expect(!result.killed, "\(result.mutant.id) is 'killed' by \(result.killedBy.prefix(5))")
    }
  }

  @Test("an idle vector counts as explained only when its description states a reason after the marker")
  func keptReasons() {
    #expect(
      SelfCheck.keptReason("Apple's example. Kept without a mutant: Apple published it.") == "Apple published it.")
    #expect(SelfCheck.keptReason("Kept without a mutant:   ") == nil)
    #expect(SelfCheck.keptReason("Kept without a mutant") == nil)
    #expect(SelfCheck.keptReason("A plain description.") == nil)
  }

  @Test("a mutant that changes only a diagnostic member is killed, but marked as caught only at the diagnostic level")
  func diagnosticOnlyKills() throws {
    let vectors = try VectorSet.embedded()
    let reasonOnly = Mutant(
      "reason-only", .signature, "answers every reason as `other`",
      output: { output, _ in output["verdict"] == nil ? output : output.setting("reason", "other") })
    let verdict = Mutant(
      "verdict", .signature, "verifies everything",
      output: { output, _ in output["verdict"] == nil ? output : output.setting("verdict", "verified") })
    let report = SelfCheck.run(vectors: vectors.cases, mutants: [reasonOnly, verdict])
    #expect(report.mutants[0].killed && report.mutants[0].diagnosticOnly)
    #expect(report.mutants[1].killed && !report.mutants[1].diagnosticOnly)
    #expect(report.diagnosticOnly.map(\.mutant.id) == ["signature/reason-only"])
  }
}
