import Foundation
import SKANJSON
import SKANModel

/// Reads and checks a `Vectors/` directory.
///
/// It checks the manifest's hashes and counts, each file's schema version (first, before
/// anything else in the file), every case's fields, unique IDs across files, declared case
/// counts, and that every requirement a case names exists. Unknown keys are tolerated, so
/// that newer minor additions do not break older runners.
public enum VectorLoader {
  /// Loads and checks every file the manifest lists.
  /// - Throws: ``VectorsError`` naming the file, the case and the field.
  public static func load(directory: String) throws(VectorsError) -> VectorSet {
    let manifestText = try read(directory + "/manifest.json", name: "manifest.json")
    let manifest = try parse(manifestText, file: "manifest.json")
    try checkSchemaVersion(manifest, file: "manifest.json")
    guard let entries = manifest["files"]?.arrayValue else {
      throw .invalidField(file: "manifest.json", caseID: nil, field: "files", reason: "must be an array")
    }
    var files: [VectorFile] = []
    var firstFile: [String: String] = [:]
    for (index, entry) in entries.enumerated() {
      guard let path = entry["path"]?.stringValue, let sha = entry["sha256"]?.stringValue,
        let count = entry["cases"]?.exactInteger
      else {
        throw .invalidField(
          file: "manifest.json", caseID: nil, field: "files[\(index)]", reason: "needs path, sha256 and cases")
      }
      guard !path.contains("/"), !path.hasPrefix(".") else {
        throw .invalidField(
          file: "manifest.json", caseID: nil, field: "files[\(index)].path",
          reason: "must be a file name in the directory")
      }
      let text = try read(directory + "/" + path, name: path)
      // Decode first: a broken or hand-edited file is best explained by its own error.
      let file = try decodeFile(text, name: path)
      let actual = Manifest.sha256(text)
      guard actual == sha else {
        throw .manifestMismatch(
          file: path,
          reason:
            "sha256 is \(actual) but the manifest says \(sha) (edited by hand? run `skan-conform vectors generate`)")
      }
      guard file.cases.count == count else {
        throw .manifestMismatch(file: path, reason: "has \(file.cases.count) cases but the manifest says \(count)")
      }
      for vector in file.cases {
        if let first = firstFile[vector.id] { throw .duplicateID(id: vector.id, file: path, firstFile: first) }
        firstFile[vector.id] = path
      }
      files.append(file)
    }
    let digest = Manifest(files: files).digest
    return VectorSet(files: files, digest: digest, kitVersion: manifest["kit_version"]?.stringValue ?? "unknown")
  }

  /// Loads loose vector files that no manifest lists, such as the ones `skan-conform fuzz`
  /// writes: every file is decoded and checked as in ``load(directory:)``, IDs must be unique,
  /// and the digest is computed from the files themselves.
  /// - Throws: ``VectorsError`` naming the file, the case and the field.
  public static func load(files paths: [String]) throws(VectorsError) -> VectorSet {
    guard !paths.isEmpty else {
      throw .invalidField(file: "(no file)", caseID: nil, field: "cases", reason: "no vector file was given")
    }
    var files: [VectorFile] = []
    var firstFile: [String: String] = [:]
    for path in paths {
      let name = (path as NSString).lastPathComponent
      let file = try decodeFile(try read(path, name: name), name: name)
      for vector in file.cases {
        if let first = firstFile[vector.id] { throw .duplicateID(id: vector.id, file: name, firstFile: first) }
        firstFile[vector.id] = name
      }
      files.append(file)
    }
    return VectorSet(files: files, digest: Manifest(files: files).digest, kitVersion: Manifest.kitVersion)
  }

