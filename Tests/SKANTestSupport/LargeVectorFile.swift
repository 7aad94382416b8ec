import Foundation
import SKANJSON

/// A large user vector file: the committed `window` cases repeated under new IDs
/// (`window/large-<index>`), its members written in order as the kit writes them (`cases`
/// first).
public enum LargeVectorFile {
  /// An edit of one case's members, such as ``unknownRequirement(_:)``.
  public typealias Edit = (inout [String: JSONValue]) -> Void

  /// The file's text: `count` cases, with `edits[index]` applied to case `index`.
  public static func text(count: Int, edits: [Int: Edit] = [:]) throws -> String {
    guard let data = FileManager.default.contents(atPath: RepositoryPaths.vectors + "/window.json"),
      let committed = try JSONParser.parse(bytes: Array(data))["cases"]?.arrayValue, !committed.isEmpty
    else { throw CocoaError(.fileReadCorruptFile) }
    var cases: [JSONValue] = []
    cases.reserveCapacity(count)
    for index in 0..<count {
      guard var members = committed[index % committed.count].objectValue else { throw CocoaError(.fileReadCorruptFile) }
      members["id"] = .string("window/large-\(index)")
      edits[index]?(&members)
      cases.append(.object(members))
    }
    let document: JSONValue = [
      "schema_version": 1, "suite": "window", "number_of_cases": .integer(count), "cases": .array(cases),
    ]
    return CanonicalJSON.compact(document)
  }

  /// Names a requirement the Spec does not have.
  public static func unknownRequirement(_ members: inout [String: JSONValue]) { members["requirements"] = ["NOPE-1"] }

  /// Takes the ID of case 100.
  public static func repeatedID(_ members: inout [String: JSONValue]) { members["id"] = "window/large-100" }
}
