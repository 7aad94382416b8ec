public import SKANJSON
public import SKANVocabulary

/// The vectors of one suite, as one file in `Vectors/`.
public struct VectorFile: Sendable, Hashable {
  /// The vector-file format version this kit writes and reads.
  public static let schemaVersion = 1

  /// The suite.
  public var suite: Suite
  /// The cases, in file order.
  public var cases: [VectorCase]

  /// Creates a file.
  public init(suite: Suite, cases: [VectorCase]) {
    self.suite = suite
    self.cases = cases
  }

  /// The file name inside `Vectors/`.
  public var fileName: String { "\(suite.rawValue).json" }

  /// The file's JSON.
  public var json: JSONValue {
    [
      "$schema": "schema/vector-file.schema.json",
      "schema_version": .integer(Self.schemaVersion),
      "suite": .string(suite.rawValue),
      "description": .string(suite.summary),
      "spec": .string("Spec/\(suite.specDocument)"),
      "number_of_cases": .integer(cases.count),
      "cases": .array(cases.map(\.json)),
    ]
  }

  /// The file's bytes in canonical form.
  public var text: String { CanonicalJSON.pretty(json) }
}
