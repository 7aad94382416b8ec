import SKANVerdicts
import Testing

/// `CaseResult`'s one rule for "as expected", which every report, summary and diff uses.
@Suite("CaseResult: expected and unexpected differences")
struct CaseResultTests {
  static func result(_ status: CaseStatus, expecting expected: CaseStatus? = nil) -> CaseResult {
    var result = CaseResult(id: "values/fine-64", suite: "values", requirements: ["VAL-1"], status: status)
    result.expectedStatus = expected
    return result
  }

  @Test("without an expectation, anything but a pass or a skip is unexpected")
  func withoutExpectation() {
    for status in CaseStatus.allCases {
      let result = Self.result(status)
      #expect(result.isUnexpected == (status != .pass && status != .skipped), "values/fine-64 \(status)")
      #expect(result.isDifference == result.isUnexpected)
      #expect(!result.isExpectedDifference && !result.isUnexpectedPass)
    }
  }

  @Test(
    "with an expectation, only the named status (or a pass) is as expected; a pass is flagged as an unexpected pass")
  func withExpectation() {
    #expect(Self.result(.fail, expecting: .fail).isAsExpected)
    #expect(Self.result(.fail, expecting: .fail).isExpectedDifference)
    #expect(Self.result(.error, expecting: .fail).isUnexpected, "values/fine-64: an error is not the expected fail")
    #expect(Self.result(.crash, expecting: .fail).isUnexpected)
    let passed = Self.result(.pass, expecting: .fail)
    #expect(passed.isAsExpected && passed.isUnexpectedPass && !passed.isExpectedDifference)
  }

  @Test("statuses order from pass to protocol error, as the reports sort them")
  func ordering() {
    #expect(CaseStatus.allCases.sorted() == CaseStatus.allCases)
    #expect(CaseStatus.pass < .fail && .timeout < .crash && .crash < .protocolError)
    #expect(CaseStatus.protocolError.rawValue == "protocol-error")
  }

  @Test("a status's ordinal is its place in allCases, and counts by ordinal give the statuses that occur")
  func ordinals() {
    #expect(CaseStatus.allCases.map(\.ordinal) == Array(CaseStatus.allCases.indices))
    var counted = [Int](repeating: 0, count: CaseStatus.allCases.count)
    for status in [CaseStatus.fail, .pass, .fail, .protocolError] { counted[status.ordinal] += 1 }
    #expect(CaseStatus.counts(counted) == [.pass: 1, .fail: 2, .protocolError: 1])
  }
}
