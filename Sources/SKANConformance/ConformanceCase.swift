public import Foundation
public import SKANJSON
public import SKANVectors
import SKANVerdicts
public import SKANVocabulary

/// One case of a suite, for a test that checks an implementation in its own process: the
/// input to give it, and ``check(_:strict:)``, which compares its answer with the vector by
/// the kit's own comparison (the one `skan-conform run` uses) and throws a
/// ``ConformanceError`` that reads as one short issue when the answer does not conform.
///
/// Its ``description`` is the vector ID, so a test runner that names each argument (Swift
/// Testing's `@Test(arguments:)`) names each case by its ID.
public struct ConformanceCase: Sendable, Hashable, Identifiable, CustomStringConvertible {
  /// The vector, as the kit's runner reads it.
  public let vector: VectorCase

  /// Why the vectors could not be read, for the case that stands for them; every answer
  /// fails it.
  let unreadable: String?

  /// Creates a case from a vector.
  public init(_ vector: VectorCase) {
    self.init(vector, unreadable: nil)
  }

  /// Creates a case that every answer fails with `unreadable`.
  init(_ vector: VectorCase, unreadable: String?) {
    self.vector = vector
    self.unreadable = unreadable
  }

  /// The vector ID, `<suite>/<slug>`: stable, never reused.
  public var id: String { vector.id }
  /// The vector ID, the name a test runner shows for the case.
  public var description: String { vector.id }
  /// The suite.
  public var suite: Suite { vector.suite }
  /// What the case checks and which mistake it catches.
  public var checks: String { vector.description }
  /// The requirement IDs the case tests (`Spec/<suite>.md`, "Requirements").
  public var requirements: [String] { vector.requirements }
  /// The case's tags (`edge-exact`, `sub-second`, …).
  public var tags: [String] { vector.tags }

  /// The input, as the kit's JSON value.
  public var input: JSONValue { vector.input }

  /// The input as JSON text on one line, spelled as the vector file spells it (an integral
  /// time written `1700003600123.0` stays a double): the text an adapter would receive.
  public var inputJSON: String {
    if let text = vector.inputText { return text.withBytes { String(decoding: $0, as: UTF8.self) } }
    return CanonicalJSON.compact(vector.input)
  }

  /// ``inputJSON`` as UTF-8 bytes, for `JSONDecoder` or `JSONSerialization`.
  public var inputData: Data { Data(inputJSON.utf8) }

  /// The input decoded by `decoder` into `type`: the usual way for an SDK written with
  /// `Codable` types. A case whose input is invalid on purpose (its expected answer is the
  /// error `invalid-input`) may well not decode: answer that error then.
  /// - Throws: the decoder's error.
  public func decodeInput<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
    try decoder.decode(type, from: inputData)
  }

  /// The expected answer: an output, or an error code (the message is not compared and is
  /// empty here).
  public var expected: ConformanceAnswer {
    switch vector.expected {
    case .output(let output): return .output(output)
    case .error(let code, _): return .error(code: code)
    }
  }

  /// The members of the expected output that are diagnostics (SIG-21): compared only when the
  /// answer has them, and they fail a case only under `strict`. Empty for most cases.
  public var diagnosticMembers: [String] { vector.diagnostic }

  /// Checks `answer` against the case by the kit's own comparison (Spec/README.md, "Comparing
  /// results"): an output is compared member by member at the verdict level (numbers by
  /// value, key order ignored, the diagnostic members only when given), an error by its code
  /// only.
  ///
  /// - Parameter strict: also require every diagnostic member, given and equal, as
  ///   `skan-conform run --strict-diagnostics` does; for an implementation that means to
  ///   match the reference on every member.
  /// - Throws: ``ConformanceError`` naming the vector ID, its requirements, what it checks,
  ///   its input and the differing members, when the answer does not conform.
  public func check(_ answer: ConformanceAnswer, strict: Bool = false) throws(ConformanceError) {
    if let unreadable { throw failure(verdict: CaseStatus.error.rawValue, unreadable, answer.json, []) }
    var reply = answer.json.objectValue ?? [:]
    reply["seq"] = 1
    let result = Verdict.judge(vector, seq: 1, reply: .message(.object(reply)), duration: 0)
    if result.status != .pass {
      throw failure(verdict: result.status.rawValue, result.message ?? "", answer.json, result.differences)
    }
    guard strict, let diagnostics = result.diagnostics, diagnostics.status != .agree else { return }
    let message =
      diagnostics.status == .differ
      ? "diagnostics differ at \(diagnostics.differences.first?.path ?? "?") (strict)"
      : "diagnostics not given: \(diagnostics.missing.joined(separator: ", ")) (strict)"
    throw failure(verdict: CaseStatus.fail.rawValue, message, answer.json, diagnostics.differences)
  }

  /// Checks an output given as JSON text, as ``check(_:strict:)`` does.
  /// - Throws: ``ConformanceError`` when the text is not JSON, or the output does not conform.
  public func check(outputJSON text: String, strict: Bool = false) throws(ConformanceError) {
    let output: JSONValue
    do {
      output = try JSONParser.parse(text)
    } catch {
      throw failure(verdict: CaseStatus.protocolError.rawValue, "the output is not JSON: \(error)", nil, [])
    }
    try check(.output(output), strict: strict)
  }

  /// Checks an output given as an `Encodable` value, encoded by `encoder` (sorted keys do
  /// not matter: members are compared by name), as ``check(_:strict:)`` does.
  /// - Throws: ``ConformanceError`` when the value does not encode to JSON, or the output does
  ///   not conform.
  public func check(
    output value: some Encodable, using encoder: JSONEncoder = JSONEncoder(), strict: Bool = false
  ) throws(ConformanceError) {
    let data: Data
    do {
      data = try encoder.encode(value)
    } catch {
      throw failure(verdict: CaseStatus.protocolError.rawValue, "the output does not encode: \(error)", nil, [])
    }
    try check(outputJSON: String(decoding: data, as: UTF8.self), strict: strict)
  }

  /// Checks an error answer with `code`, as ``check(_:strict:)`` does.
  /// - Throws: ``ConformanceError`` when the case expects an output or another code.
  public func check(errorCode code: String, message: String = "") throws(ConformanceError) {
    try check(.error(code: code, message: message))
  }

  /// The error for an answer that does not conform.
  private func failure(
    verdict: String, _ message: String, _ actual: JSONValue?, _ differences: [JSONDiff.Difference]
  ) -> ConformanceError {
    ConformanceError(
      id: vector.id, requirements: vector.requirements, verdict: verdict, message: message,
      checks: vector.description, input: vector.input, expected: vector.json["expected"] ?? .null, actual: actual,
      differences: differences)
  }
}
