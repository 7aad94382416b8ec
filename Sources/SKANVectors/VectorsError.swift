/// Why vector files could not be read, written or trusted.
///
/// Every case names the file, and where it applies the case ID and the field, so that a
/// person can find the problem without a stack trace.
public enum VectorsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A file could not be read or written.
  case io(file: String, reason: String)
  /// A file is not valid JSON.
  case notJSON(file: String, reason: String)
  /// The file's `schema_version` is not one this kit reads.
  case unsupportedSchemaVersion(file: String, found: String, supported: Int)
  /// A field is missing or has the wrong type or value. `caseID` is `nil` for file-level
  /// fields.
  case invalidField(file: String, caseID: String?, field: String, reason: String)
  /// The same case ID appears twice (in one file or across files).
  case duplicateID(id: String, file: String, firstFile: String)
  /// `number_of_cases` disagrees with the cases present.
  case countMismatch(file: String, declared: Int, found: Int)
  /// A case names a requirement the Spec does not have.
  case unknownRequirement(file: String, caseID: String, requirement: String)
  /// The manifest's hash or count for a file disagrees with the file.
  case manifestMismatch(file: String, reason: String)
  /// A case ID that was once published disappeared without being retired, or a retired ID
  /// came back.
  case idLifecycle(id: String, reason: String)

  public var description: String {
    switch self {
    case .io(let file, let reason):
      return "\(file): \(reason)"
    case .notJSON(let file, let reason):
      return "\(file): not valid JSON: \(reason)"
    case .unsupportedSchemaVersion(let file, let found, let supported):
      return "\(file): schema_version \(found) is not supported (this kit reads version \(supported))"
    case .invalidField(let file, let caseID, let field, let reason):
      if let caseID { return "\(file): case \(caseID): field \(field): \(reason)" }
      return "\(file): field \(field): \(reason)"
    case .duplicateID(let id, let file, let firstFile):
      return "\(file): case \(id): duplicate id (first defined in \(firstFile))"
    case .countMismatch(let file, let declared, let found):
      return "\(file): field number_of_cases: declares \(declared) cases but the file has \(found)"
    case .unknownRequirement(let file, let caseID, let requirement):
      return "\(file): case \(caseID): field requirements: \(requirement) is not a requirement of the Spec"
    case .manifestMismatch(let file, let reason):
      return "manifest.json: \(file): \(reason)"
    case .idLifecycle(let id, let reason):
      return "case \(id): \(reason)"
    }
  }
}
