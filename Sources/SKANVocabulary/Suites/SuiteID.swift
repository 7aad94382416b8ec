public import SKANJSON

/// A suite of the kit, one per area of the Spec. The raw value is the suite's name in
/// `Vectors/`, in requirement areas and on the wire. Each suite declares its own constant
/// (`SuiteID.window` in `WindowSuite.swift`); only registered names make a `SuiteID`.
public struct SuiteID: RawRepresentable, Hashable, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  /// The suite's name.
  public let rawValue: String

  /// The registered suite named `rawValue`; `nil` for any other name.
  public init?(rawValue: String) {
    guard SuiteRegistry.byID[SuiteID(declaring: rawValue)] != nil else { return nil }
    self.rawValue = rawValue
  }

  /// For a suite's own `static let`, next to its vocabulary.
  init(declaring name: String) { rawValue = name }

  /// Every registered suite, in the registry's order.
  public static var allCases: [SuiteID] { SuiteRegistry.all.map { $0.id } }

  /// The suite's vocabulary type.
  public var vocabulary: any SuiteVocabulary.Type { SuiteRegistry.suite(self) }

  /// A one-line description, for listings and the vector files.
  public var summary: String { vocabulary.summary }

  /// The Spec document for the suite, relative to `Spec/`.
  public var specDocument: String { "\(rawValue).md" }

  public var description: String { rawValue }

  /// Where this suite's output for `input` holds diagnostics rather than the behaviour
  /// under test, as ``DiagnosticPath`` texts (a member, or `array[].member`): compared only
  /// when an answer carries them, and reported apart from conformance (Spec/README.md,
  /// "Comparing results"). Only the `signature` and `receiving` suites have any (SIG-21); in
  /// every other suite each output member is behaviour.
  public func diagnosticMembers(for input: JSONValue) -> [String] {
    vocabulary.diagnosticPathTexts(for: input)
  }

  /// The suite's place in `allCases`.
  var order: Int { SuiteRegistry.all.firstIndex { $0.id == self } ?? .max }

  public static func < (lhs: SuiteID, rhs: SuiteID) -> Bool { lhs.order < rhs.order }
}

/// The former name of `SuiteID`, kept so that code written against the enum still compiles.
public typealias Suite = SuiteID
