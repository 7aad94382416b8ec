import SKANJSON
import SKANVectors

/// `Vectors/retired-ids.json`: IDs that were published once and removed. A removed ID must
/// be listed here, and a listed ID can never come back, so expectation files that name it
/// keep meaning what they meant.
struct RetiredIDs {
  static let path = "Vectors/retired-ids.json"
  var ids: Set<String>

  static func load(root: String) throws(VectorsError) -> RetiredIDs {
    let text = try VectorLoader.read(root + "/" + path, name: path)
    let json = try VectorLoader.parse(text, file: path)
    guard let entries = json["retired"]?.arrayValue else {
      throw .invalidField(file: path, caseID: nil, field: "retired", reason: "must be an array")
    }
    var ids: Set<String> = []
    for (index, entry) in entries.enumerated() {
      guard let id = entry["id"]?.stringValue, entry["reason"]?.stringValue != nil else {
        throw .invalidField(file: path, caseID: nil, field: "retired[\(index)]", reason: "needs id and reason strings")
      }
      ids.insert(id)
    }
    return RetiredIDs(ids: ids)
  }

  /// Problems with moving from the committed IDs to the generated ones.
  func problems(committed: Set<String>, generated: Set<String>) -> [VectorsError] {
    var found: [VectorsError] = []
    for id in committed.subtracting(generated).sorted() where !ids.contains(id) {
      found.append(
        .idLifecycle(id: id, reason: "was published and is no longer generated; list it in \(Self.path) with a reason"))
    }
    for id in generated.intersection(ids).sorted() {
      found.append(.idLifecycle(id: id, reason: "is retired in \(Self.path) and must not be reused; pick a new ID"))
    }
    return found
  }
}
