import Foundation
import SKANJSON
import SKANTestSupport
import SKANVocabulary
import Testing

/// The vector schemas (`Vectors/schema/*.schema.json`, which `.ci/validate_vectors.py` holds
/// the vectors to) are hand-written data that name the suites: a registered suite missing
/// from them would make every file of it invalid. This names what to add, and where.
@Suite("Vector schemas name the registered suites")
struct VectorSchemaSuiteTests {
  static let suites = SuiteRegistry.all.map { $0.id.rawValue }

  static func schema(_ name: String) throws -> JSONValue {
    try JSONParser.parse(String(contentsOfFile: RepositoryPaths.vectors + "/schema/" + name, encoding: .utf8))
  }

  @Test("vector-file.schema.json: the suite enum, the case ID pattern and one ID rule per suite")
  func vectorFile() throws {
    let schema = try Self.schema("vector-file.schema.json")
    let names = schema["$defs"]?["suite"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
    #expect(names == Self.suites, "$defs.suite.enum should be \(Self.suites)")
    let pattern = schema["$defs"]?["caseID"]?["pattern"]?.stringValue
    let wanted = "^(" + Self.suites.joined(separator: "|") + ")/[a-z0-9-]+$"
    #expect(pattern == wanted, "$defs.caseID.pattern should be \(wanted)")
    let rules = (schema["allOf"]?.arrayValue ?? []).compactMap { rule -> String? in
      guard let suite = rule["if"]?["properties"]?["suite"]?["const"]?.stringValue,
        rule["then"]?["properties"]?["cases"]?["items"]?["properties"]?["id"]?["pattern"] == .string("^\(suite)/")
      else { return nil }
      return suite
    }
    #expect(rules == Self.suites, "allOf needs, per suite, an if suite = S then case IDs ^S/ rule")
  }

  @Test("manifest.schema.json and retired-ids.schema.json name the same suites")
  func manifestAndRetired() throws {
    let manifest = try Self.schema("manifest.schema.json")
    let names = manifest["properties"]?["files"]?["items"]?["properties"]?["suite"]?["enum"]?.arrayValue?
      .compactMap(\.stringValue)
    #expect(names == Self.suites, "manifest.schema.json files[].suite enum should be \(Self.suites)")
    let retired = try Self.schema("retired-ids.schema.json")
    let pattern = retired["properties"]?["retired"]?["items"]?["properties"]?["id"]?["pattern"]?.stringValue
    #expect(
      pattern == "^(" + Self.suites.joined(separator: "|") + ")/[a-z0-9-]+$",
      "retired-ids.schema.json retired[].id pattern")
  }
}
