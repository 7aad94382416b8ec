import SKANMutants
import SKANSuites
import SKANVectors
import Testing

@Suite("Mutation self-check")
struct SelfCheckTests {
  @Test("every mutant is killed by at least one committed vector")
  func everyMutantKilled() throws {
    let vectors = try VectorSet.embedded()
    let report = SelfCheck.run(vectors: vectors.cases)
    #expect(report.mutants.count >= 40)
    for survivor in report.survivors {
      Issue.record("mutant \(survivor.mutant.id) survives every vector: \(survivor.mutant.summary)")
    }
  }

  @Test("mutant IDs are unique and name their suite")
  func ids() {
    let ids = MutantCatalog.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for mutant in MutantCatalog.all { #expect(mutant.id.hasPrefix(mutant.suite.rawValue + "/"), "\(mutant.id)") }
  }

  @Test("the reference itself passes every vector a mutant is judged by")
  func referenceIsNotAMutant() throws {
    let vectors = try VectorSet.embedded()
    let identity = SelfCheck.run(vectors: vectors.cases, mutants: [])
    #expect(identity.mutants.isEmpty)
  }
}
