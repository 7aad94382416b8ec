import SKANJSON
import SKANVectors
import SKANVerdicts
import SKANVocabulary
import Testing

/// Diagnostics inside an array (`arrivals[].reason`, the receiving suite's; Spec/README.md,
/// "Comparing results"): the verdict level compares every other member of every element,
/// and the diagnostic is compared where the answer gives it.
@Suite("Diagnostics at a path")
struct DiagnosticPathTests {
  /// A receiving-shaped expected output: three arrivals, each with a status and a reason.
  static let expected: JSONValue = [
    "arrivals": [
      ["status": "counted", "reason": "ok"],
      ["status": "duplicate", "reason": "ok"],
      ["status": "rejected", "reason": "bad-signature"],
    ],
    "totals": ["counted": 1],
  ]

  static let vector = VectorCase(
    id: "receiving/x", suite: .signature, description: "d", requirements: [], basis: .apple, tags: [],
    input: [:], expected: .output(expected), diagnostic: ["arrivals[].reason"])

  /// The expected output with `edit` applied to arrival `index`.
  static func answer(_ index: Int, _ edit: (inout [String: JSONValue]) -> Void) -> SuiteResult {
    var arrivals = (expected["arrivals"]?.arrayValue ?? [])
    var element = arrivals[index].objectValue ?? [:]
    edit(&element)
    arrivals[index] = .object(element)
    return .output(expected.setting("arrivals", .array(arrivals)))
  }

  @Test("a path's text reads back, and malformed ones are refused")
  func texts() {
    #expect(DiagnosticPath("arrivals[].reason")?.member == "arrivals")
    #expect(DiagnosticPath("arrivals[].reason")?.element == "reason")
    #expect(DiagnosticPath("reason")?.element == nil)
    #expect(DiagnosticPath("arrivals[].reason")?.description == "arrivals[].reason")
    #expect(DiagnosticPath("résumé[].raison")?.member == "résumé")
    #expect(DiagnosticPath("résumé[].raison")?.element == "raison")
    for bad in [
      "", "arrivals.reason", "arrivals[]", "[].reason", "a[].b[].c", "a[].b.c", "a[0].b", "a[].", ".b", "a]", "é.b",
    ] {
      #expect(DiagnosticPath(bad) == nil, "\(bad)")
    }
  }

  @Test("the expected output itself agrees")
  func agrees() {
    let judged = Self.vector.judgement(.output(Self.expected))
    #expect(judged.mismatch == nil)
    #expect(judged.diagnostics?.status == .agree)
  }

  @Test("one arrival's reason differing, in the middle: the verdict passes, the diagnostic differs there")
  func reasonDiffers() {
    let judged = Self.vector.judgement(Self.answer(1) { $0["reason"] = "bad-signature" })
    #expect(judged.mismatch == nil)
    #expect(judged.diagnostics?.status == .differ)
    #expect(judged.diagnostics?.differences.map(\.path).contains { $0.contains("arrivals[1]") } == true)
  }

  @Test("no reason anywhere is not-given; one arrival without its reason too")
  func notGiven() {
    var arrivals = (Self.expected["arrivals"]?.arrayValue ?? [])
    arrivals = arrivals.map { $0.setting("reason", nil) }
    let none = Self.vector.judgement(.output(Self.expected.setting("arrivals", .array(arrivals))))
    #expect(none.mismatch == nil)
    #expect(none.diagnostics?.status == .notGiven)
    #expect(none.diagnostics?.missing == ["arrivals[].reason"])
    let one = Self.vector.judgement(Self.answer(1) { $0["reason"] = nil })
    #expect(one.mismatch == nil)
    #expect(one.diagnostics?.status == .notGiven)
  }

  @Test("another member of one arrival differing fails at the verdict level, named at its place")
  func verdictDiffers() {
    let judged = Self.vector.judgement(Self.answer(2) { $0["status"] = "counted" })
    #expect(judged.mismatch?.message.contains("arrivals[2]") == true, "\(String(describing: judged.mismatch))")
    #expect(judged.diagnostics?.status == .agree)
  }

  @Test("an answer that drops an arrival fails at the verdict level")
  func droppedArrival() {
    var arrivals = (Self.expected["arrivals"]?.arrayValue ?? [])
    arrivals.remove(at: 1)
    let judged = Self.vector.judgement(.output(Self.expected.setting("arrivals", .array(arrivals))))
    #expect(judged.mismatch != nil)
    // Elements are paired by index: the third expected reason has no arrival to come from.
    #expect(judged.diagnostics?.status == .differ)
    #expect(judged.diagnostics?.missing == ["arrivals[].reason"])
  }

  @Test("an answer whose arrivals is not an array fails at the verdict level, its reasons not given")
  func arrivalsNotObjects() {
    let judged = Self.vector.judgement(.output(Self.expected.setting("arrivals", "none")))
    #expect(judged.mismatch != nil)
    #expect(judged.diagnostics?.status == .notGiven)
  }

  @Test("a vector file may list a path whose array holds the member; not one whose array does not")
  func loaderPaths() throws {
    func file(_ expected: String) -> String {
      """
      {"schema_version": 1, "suite": "window", "number_of_cases": 1, "cases": [
        {"id": "window/a", "description": "d", "requirements": ["WIN-1"], "basis": "apple", "tags": [],
         "input": {}, "expected": \(expected)}]}
      """
    }
    let loaded = try VectorLoader.decodeFile(
      file(#"{"output": {"a": [{"b": 1}, {"b": 2}]}, "diagnostic": ["a[].b"]}"#), name: "window.json")
    #expect(loaded.cases.first?.diagnostic == ["a[].b"])
    for refused in [
      #"{"output": {"a": [{"c": 1}]}, "diagnostic": ["a[].b"]}"#,
      #"{"output": {"a": {"b": 1}}, "diagnostic": ["a[].b"]}"#,
      #"{"output": {"a": [{"b": 1}]}, "diagnostic": ["a.b"]}"#,
    ] {
      #expect(throws: VectorsError.self, "\(refused)") {
        _ = try VectorLoader.decodeFile(file(refused), name: "window.json")
      }
    }
  }
}
