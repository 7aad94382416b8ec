import SKANJSON

/// What every layer may know about a suite without the reference: its identifier, its summary,
/// the names of its operations and members, and which output members are diagnostics.
///
/// Each suite is one type (`WindowSuite`, …) conforming here in SKANVocabulary; the layers
/// above add their behaviour by conforming the same type to their own refinement (the codec
/// in SKANSuiteCodecs). `SuiteRegistry.all` is the one list of them.
public protocol SuiteVocabulary: Sendable {
  /// The operations chosen by the input's `op`; `NoOperation` for a suite with one.
  associatedtype Operation: MemberName = NoOperation
  /// The members of the input object.
  associatedtype Input: MemberName
  /// The members of the output object (of every operation).
  associatedtype Output: MemberName

  /// The suite's name in `Vectors/`, requirement areas and on the wire.
  static var id: SuiteID { get }
  /// A one-line description, for listings and the vector files.
  static var summary: String { get }
  /// The Spec requirements this suite's vectors test, in the order of its Spec tables: the
  /// suite owns them, and `RequirementCatalog.all` is the general rules followed by every
  /// registered suite's.
  static var requirements: [Requirement] { get }
  /// Where the diagnostics of `operation`'s output are, rather than the behaviour under test
  /// (SIG-21): top-level members, or a member of each element of a top-level array; sorted
  /// by their text; none by default. `nil` is an unknown or absent `op`.
  static func diagnosticPaths(of operation: Operation?) -> [DiagnosticPath]
}

extension SuiteVocabulary {
  /// No diagnostics: every output member is behaviour.
  public static func diagnosticPaths(of operation: Operation?) -> [DiagnosticPath] { [] }

  /// The texts of the diagnostic paths for `input`, whose `op` (the Spec's name for the
  /// operation member in every suite that has one) chooses the operation.
  static func diagnosticPathTexts(for input: JSONValue) -> [String] {
    let operation = Input(rawValue: "op").flatMap { input[$0]?.stringValue }.flatMap(Operation.init(rawValue:))
    return diagnosticPaths(of: operation).map(\.description)
  }
}
