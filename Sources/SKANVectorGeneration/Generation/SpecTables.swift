import Foundation
import SKANModel
import SKANSuiteCodecs
import SKANVectors

/// Regenerates the requirement tables inside `Spec/*.md`, between markers, from the
/// requirement catalog and the vectors. The prose around the markers is left as written.
enum SpecTables {
  static let begin = "<!-- BEGIN GENERATED: requirements "
  static let end = "<!-- END GENERATED: requirements -->"

  /// Spec documents and the requirement areas whose tables they hold, in area order; each
  /// area names its own document (``Requirement/Area/document``).
  static var documents: [(file: String, areas: [Requirement.Area])] {
    var order: [String] = []
    var areas: [String: [Requirement.Area]] = [:]
    for area in Requirement.Area.allCases {
      if areas[area.document] == nil { order.append(area.document) }
      areas[area.document, default: []].append(area)
    }
    return order.map { ("Spec/\($0)", areas[$0] ?? []) }
  }

  static func render(root: String, files: [VectorFile]) throws(VectorsError) -> [(path: String, text: String)] {
    var vectorsByRequirement: [String: [String]] = [:]
    for file in files {
      for vector in file.cases {
        for requirement in vector.requirements { vectorsByRequirement[requirement, default: []].append(vector.id) }
      }
    }
    var outputs: [(path: String, text: String)] = []
    for (file, areas) in documents {
      let path = root + "/" + file
      guard let data = FileManager.default.contents(atPath: path), let original = String(data: data, encoding: .utf8)
      else {
        throw .io(file: file, reason: "cannot read the Spec document whose requirement table is generated")
      }
      var text = original
      for area in areas {
        text = try replaceBlock(
          in: text, file: file, area: area, with: table(area: area, vectors: vectorsByRequirement))
      }
      outputs.append((file, text))
    }
    return outputs
  }

  private static func replaceBlock(
    in text: String, file: String, area: Requirement.Area, with body: String
  ) throws(VectorsError) -> String {
    let open = "\(begin)\(area.rawValue) -->"
    guard let start = text.range(of: open), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
    else {
      throw .invalidField(
        file: file, caseID: nil, field: area.rawValue, reason: "missing the markers `\(open)` … `\(end)`")
    }
    return text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: "\n" + body)
  }

  private static func table(area: Requirement.Area, vectors: [String: [String]]) -> String {
    var lines = [
      "| ID | Level | Basis | Requirement | Source |",
      "| --- | --- | --- | --- | --- |",
    ]
    let requirements = RequirementCatalog.all.filter { $0.area == area }
    for requirement in requirements {
      var source = requirement.source
      if let alternative = requirement.alternative { source += " **Alternative:** \(alternative)" }
      lines.append(
        "| \(requirement.id) | \(requirement.level.rawValue) | \(requirement.basis.rawValue) | \(escape(requirement.statement)) | \(escape(source)) |"
      )
    }
    lines.append("")
    lines.append("Vectors that test each requirement:")
    lines.append("")
    for requirement in requirements {
      let ids = vectors[requirement.id] ?? []
      let list = ids.isEmpty ? "**none**" : ids.map { "`\($0)`" }.joined(separator: ", ")
      lines.append("- **\(requirement.id)** (\(ids.count)): \(list)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
