import Foundation
import SKANConformance
import SKANJSON
import SKANModel
import SKANSuiteCodecs
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
    #expect(text.hasPrefix("\(wrong.id): fail: output differs at $.window_end\n"), "\(text)")
    #expect(text.contains("\n  requirements: \(wrong.requirements.joined(separator: ", "))\n"), "\(text)")
    #expect(text.contains("\n  checks: \(wrong.checks)\n"), "\(text)")
    #expect(text.contains("\n  input: \(CanonicalJSON.compact(wrong.input))\n"), "\(text)")
    let expectedEnd = wrong.expected.outputJSONObject?["window_end"] ?? .null
    let actualEnd = JSONValue.integer((expectedEnd.exactInteger ?? 0) + 1)
    #expect(text.hasSuffix("\n  differences:\n    $.window_end: expected \(expectedEnd), got \(actualEnd)"), "\(text)")
    #expect(failures.first?.differences.map(\.path) == ["$.window_end"])
  }

  /// A failing answer reads as one short issue: the vector ID and the reason, the
  /// requirements, what the case checks, the input on one line, and the first five differing
  /// members, each `path: expected X, got Y`, with how many more there are; never the whole
  /// expected and actual answers.
  @Test func failureIsOneShortIssue() throws {
    let wrong = try #require(Conformance.case("values/timeline-every-window-updated"))
    let expected = try #require(wrong.expected.outputJSONObject)
    let error = try #require(
      #expect(throws: ConformanceError.self) { try wrong.check(.output(JSONValue.object(expected).plusOne)) })
    #expect(error.differences.count > 8, "\(error.differences)")
    let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 11, "\(error)")
    guard lines.count == 11 else { return }
    #expect(lines[0] == "\(wrong.id): fail: output differs at \(error.differences[0].path)")
    #expect(lines[1] == "  requirements: \(wrong.requirements.joined(separator: ", "))")
    #expect(lines[2] == "  checks: \(wrong.checks)")
    let input = CanonicalJSON.compact(wrong.input)
    let limit = ConformanceError.fieldLimit
    #expect(input.count > limit)
    #expect(lines[3] == "  input: \(input.prefix(limit))… (cut at \(limit) of \(input.count) characters)")
    #expect(lines[4] == "  differences:")
    #expect(Array(lines[5..<10]) == error.differences.prefix(5).map { "    \($0)" })
    #expect(lines[10] == "    … \(error.differences.count - 5) more differences")
  }

  /// Text in an answer reaches the report only visibly: a message with a line break and a
  /// bidirectional override stays on its line, both written as escapes, and a long one is cut.
  @Test func answerTextStaysVisibleAndBounded() throws {
    let outputCase = try #require(Conformance.cases(.window).first { $0.expected.outputJSONObject != nil })
    let message = "line one\nforged: 0 failed \u{202E}" + String(repeating: "x", count: 1000)
    let error = try #require(
      #expect(throws: ConformanceError.self) { try outputCase.check(errorCode: "invalid-input", message: message) })
    let text = error.description
    #expect(!text.unicodeScalars.contains("\u{202E}"), "\(text)")
    #expect(!text.contains("\nforged"), "\(text)")
    let first = try #require(text.split(separator: "\n").first)
    #expect(first.hasPrefix("\(outputCase.id): error: error invalid-input (line one\\u{A}forged: 0 failed \\u{202E}x"))
    #expect(first.hasSuffix(" characters)"), "\(first)")
    #expect(first.count < ConformanceError.fieldLimit + 100, "\(first.count)")
    #expect(text.split(separator: "\n").count <= 7, "\(text)")
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
    // The output given where an error was expected is shown, on one line.
    let text = try #require(output).description
    #expect(text.contains("\n  actual: {\"output\":{"), "\(text)")
    guard case .error(let code, _) = errorCase.expected else { return }
    #expect(text.hasSuffix("\n  differences:\n    $.error.code: expected \"\(code)\", got (absent)"), "\(text)")
    // The message is never compared.
    try errorCase.check(errorCode: code, message: "any words")
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

extension JSONValue {
  /// The value with every integer in it one larger.
  fileprivate var plusOne: JSONValue {
    switch self {
    case .integer(let number): return .integer(number + 1)
    case .array(let elements): return .array(elements.map(\.plusOne))
    case .object(let members): return .object(members.mapValues(\.plusOne))
    default: return self
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
