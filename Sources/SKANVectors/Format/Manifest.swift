import Crypto
public import SKANJSON
import SKANVocabulary

/// `Vectors/manifest.json`: the kit version, the format version, and a SHA-256 of every
/// vector file, so that a consumer can tell which vectors a report was made with.
public struct Manifest: Sendable, Hashable {
  /// The kit's version, written into the manifest and every report.
  public static let kitVersion = "0.1.0"

  /// One file's entry.
  public struct Entry: Sendable, Hashable {
    /// The path inside `Vectors/`.
    public var path: String
    /// The suite it holds.
    public var suite: String
    /// The number of cases.
    public var cases: Int
    /// Lower-case hex SHA-256 of the file's bytes.
    public var sha256: String

    /// Creates an entry.
    public init(path: String, suite: String, cases: Int, sha256: String) {
      self.path = path
      self.suite = suite
      self.cases = cases
      self.sha256 = sha256
    }
  }

  /// The entries, one per vector file, in suite order.
  public var entries: [Entry]

  /// A manifest of the given entries, in order.
  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// Builds the manifest for a set of files, writing each in canonical form to hash it.
  public init(files: [VectorFile]) {
    entries = files.map { file in
      Entry(path: file.fileName, suite: file.suite.rawValue, cases: file.cases.count, sha256: Self.sha256(file.text))
    }
  }

  /// One digest over all entries: SHA-256 of the lines `<sha256>  <path>\n`, in order, as
  /// `sha256sum` prints them. Reports carry it to name the vector set.
  public var digest: String {
    Self.sha256(entries.map { "\($0.sha256)  \($0.path)\n" }.joined())
  }

  /// The manifest's JSON.
  public var json: JSONValue {
    [
      "kit_version": .string(Self.kitVersion),
      "schema_version": .integer(VectorFile.schemaVersion),
      "digest": .string(digest),
      "total_cases": .integer(entries.reduce(0) { $0 + $1.cases }),
      "files": .array(
        entries.map { entry in
          [
            "path": .string(entry.path), "suite": .string(entry.suite),
            "cases": .integer(entry.cases), "sha256": .string(entry.sha256),
          ]
        }),
    ]
  }

  /// Lower-case hex SHA-256 of a text's UTF-8 bytes.
  public static func sha256(_ text: String) -> String {
    var text = text
    return text.withUTF8 { sha256(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Lower-case hex SHA-256 of bytes.
  public static func sha256(bytes: UnsafeRawBufferPointer) -> String {
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in SHA256.hash(data: bytes) {
      text.append(hex[Int(byte >> 4)])
      text.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
