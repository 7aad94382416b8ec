/// The `Vectors/` files built into this binary: the committed files, byte for byte, as they
/// were when the SKANVectors module was built.
///
/// The EmbedVectors build plugin (`Plugins/EmbedVectors`) writes the rest of this type from
/// the files at build time, with the files as inputs of the build, so a binary never holds
/// another copy than the one of the tree it was built from. ``VectorSet/embedded()`` checks
/// them like files on disk: each file's SHA-256 against the manifest, every field of every case.
enum EmbeddedVectors {
  /// The bytes of the embedded file named `name`, or `nil` when no such file was built in.
  static func bytes(named name: String) -> [UInt8]? {
    guard let text = text(named: name) else { return nil }
    return [UInt8](UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
