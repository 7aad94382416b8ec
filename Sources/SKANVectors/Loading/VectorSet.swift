import SKANJSON
import SKANVocabulary

/// The vectors of a directory, checked and ready to run.
public struct VectorSet: Sendable {
  /// The files, in suite order.
  public var files: [VectorFile] { didSet { cases = Self.cases(of: files) } }
  /// The manifest's digest of the files.
  public var digest: String
  /// The kit version the manifest names.
  public var kitVersion: String

  /// Every case, in file order: made once, not at every use (a run reads it several times,
  /// and 922 cases are as many copies).
  public private(set) var cases: [VectorCase]

  /// Whether this is the official vector set of this kit version (its digest is the one of
  /// the manifest built into this binary) or a custom one.
  public var provenance: VectorProvenance { VectorProvenance.of(digest: digest) }

  /// Creates a set.
  public init(files: [VectorFile], digest: String, kitVersion: String) {
    self.files = files
    cases = Self.cases(of: files)
    self.digest = digest
    self.kitVersion = kitVersion
  }

  /// Every case of `files`, in order: a single file's own array (shared, not copied).
  private static func cases(of files: [VectorFile]) -> [VectorCase] {
    files.count == 1 ? files[0].cases : files.flatMap(\.cases)
  }

  /// The vectors built into this binary: the committed `Vectors/` files as they were when it
  /// was built, checked as a directory is (each file's SHA-256 against the manifest, every
  /// field of every case). What `skan-conform` runs when it is not given a directory and
  /// there is no `./Vectors`. Nothing is regenerated: ``generated()`` asks the model.
  /// - Parameter threads: the threads the files are read on: 2, or 1 when something else
  ///   needs the other core meanwhile.
  /// - Throws: ``VectorsError`` naming the file, the case and the field, as for a directory.
  public static func embedded(threads: Int = 2) throws(VectorsError) -> VectorSet {
    try VectorLoader.load(threads: threads) { name throws(VectorsError) in
      guard let bytes = EmbeddedVectors.bytes(named: name) else {
        throw .io(file: name, reason: "is not among the vector files built into this binary")
      }
      return bytes
    }
  }

  /// The digest of the official vector set of this kit version: the one the manifest built
  /// into this binary states (an empty string if it cannot be read, which no set matches).
  public static let officialDigest: String = embeddedDigest() ?? ""

  /// The digest the manifest built into this binary states, without loading the vectors;
  /// `nil` if it cannot be read.
  public static func embeddedDigest() -> String? {
    guard let bytes = EmbeddedVectors.bytes(named: "manifest.json"),
      let manifest = try? JSONParser.parse(bytes: bytes)
    else { return nil }
    return manifest["digest"]?.stringValue
  }
}
