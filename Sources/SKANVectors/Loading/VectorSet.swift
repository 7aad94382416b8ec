import SKANModel

/// The vectors of a directory, checked and ready to run.
public struct VectorSet: Sendable {
  /// The files, in suite order.
  public var files: [VectorFile]
  /// The manifest's digest of the files.
  public var digest: String
  /// The kit version the manifest names.
  public var kitVersion: String

  /// Every case, in file order.
  public var cases: [VectorCase] { files.flatMap(\.cases) }

  /// Creates a set.
  public init(files: [VectorFile], digest: String, kitVersion: String) {
    self.files = files
    self.digest = digest
    self.kitVersion = kitVersion
  }

  /// The vectors the reference model generates now, without reading any file: what
  /// `skan-conform` runs when it is not given a directory.
  public static func embedded() throws(VectorsError) -> VectorSet {
    let files = try VectorGenerator.files()
    return VectorSet(files: files, digest: Manifest(files: files).digest, kitVersion: Manifest.kitVersion)
  }
}
