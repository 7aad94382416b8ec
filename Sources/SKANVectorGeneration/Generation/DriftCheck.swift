import Foundation
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors

/// Compares what the generator makes now with what is committed, and writes it.
public enum DriftCheck {
  /// The result of a check.
  public struct Report: Sendable {
    /// One line per problem, each naming the file and, for vectors, the case.
    public var problems: [String]
    /// The number of files compared.
    public var filesChecked: Int
    /// Whether every committed byte matches.
    public var isClean: Bool { problems.isEmpty }
  }

  /// Regenerates in memory and compares with the files under `root`.
  /// - Throws: ``VectorsError`` when generation itself fails.
  public static func check(root: String) throws(VectorsError) -> Report {
    let outputs = try VectorGenerator.outputs(root: root)
    var problems: [String] = []
    var committedIDs: Set<String> = []
    var generatedIDs: Set<String> = []
    for (path, text) in outputs {
      let committed = FileManager.default.contents(atPath: root + "/" + path).flatMap {
        String(data: $0, encoding: .utf8)
      }
      if path.hasPrefix("Vectors/"), path != "Vectors/manifest.json" {
        generatedIDs.formUnion(ids(in: text, name: path))
        if let committed { committedIDs.formUnion(ids(in: committed, name: path)) }
      }
      guard let committed else {
        problems.append("\(path): missing; run `skan-conform vectors generate`")
        continue
      }
      guard committed != text else { continue }
      problems += describe(path: path, committed: committed, generated: text)
    }
    let retired = try RetiredIDs.load(root: root)
    problems += retired.problems(committed: committedIDs, generated: generatedIDs).map(\.description)
    return Report(problems: problems, filesChecked: outputs.count)
  }

  /// Writes every generated file under `root`.
  /// - Returns: the paths whose bytes changed.
  /// - Throws: ``VectorsError`` when generation fails, an ID would be lost or reused, or
  ///   a file cannot be written.
  public static func write(root: String) throws(VectorsError) -> [String] {
    let outputs = try VectorGenerator.outputs(root: root)
    var committedIDs: Set<String> = []
    var generatedIDs: Set<String> = []
    for (path, text) in outputs where path.hasPrefix("Vectors/") && path != "Vectors/manifest.json" {
      generatedIDs.formUnion(ids(in: text, name: path))
      if let data = FileManager.default.contents(atPath: root + "/" + path),
        let committed = String(data: data, encoding: .utf8)
      {
        committedIDs.formUnion(ids(in: committed, name: path))
      }
    }
    if let problem = try RetiredIDs.load(root: root).problems(committed: committedIDs, generated: generatedIDs).first {
      throw problem
    }
    var changed: [String] = []
    for (path, text) in outputs {
      let url = URL(fileURLWithPath: root + "/" + path)
      if let data = FileManager.default.contents(atPath: url.path), String(data: data, encoding: .utf8) == text {
        continue
      }
      do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
      } catch {
        throw .io(file: path, reason: "cannot write: \(error.localizedDescription)")
      }
      changed.append(path)
    }
    return changed
  }

  // MARK: - Describing differences

  private static func ids(in text: String, name: String) -> Set<String> {
    guard let json = try? JSONParser.parse(text), let cases = json["cases"]?.arrayValue else { return [] }
    return Set(cases.compactMap { $0["id"]?.stringValue })
  }

  private static func describe(path: String, committed: String, generated: String) -> [String] {
    if path.hasPrefix("Vectors/"), path != "Vectors/manifest.json",
      let generatedFile = try? VectorLoader.decodeFile(generated, name: path)
    {
      let committedFile: VectorFile
      do {
        committedFile = try VectorLoader.decodeFile(committed, name: path)
      } catch {
        return ["\(error)"]
      }
      var lines: [String] = []
      let old = Dictionary(committedFile.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      let new = Dictionary(generatedFile.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for vector in generatedFile.cases {
        guard let before = old[vector.id] else {
          lines.append("\(path): case \(vector.id): added by the generator, not committed")
          continue
        }
        for difference in JSONDiff.differences(expected: vector.json, actual: before.json, tolerance: 0) {
          lines.append(
            "\(path): case \(vector.id): \(difference.path.replacingOccurrences(of: "$", with: "field ")): generated \(difference.expected.map(\.description) ?? "(absent)"), committed \(difference.actual.map(\.description) ?? "(absent)")"
          )
        }
      }
      for vector in committedFile.cases where new[vector.id] == nil {
        lines.append("\(path): case \(vector.id): committed but no longer generated")
      }
      if lines.isEmpty { lines.append("\(path): same cases, but the bytes are not in canonical form") }
      return lines
    }
    return [lineDiff(path: path, committed: committed, generated: generated)]
  }

  /// The first differing line, with its neighbours.
  private static func lineDiff(path: String, committed: String, generated: String) -> String {
    let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
    let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
    var line = 0
    while line < min(old.count, new.count), old[line] == new[line] { line += 1 }
    var text = "\(path): differs from line \(line + 1) (committed \(old.count) lines, generated \(new.count))"
    for offset in line..<min(line + 3, max(old.count, new.count)) {
      if offset < old.count { text += "\n  - \(old[offset])" }
      if offset < new.count { text += "\n  + \(new[offset])" }
    }
    return text
  }
}
