public import SKANVectors

extension VectorSet {
  /// The vectors the reference model generates now, without reading any file (what
  /// `skan-conform vectors generate` writes); it runs the model on every scenario.
  /// - Throws: ``VectorsError`` when a scenario is broken.
  public static func generated() throws(VectorsError) -> VectorSet {
    let files = try VectorGenerator.files()
    return VectorSet(files: files, digest: Manifest(files: files).digest, kitVersion: Manifest.kitVersion)
  }
}
