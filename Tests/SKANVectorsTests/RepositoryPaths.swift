import Foundation

/// Paths inside this repository, found from this file's location (as swift-crypto finds its
/// Wycheproof vectors), so the tests run from any working directory.
enum RepositoryPaths {
  /// The repository root.
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `Vectors/`.
  static var vectors: String { root + "/Vectors" }

  /// A fresh temporary copy of `Vectors/` and `Spec/`, for tests that edit files.
  static func temporaryCopy() throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("skan-conform-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for name in ["Vectors", "Spec"] {
      try FileManager.default.copyItem(atPath: root + "/" + name, toPath: directory.appendingPathComponent(name).path)
    }
    return directory.path
  }
}