  /// Decodes and checks one vector file's text.
  /// - Throws: ``VectorsError`` naming the file, the case and the field.
  public static func decodeFile(_ text: String, name: String) throws(VectorsError) -> VectorFile {
    let root = try parse(text, file: name)
    try checkSchemaVersion(root, file: name)
    guard let suiteName = root["suite"]?.stringValue else {
      throw .invalidField(file: name, caseID: nil, field: "suite", reason: "must be a string")
    }
    guard let suite = Suite(rawValue: suiteName) else {
      throw .invalidField(
        file: name, caseID: nil, field: "suite",
        reason: "\"\(suiteName)\" is not one of \(Suite.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard let declared = root["number_of_cases"]?.exactInteger else {
      throw .invalidField(file: name, caseID: nil, field: "number_of_cases", reason: "must be an integer")
    }
    guard let elements = root["cases"]?.arrayValue else {
      throw .invalidField(file: name, caseID: nil, field: "cases", reason: "must be an array")
    }
    var cases: [VectorCase] = []
    var seen: Set<String> = []
    for (index, element) in elements.enumerated() {
      let vector = try decodeCase(element, index: index, suite: suite, file: name)
      guard seen.insert(vector.id).inserted else { throw .duplicateID(id: vector.id, file: name, firstFile: name) }
      cases.append(vector)
    }
    guard declared == cases.count else { throw .countMismatch(file: name, declared: declared, found: cases.count) }
    return VectorFile(suite: suite, cases: cases)
  }

  private static func decodeCase(_ element: JSONValue, index: Int, suite: Suite, file: String) throws(VectorsError)
    -> VectorCase
  {
    guard let object = element.objectValue else {
      throw .invalidField(file: file, caseID: nil, field: "cases[\(index)]", reason: "must be an object")
    }
    guard let id = object["id"]?.stringValue, !id.isEmpty else {
      throw .invalidField(file: file, caseID: nil, field: "cases[\(index)].id", reason: "must be a non-empty string")
    }
    func invalid(_ field: String, _ reason: String) -> VectorsError {
      .invalidField(file: file, caseID: id, field: field, reason: reason)
    }
    let slug = id.dropFirst(suite.rawValue.count + 1)
    guard id.hasPrefix(suite.rawValue + "/"), !slug.isEmpty,
      slug.utf8.allSatisfy({ $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) })
    else { throw invalid("id", "must be \(suite.rawValue)/<slug> with lower-case letters, digits and hyphens") }
    guard let description = object["description"]?.stringValue, !description.isEmpty else {
      throw invalid("description", "must be a non-empty string")
    }
    guard let requirementValues = object["requirements"]?.arrayValue, !requirementValues.isEmpty else {
      throw invalid("requirements", "must be a non-empty array of requirement IDs")
    }
    var requirements: [String] = []
    for value in requirementValues {
      guard let requirement = value.stringValue else { throw invalid("requirements", "must hold strings") }
      guard RequirementCatalog.requirement(requirement) != nil else {
        throw .unknownRequirement(file: file, caseID: id, requirement: requirement)
      }
      requirements.append(requirement)
    }
    guard let basisText = object["basis"]?.stringValue, let basis = VectorCase.Basis(rawValue: basisText) else {
      throw invalid("basis", "must be apple, seed or kit-defined")
    }
    var tags: [String] = []
    for value in object["tags"]?.arrayValue ?? [] {
      guard let tag = value.stringValue else { throw invalid("tags", "must hold strings") }
      tags.append(tag)
    }
    guard let input = object["input"] else { throw invalid("input", "is missing") }
    guard let expected = object["expected"]?.objectValue else { throw invalid("expected", "must be an object") }
    let result: SuiteResult
    switch (expected["output"], expected["error"]) {
    case (let output?, nil):
      result = .output(output)
    case (nil, let error?):
      guard let code = error.stringValue, !code.isEmpty else {
        throw invalid("expected.error", "must be an error code string")
      }
      result = .error(code: code, message: "")
    default:
      throw invalid("expected", "must have exactly one of output and error")
    }
    return VectorCase(
      id: id, suite: suite, description: description, requirements: requirements, basis: basis, tags: tags,
      input: input, expected: result)
  }

  private static func checkSchemaVersion(_ root: JSONValue, file: String) throws(VectorsError) {
    guard root.objectValue != nil else {
      throw .invalidField(file: file, caseID: nil, field: "(root)", reason: "must be an object")
    }
    guard let version = root["schema_version"] else {
      throw .invalidField(file: file, caseID: nil, field: "schema_version", reason: "is missing")
    }
    guard version.exactInteger == VectorFile.schemaVersion else {
      throw .unsupportedSchemaVersion(file: file, found: version.description, supported: VectorFile.schemaVersion)
    }
  }

  static func read(_ path: String, name: String) throws(VectorsError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .io(file: name, reason: "cannot read \(path)")
    }
    guard let text = String(data: data, encoding: .utf8) else { throw .io(file: name, reason: "is not UTF-8") }
    return text
  }

  static func parse(_ text: String, file: String) throws(VectorsError) -> JSONValue {
    do {
      return try JSONParser.parse(text)
    } catch {
      throw .notJSON(file: file, reason: error.description)
    }
  }
}
