import Foundation

/// Paths inside this repository, found from this file's location (as swift-crypto finds its
/// Wycheproof vectors), so the tests run from any working directory, and the kit's own
/// executable. Everything a test reads is in the repository: a user's clone has nothing
/// beside it.
public enum RepositoryPaths {
  /// The repository root.
  public static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// `Vectors/`.
  public static var vectors: String { root + "/Vectors" }

  /// A file under `Tests/Fixtures`: fake adapters, relays, Apple's published samples.
  public static func fixture(_ name: String) -> String { root + "/Tests/Fixtures/" + name }

  /// The number of cases `Vectors/manifest.json` lists, read with Foundation rather than the
  /// kit's loader, so that a loader dropping cases cannot agree with itself; `nil` when the
  /// manifest cannot be read.
  public static var manifestCaseCount: Int? {
    guard let data = FileManager.default.contents(atPath: vectors + "/manifest.json"),
      let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let files = manifest["files"] as? [[String: Any]]
    else { return nil }
    return files.reduce(0) { $0 + ($1["cases"] as? Int ?? 0) }
  }

  /// Apple's public keys and published example postbacks, with field postbacks and whether
  /// each verifies (`Tests/Fixtures/apple-samples.json`; public facts, kept as data).
  public static var appleSamples: String { fixture("apple-samples.json") }

  /// The `skan-conform` executable that `swift test` built beside the test bundle (test
  /// targets that need it depend on it), found by walking up from the test bundle: on Linux
  /// the bundle is a file in the build folder, on macOS a folder whose executable sits
  /// three levels down.
  public static let kitBinary: String? = {
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

  /// `text` quoted for `sh -c`.
  public static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// A fresh temporary copy of `Vectors/` and `Spec/`, for tests that edit files.
  public static func temporaryCopy() throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("skan-conform-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for name in ["Vectors", "Spec"] {
      try FileManager.default.copyItem(atPath: root + "/" + name, toPath: directory.appendingPathComponent(name).path)
    }
    return directory.path
  }
}
