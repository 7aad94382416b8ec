import Foundation

/// The repository root, found from this file's location.
enum RepositoryPaths {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `reference/apple-samples.json` next to the checkout (`../shared`), when present.
  static let appleSamples: String? = {
    let candidates = [
      root + "/../shared/reference/apple-samples.json", root + "/../../shared/reference/apple-samples.json",
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0) }
  }()
}
