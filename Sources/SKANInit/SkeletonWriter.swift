import Foundation

/// Writes a skeleton's files into a directory, never over an existing file.
public enum SkeletonWriter {
  /// Writes `files` into `directory` (created if missing) and returns the paths written.
  ///
  /// Every file is checked before any is written, so a refusal writes nothing; each file is
  /// then created exclusively, so a file that appears meanwhile is not overwritten either.
  /// - Throws: ``InitError/fileExists(path:)`` naming the first file that is there already,
  ///   ``InitError/notADirectory(path:)``, ``InitError/writeFailed(path:reason:)``.
  public static func write(_ files: [SkeletonFile], into directory: String) throws(InitError) -> [String] {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw .notADirectory(path: directory) }
    }
    let paths = files.map { (directory as NSString).appendingPathComponent($0.path) }
    for path in paths where manager.fileExists(atPath: path) || isSymbolicLink(path) {
      throw .fileExists(path: path)
    }
    do {
      try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw .writeFailed(path: directory, reason: error.localizedDescription)
    }
    for (file, path) in zip(files, paths) {
      let url = URL(fileURLWithPath: path)
      do {
        try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
      } catch {
        if manager.fileExists(atPath: path) { throw .fileExists(path: path) }
        throw .writeFailed(path: path, reason: error.localizedDescription)
      }
      if file.isExecutable {
        do {
          try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch {
          throw .writeFailed(path: path, reason: error.localizedDescription)
        }
      }
    }
    return paths
  }

  /// Whether `path` is a symbolic link (`fileExists` follows links, so a dangling one is
  /// missed by it, and writing through it would create its target).
  private static func isSymbolicLink(_ path: String) -> Bool {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
  }
}
