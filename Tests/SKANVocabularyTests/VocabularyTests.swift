import Foundation
import SKANJSON
import SKANTestSupport
import SKANVocabulary
import Testing

/// The words every layer shares: suites, requirement IDs and the catalog, diagnostic members.
@Suite("Vocabulary")
struct VocabularyTests {
  @Test("requirement IDs are unique and every kit-defined one states its alternative")
  func catalog() {
    let ids = RequirementCatalog.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for requirement in RequirementCatalog.all where requirement.basis == .kitDefined {
      #expect(requirement.alternative != nil, "\(requirement.id) is kit-defined without an alternative")
    }
  }

  @Test("the receiving suite's requirements follow the catalog's rules and are the catalog's RCV area")
  func receivingRequirements() {
    let receiving = ReceivingSuite.requirements
    #expect(receiving.map(\.id) == (1...22).map { "RCV-\($0)" }, "RCV-1 to RCV-22 in order")
    #expect(RequirementCatalog.all.filter { $0.area == .receiving }.map(\.id) == receiving.map(\.id))
    for requirement in receiving {
      #expect(requirement.area == .receiving && requirement.area.document == "receiving.md", "\(requirement.id)")
      #expect((requirement.basis == .kitDefined) == (requirement.alternative != nil), "\(requirement.id)")
      if requirement.basis == .apple {
        #expect(requirement.source.hasPrefix("Apple: "), "\(requirement.id) cites Apple's page first")
      }
    }
    #expect(receiving.filter { $0.level == .should }.map(\.id) == ["RCV-8"])
  }

  @Test("every requirement is found by its ID, and an unknown ID by none")
  func lookup() {
    for requirement in RequirementCatalog.all {
      #expect(RequirementCatalog.requirement(requirement.id)?.id == requirement.id, "\(requirement.id)")
    }
    #expect(RequirementCatalog.requirement("WIN-999") == nil)
  }

  @Test("every suite has its Spec chapter, and suites sort in declaration order")
  func suites() {
    for suite in Suite.allCases {
      let path = RepositoryPaths.root + "/Spec/" + suite.specDocument
      #expect(FileManager.default.fileExists(atPath: path), "\(suite.rawValue): Spec/\(suite.specDocument) is missing")
      #expect(!suite.summary.isEmpty)
    }
    #expect(Suite.allCases.sorted() == Suite.allCases)
    #expect(Suite.window < Suite.signature && !(Suite.signature < Suite.window))
  }

  @Test("only signature verification and each receiving arrival's reason are diagnostics, each list sorted")
  func diagnostics() {
    for op in ["verify-postback", "verify-impression", "verify-aak-postback", "verify-aak-impression"] {
      let members = Suite.signature.diagnosticMembers(for: ["op": .string(op)])
      #expect(members.contains("reason"), "\(op)")
      #expect(members == members.sorted(), "\(op)")
    }
    #expect(Suite.signature.diagnosticMembers(for: ["op": "impression-signed-string"]).isEmpty)
    #expect(Suite.receiving.diagnosticMembers(for: ["op": "receive"]) == ["arrivals[].reason"])
    for suite in Suite.allCases where suite != .signature && suite != .receiving {
      #expect(suite.diagnosticMembers(for: ["op": "verify-postback"]).isEmpty, "\(suite.rawValue)")
    }
  }
}
