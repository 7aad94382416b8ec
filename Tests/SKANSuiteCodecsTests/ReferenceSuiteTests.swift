import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVocabulary
import Testing

/// Every registered suite has its codec, and the codecs' "is not a, b or c" messages, now
/// built from the suites' names, keep their wording.
@Suite("Reference suites")
struct ReferenceSuiteTests {
  @Test("every registered suite has a ReferenceSuite conformance, in the registry's order")
  func everySuiteConforms() {
    for suite in SuiteRegistry.all {
      #expect(
        suite is any ReferenceSuite.Type, "suite \(suite.id) has no ReferenceSuite conformance in SKANSuiteCodecs")
    }
    #expect(ReferenceSuites.all.map { $0.id } == SuiteID.allCases)
  }

  /// An unknown operation or choice, and the message the codec gave before its names moved
  /// to an enum (postback's conversion_type and attribution's kind need a fuller input and
  /// are left to the message tests).
  static let unknownOperations: [(SuiteID, JSONValue, String)] = [
    (.values, ["op": "nope"], "input.op \"nope\" is not fine, coarse, coarse-code, synthesize-fine, lock or timeline"),
    (
      .lifecycle, ["steps": [["at": 0, "op": "nope"]]],
      "input.steps[0].op \"nope\" is not register, server-response or revenue"
    ),
    (.attribution, ["op": "nope"], "input.op \"nope\" is not attribute or route"),
    (.s2s, ["op": "nope"], "input.op \"nope\" is not sign, validate-request, build-request or parse-response"),
    (.s2s, ["op": "build-request", "api": "nope"], "input.api \"nope\" is not appsflyer or singular"),
    (
      .s2s, ["op": "parse-response", "api": "nope", "body": [:]],
      "input.api \"nope\" is not appsflyer-v1, appsflyer-v2 or singular"
    ),
    (
      .signature, ["op": "nope"],
      "input.op \"nope\" is not verify-postback, impression-signed-string, verify-impression, verify-aak-postback, verify-aak-impression or aak-impression-signing-input"
    ),
    (
      .signature, ["op": "impression-signed-string", "kind": "nope"],
      "input.kind \"nope\" is not storekit-rendered, view-through or web"
    ),
  ]

  @Test("an unknown operation is invalid-input, worded as before", arguments: unknownOperations.indices)
  func unknownOperation(_ index: Int) {
    let (suite, input, message) = Self.unknownOperations[index]
    #expect(suite.evaluate(input) == .error(code: ModelError.Code.invalidInput.rawValue, message: message), "\(suite)")
  }
}
