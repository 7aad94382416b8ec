import Foundation

/// The repository root, found from this file's location, and the kit's own executable.
enum RepositoryPaths {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// A fixture script under `Tests/SKANRunnerTests/Fixtures`.
  static func fixture(_ name: String) -> String { root + "/Tests/SKANRunnerTests/Fixtures/" + name }

  /// The `skan-conform` executable that `swift test` built beside the test bundle (the test
  /// target depends on it), found by walking up from the test bundle: on Linux the bundle is
  /// a file in the build folder, on macOS a folder whose executable sits three levels down.
  static let kitBinary: String? = {
    let starts =
      [Bundle.main.executablePath, CommandLine.arguments.first].compactMap { $0 }
      + Bundle.allBundles.map(\.bundlePath)
    for start in starts {
      var url = URL(fileURLWithPath: start).standardizedFileURL
      for _ in 0..<5 {
        url.deleteLastPathComponent()
        let candidate = url.appendingPathComponent("skan-conform").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }()

  /// `path` quoted for `sh -c`.
  static func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
