import Foundation
import SKANJSON
import SKANTestSupport
import SKANVocabulary
import Testing

/// The one registration list: every suite once, in the order of the vector files.
@Suite("Suite registry")
struct SuiteRegistryTests {
  @Test("every registered suite has its own id, and its id names it")
  func distinctIDs() {
    let ids = SuiteRegistry.all.map { $0.id }
    #expect(Set(ids).count == ids.count, "duplicate suite ids in SuiteRegistry.all: \(ids)")
    for suite in SuiteRegistry.all {
      #expect(SuiteID(rawValue: suite.id.rawValue) == suite.id, "\(suite.id)")
      #expect(ObjectIdentifier(suite.id.vocabulary) == ObjectIdentifier(suite), "\(suite.id)")
    }
    #expect(SuiteID(rawValue: "nope") == nil)
    #expect(SuiteID(rawValue: "") == nil)
  }

  @Test("SuiteID.allCases is the order of the vector files in Vectors/manifest.json")
  func manifestOrder() throws {
    let text = try String(contentsOfFile: RepositoryPaths.vectors + "/manifest.json", encoding: .utf8)
    let manifest = try JSONParser.parse(text)
    let files = try #require(manifest["files"]?.arrayValue, "Vectors/manifest.json: files is not an array")
    let suites = files.compactMap { $0["suite"]?.stringValue }
    #expect(suites.count == files.count, "Vectors/manifest.json: a file without its suite")
    #expect(SuiteID.allCases.map(\.rawValue) == suites)
  }

  @Test("choiceList words a list as the codecs' messages do, in declaration order")
  func choiceList() {
    #expect(ValuesSuite.Operation.choiceList == "fine, coarse, coarse-code, synthesize-fine, lock or timeline")
    #expect(AttributionSuite.Operation.choiceList == "attribute or route")
    #expect(NoOperation.choiceList == "")
  }
}
