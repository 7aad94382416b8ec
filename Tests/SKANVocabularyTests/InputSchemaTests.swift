import Foundation
import SKANJSON
import SKANTestSupport
import SKANVocabulary
import Testing

/// The hand-written input schemas (`Vectors/schema/inputs/<suite>.input.schema.json`, which
/// `.ci/validate_vectors.py` holds to the vectors) agree with the suites' enums: the input
/// object's members are `Input`'s cases, and `op` lists `Operation`'s cases in their order.
/// The enum is the authority; the schema's prose stays hand-written.
@Suite("Input schemas agree with the vocabulary")
struct InputSchemaTests {
  /// The property names of the object a schema node describes: its own `properties`, and
  /// those of the `allOf`, `anyOf`, `oneOf`, `if`, `then` and `else` branches that say which
  /// members each operation has; not those of nested objects.
  static func memberNames(of node: JSONValue) -> Set<String> {
    var names = Set(node["properties"]?.objectValue?.keys.map { $0 } ?? [])
    for combinator in ["allOf", "anyOf", "oneOf"] {
      for branch in node[combinator]?.arrayValue ?? [] { names.formUnion(memberNames(of: branch)) }
    }
    for conditional in ["if", "then", "else"] {
      if let branch = node[conditional] { names.formUnion(memberNames(of: branch)) }
    }
    return names
  }

  static func schema(of suite: any SuiteVocabulary.Type) throws -> JSONValue {
    let path = RepositoryPaths.vectors + "/schema/inputs/\(suite.id.rawValue).input.schema.json"
    return try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8))
  }

  static func declared<S: SuiteVocabulary>(_ suite: S.Type) -> (input: Set<String>, operations: [String]) {
    (
      Set(S.Input.allCases.map(\.rawValue)),
      S.Operation.self == NoOperation.self ? [] : S.Operation.allCases.map(\.rawValue)
    )
  }

  @Test("each registered suite's schema has exactly its Input members, and its op lists Operation in order")
  func schemasMatchEnums() throws {
    for suite in SuiteRegistry.all {
      let schema = try Self.schema(of: suite)
      let (input, operations) = Self.declared(suite)
      let inSchema = Self.memberNames(of: schema)
      #expect(
        inSchema == input,
        """
        \(suite.id.rawValue): schema only \(inSchema.subtracting(input).sorted()), \
        enum only \(input.subtracting(inSchema).sorted())
        """)
      let opEnum = schema["properties"]?["op"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
      if operations.isEmpty {
        #expect(opEnum == nil, "\(suite.id.rawValue) has no operations, its schema lists op \(opEnum ?? [])")
      } else {
        #expect(opEnum == operations, "\(suite.id.rawValue): schema op \(opEnum ?? []), Operation \(operations)")
      }
    }
  }

  @Test("the walk finds members under operation branches and ignores nested objects")
  func walk() throws {
    let schema = try JSONParser.parse(
      """
      {"properties": {"op": {}}, "allOf": [{"if": {"properties": {"op": {"const": "a"}}},
       "then": {"properties": {"value": {}, "updates": {"items": {"properties": {"at": {}}}}}}}]}
      """)
    #expect(Self.memberNames(of: schema) == ["op", "value", "updates"])
  }
}
