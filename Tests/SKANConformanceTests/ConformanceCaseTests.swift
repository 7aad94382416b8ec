import Foundation
import SKANConformance
import SKANJSON
import SKANModel
import SKANSuites
import Testing

/// The library an SDK's test target uses: the cases of a suite as test arguments, and the
/// kit's own comparison of an answer with a vector.
struct ConformanceCaseTests {
  /// The reference's answer to every case of every suite conforms: the check accepts right
  /// answers, with messages and member order the reference's own.
  @Test(arguments: SKANModel.Suite.allCases)
  func referenceAnswersConform(_ suite: Suite) throws {
    let cases = Conformance.cases(suite)
    #expect(cases.count > 10, "suite \(suite.rawValue) has \(cases.count) cases")
    for conformanceCase in cases {
      let answer: ConformanceAnswer =
        switch suite.evaluate(conformanceCase.input) {
        case .output(let output): .output(output)
        case .error(let code, let message): .error(code: code, message: message)
        }
      try conformanceCase.check(answer)
    }
  }

  /// The integration the README shows, one test per case: each case's own expected answer
  /// conforms, and the case is named by its vector ID.
  @Test(arguments: Conformance.cases(.window))
  func expectedAnswerConforms(_ conformanceCase: ConformanceCase) throws {
    #expect(conformanceCase.description == conformanceCase.id)
    #expect(conformanceCase.id.hasPrefix("window/"))
    try conformanceCase.check(conformanceCase.expected)
  }

  /// One wrong member in one case in the middle of a suite fails that case alone, and the
  /// error names the vector ID, the member, what the case checks, its input, the expected
  /// and the actual answer.
  @Test func wrongMemberMidSuiteNamesCaseAndMember() throws {
    let cases = Conformance.cases(.window)
    let outputs = cases.indices.filter { cases[$0].expected.outputJSONObject != nil }
    let target = outputs[outputs.count / 2]
    #expect(target > 0 && target < cases.count - 1)
    var failures: [ConformanceError] = []
    for (index, conformanceCase) in cases.enumerated() {
      var answer = conformanceCase.expected
      if index == target, var members = answer.outputJSONObject {
        members["window_end"] = .integer((members["window_end"]?.exactInteger ?? 0) + 1)
        answer = .output(.object(members))
      }
      do {
        try conformanceCase.check(answer)
      } catch {
        failures.append(error)
      }
    }
    let wrong = cases[target]
    #expect(failures.map(\.id) == [wrong.id])
    let text = try #require(failures.first).description
    #expect(text.hasPrefix("\(wrong.id): fail: output differs at $.window_end"), "\(text)")
    #expect(text.contains("  checks: \(wrong.checks)"), "\(text)")
    #expect(text.contains("  input:\n    {"), "\(text)")
    #expect(text.contains("  expected:\n    {\n      \"output\": {"), "\(text)")
    #expect(text.contains("  actual:\n    {\n      \"output\": {"), "\(text)")
    #expect(text.contains("  differences:\n    $.window_end: "), "\(text)")
    #expect(failures.first?.differences.map(\.path) == ["$.window_end"])
  }

  /// An error where an output is expected is the verdict `error`; the wrong error code too;
  /// an output where an error is expected is `fail`.
  @Test func errorsAndOutputsCrossed() throws {
    let cases = Conformance.cases(.window)
    let outputCase = try #require(cases.first { $0.expected.outputJSONObject != nil })
    let errorCase = try #require(cases.first { $0.expected.outputJSONObject == nil })
    let crossed = #expect(throws: ConformanceError.self) { try outputCase.check(errorCode: "invalid-input") }
    #expect(crossed?.verdict == "error")
    #expect(crossed?.id == outputCase.id)
    let wrongCode = #expect(throws: ConformanceError.self) { try errorCase.check(errorCode: "no-such-code") }
    #expect(wrongCode?.verdict == "error")
    #expect(wrongCode?.differences.map(\.path) == ["$.error.code"])
    let output = #expect(throws: ConformanceError.self) { try errorCase.check(outputCase.expected) }
    #expect(output?.verdict == "fail")
    // The message is never compared.
    if case .error(let code, _) = errorCase.expected {
      try errorCase.check(errorCode: code, message: "any words")
    }
  }

  /// An output given as JSON text or as an `Encodable` value is compared by value: member
  /// order and `2` against `2.0` do not matter; text that is not JSON is a protocol error.
  @Test func textAndEncodableOutputs() throws {
    let exact = try #require(Conformance.case("window/p1-48h-exact"))
    try exact.check(
      outputJSON:
        #"{"window_start": 1700172800123, "measurement_over": false, "window_end": 1700604800123.0, "window": 1}"#)
    try exact.check(output: Window(window: 1, windowStart: 1_700_172_800_123, windowEnd: 1_700_604_800_123))
    let wrong = #expect(throws: ConformanceError.self) {
      try exact.check(output: Window(window: 0, windowStart: 1_700_172_800_123, windowEnd: 1_700_604_800_123))
    }
    #expect(wrong?.differences.map(\.path) == ["$.window"])
    let notJSON = #expect(throws: ConformanceError.self) { try exact.check(outputJSON: "{window: 1}") }
    #expect(notJSON?.verdict == "protocol-error")
    #expect(notJSON?.description.hasPrefix("window/p1-48h-exact: protocol-error: the output is not JSON") == true)
  }

  /// The input is given as the vector file spells it: a time written as an integral double
  /// stays one, and decodes with `JSONDecoder`.
  @Test func inputAsTheFileSpellsIt() throws {
    let double = try #require(Conformance.case("window/at-integral-double"))
    #expect(double.inputJSON.contains("1700003600123.0"), "\(double.inputJSON)")
    let decoded = try double.decodeInput([String: Double].self)
    #expect(decoded["at"] == 1_700_003_600_123)
    #expect(Conformance.case("window/no-such-case") == nil)
    #expect(Conformance.vectorsDigest?.isEmpty == false)
  }

  /// Diagnostic members (SIG-21) are compared only when given, and required under `strict`.
  @Test func diagnosticsOnlyUnderStrict() throws {
    let cases = Conformance.cases(.signature).filter { !$0.diagnosticMembers.isEmpty }
    let withDiagnostics = try #require(cases.dropFirst(cases.count / 2).first)
    var members = try #require(withDiagnostics.expected.outputJSONObject)
    let member = withDiagnostics.diagnosticMembers[0]
    members[member] = nil
    try withDiagnostics.check(.output(.object(members)))
    let strict = #expect(throws: ConformanceError.self) {
      try withDiagnostics.check(.output(.object(members)), strict: true)
    }
    #expect(strict?.id == withDiagnostics.id)
    #expect(strict?.message.contains(member) == true, "\(String(describing: strict?.message))")
  }

  /// The `window` output as an SDK might model it.
  struct Window: Encodable {
    var window: Int?
    var windowStart: Int?
    var windowEnd: Int?
    var measurementOver = false

    enum CodingKeys: String, CodingKey {
      case window
      case windowStart = "window_start"
      case windowEnd = "window_end"
      case measurementOver = "measurement_over"
    }
  }
}

extension ConformanceAnswer {
  /// The output's members, or `nil` for an error.
  fileprivate var outputJSONObject: [String: JSONValue]? {
    if case .output(let output) = self { return output.objectValue }
    return nil
  }
}
