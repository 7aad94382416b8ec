import Foundation
import SKANTestSupport
import SKANVectorGeneration
import SKANVectors
import Testing

@Suite("Drift check", .serialized)
struct DriftCheckTests {
  @Test("the committed tree matches the model byte for byte")
  func clean() throws {
    let report = try DriftCheck.check(root: RepositoryPaths.root)
    #expect(report.isClean, "\(report.problems.joined(separator: "\n"))")
  }

  @Test("a hand-edited expected value is reported with its case and field")
  func editedValue() throws {
    let root = try RepositoryPaths.temporaryCopy()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/Vectors/window.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let marker = "\"id\": \"window/p1-48h-exact\""
    let edited = try #require(editFirstWindow(after: marker, in: text))
    try edited.write(toFile: path, atomically: true, encoding: .utf8)

    let report = try DriftCheck.check(root: root)
    #expect(!report.isClean)
    #expect(
      report.problems.contains { $0.contains("case window/p1-48h-exact") && $0.contains("expected.output.window") })
  }

  @Test("a removed case that is not retired is refused")
  func removedCase() throws {
    let root = try RepositoryPaths.temporaryCopy()
    defer { try? FileManager.default.removeItem(atPath: root) }
    // Pretend an older release published an extra ID.
    let path = root + "/Vectors/window.json"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"id\": \"window/t0-itself\"", with: "\"id\": \"window/t0-old-name\"")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: VectorsError.self) { _ = try DriftCheck.write(root: root) }
    let report = try DriftCheck.check(root: root)
    #expect(report.problems.contains { $0.contains("window/t0-old-name") && $0.contains("retired-ids.json") })
  }

  /// Changes the `"window": 1` that follows `marker`'s case to `"window": 0`, the edit an
  /// implementer with inclusive edges might make by hand.
  private func editFirstWindow(after marker: String, in text: String) -> String? {
    guard let caseRange = text.range(of: marker) else { return nil }
    let head = text[..<caseRange.lowerBound]
    guard let start = head.range(of: "\"window\": 1,", options: .backwards) else { return nil }
    return text.replacingCharacters(in: start, with: "\"window\": 0,")
  }
}
