import Foundation

/// The repository root, found from this file's location.
enum RepositoryPaths {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()
}
