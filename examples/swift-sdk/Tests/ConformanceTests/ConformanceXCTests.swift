import SKANConformance
import XCTest

/// XCTest: each suite in one test method; each case that does not conform is reported on its
/// own, with its vector ID, requirements, input and differing members.
final class ConformanceXCTests: XCTestCase {
  func testWindowSuite() {
    checkEach(Conformance.cases(.window), WindowAdapter.check)
  }

  func testValuesSuite() {
    checkEach(Conformance.cases(.values), ValuesAdapter.check)
  }

  private func checkEach(_ cases: [ConformanceCase], _ check: (ConformanceCase) throws -> Void) {
    for conformanceCase in cases {
      do {
        try check(conformanceCase)
      } catch {
        XCTFail("\(error)")
      }
    }
  }
}
