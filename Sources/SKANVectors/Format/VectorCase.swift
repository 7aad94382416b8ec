public import SKANJSON
public import SKANVocabulary

/// One test vector: an input and what a conforming implementation answers.
public struct VectorCase: Sendable, Hashable, Identifiable {
  /// Why the case holds: the basis of the strongest-caveat requirement it tests.
  public enum Basis: String, Sendable, Hashable, CaseIterable {
    /// Every requirement it tests comes from Apple's documentation.
    case apple
    /// It tests a seed document's rule, and no kit-defined one.
    case seed
    /// It tests at least one kit-defined choice: an implementation may differ on purpose
    /// and record that in an expectations file.
    case kitDefined = "kit-defined"
  }

  /// The stable ID, `<suite>/<slug>`. Never reused.
  public var id: String
  /// What the case checks and which mistake it catches.
  public var description: String {
    get { descriptionSource.string }
    set { descriptionSource = SpelledString(newValue) }
  }
  /// The description, as given or as the case's file spells it.
  private var descriptionSource: SpelledString
  /// The requirement IDs it tests.
  public var requirements: [String]
  /// Free tags (`edge-exact`, `sub-second`, `case`, …).
  public var tags: [String]
  /// The input sent to the implementation.
  public var input: JSONValue {
    get { inputSource.value }
    set { inputSource = DeferredJSON(newValue) }
  }
  /// The expected answer: an output, or an error code (its message is not compared).
  /// Changing it drops ``expectedOutputText``, which would no longer spell it.
  public var expected: SuiteResult {
    get {
      switch expectedSource {
      case .output(let output): return .output(output.value)
      case .error(let code): return .error(code: code, message: "")
      }
    }
    set {
      switch newValue {
      case .output(let output): expectedSource = .output(DeferredJSON(output))
      case .error(let code, _): expectedSource = .error(code)
      }
    }
  }
  /// Whether the case expects an output (not an error), read without building that output.
  public var expectsOutput: Bool {
    if case .output = expectedSource { return true }
    return false
  }
  /// The error code the case expects, or `nil` when it expects an output.
  public var expectedErrorCode: String? {
    if case .error(let code) = expectedSource { return code }
    return nil
  }
  /// The expected output as the loader keeps it: a value, or its text until it is read.
  public var expectedOutput: DeferredJSON? {
    if case .output(let output) = expectedSource { return output }
    return nil
  }
  /// The members of the expected output that are diagnostics (SIG-21), sorted: compared only
  /// when an answer carries them, and reported apart from the verdict. Empty for most cases.
  public var diagnostic: [String]
  /// The input as its vector file spells it, on one line, when the case was read from a file:
  /// the runner sends it as it is instead of encoding ``input`` again. It is the same value as
  /// ``input`` (and, for files the kit wrote, the same bytes as its canonical compact form), so
  /// it takes no part in equality. Setting it keeps the value and adds (or drops) its text.
  public var inputText: JSONText? {
    get { inputSource.text }
    set { inputSource = newValue.map { DeferredJSON(text: $0, value: inputSource.value) } ?? DeferredJSON(input) }
  }
  /// The expected output as its vector file spells it, on one line, when the case was read
  /// from a file and expects an output: a reply whose output is these bytes exactly has that
  /// output, diagnostic members included, so a runner can match it without parsing it. Like
  /// ``inputText`` it takes no part in equality.
  public internal(set) var expectedOutputText: JSONText? {
    get { expectedOutput?.text }
    set {
      guard case .output(let output) = expectedSource else { return }
      expectedSource = .output(
        newValue.map { DeferredJSON(text: $0, value: output.value) } ?? DeferredJSON(output.value))
    }
  }
  /// The input, a value or its text (for a case read from a file, ``inputText`` until it is
  /// read).
  public private(set) var inputSource: DeferredJSON
  /// The expected answer, its output a value or its text.
  private var expectedSource: ExpectedSource
  // The one-byte members (`verdictOnly`, `suite`, `basis`) are declared after the others, so
  // that they share one word instead of each padding one: a large file holds many cases.
  /// The suite.
  public var suite: Suite
  /// The basis.
  public var basis: Basis
  /// Whether the case is judged at the verdict level only (`expected.level` `"verdict"`, a
  /// case a user wrote): the diagnostic members of its operation (SIG-21) are never
  /// compared, given or not, even under `--strict-diagnostics`; its ``diagnostic`` is empty.
  /// The kit's own vectors never set it. See ``verdictLevelUncompared``.
  public var verdictOnly: Bool

  /// What a case expects, the output held as ``DeferredJSON``.
  enum ExpectedSource: Sendable {
    case output(DeferredJSON)
    case error(String)
  }

  /// Creates a case.
  public init(
    id: String, suite: Suite, description: String, requirements: [String], basis: Basis,
    tags: [String], input: JSONValue, expected: SuiteResult, diagnostic: [String] = [], verdictOnly: Bool = false
  ) {
    let source: ExpectedSource
    switch expected {
    case .output(let output): source = .output(DeferredJSON(output))
    case .error(let code, _): source = .error(code)
    }
    self.init(
      id: id, suite: suite, description: SpelledString(description), requirements: requirements, basis: basis,
      tags: tags,
      input: DeferredJSON(input), expected: source, diagnostic: diagnostic, verdictOnly: verdictOnly)
  }

  /// A case whose input and expected output may be held as the text a vector file spells
  /// them with (each a value the loader has checked), built only when read; that text is
  /// then ``inputText`` and ``expectedOutputText``.
  init(
    id: String, suite: Suite, description: SpelledString, requirements: [String], basis: Basis, tags: [String],
    input: DeferredJSON, expected: ExpectedSource, diagnostic: [String] = [], verdictOnly: Bool = false
  ) {
    self.id = id
    self.suite = suite
    descriptionSource = description
    self.requirements = requirements
    self.basis = basis
    self.tags = tags
    inputSource = input
    expectedSource = expected
    self.diagnostic = diagnostic
    self.verdictOnly = verdictOnly
  }

  public static func == (left: VectorCase, right: VectorCase) -> Bool {
    left.id == right.id && left.suite == right.suite && left.description == right.description
      && left.requirements == right.requirements && left.basis == right.basis && left.tags == right.tags
      && left.input == right.input && left.expected == right.expected && left.diagnostic == right.diagnostic
      && left.verdictOnly == right.verdictOnly
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(input)
    hasher.combine(expected)
  }

  /// The case as it is written in a vector file.
  public var json: JSONValue {
    var expectedJSON: JSONValue
    switch expected {
    case .output(let output):
      expectedJSON =
        diagnostic.isEmpty
        ? ["output": output] : ["output": output, "diagnostic": .array(diagnostic.map(JSONValue.string))]
    case .error(let code, _): expectedJSON = ["error": .string(code)]
    }
    if verdictOnly, var members = expectedJSON.objectValue {
      members["level"] = "verdict"
      expectedJSON = .object(members)
    }
    return [
      "id": .string(id),
      "description": .string(description),
      "requirements": .array(requirements.map(JSONValue.string)),
      "basis": .string(basis.rawValue),
      "tags": .array(tags.map(JSONValue.string)),
      "input": input,
      "expected": expectedJSON,
    ]
  }
}
