import SKANConformance
import XCTest

/// XCTest: the same cases in one test method; each case that does not conform is reported on
/// its own, with its vector ID, input, expected and actual answers.
final class WindowConformanceXCTests: XCTestCase {
  func testWindowSuite() {
    for conformanceCase in Conformance.cases(.window) {
      do {
        try WindowAdapter.check(conformanceCase)
      } catch {
        XCTFail("\(error)")
      }
    }
  }
}
