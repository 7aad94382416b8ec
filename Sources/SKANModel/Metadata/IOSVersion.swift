/// An iOS version, `major[.minor[.patch]]` (META-11).
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The major version.
  public var major: Int
  /// The minor version; 0 when absent.
  public var minor: Int
  /// The patch version; 0 when absent.
  public var patch: Int

  /// Creates a version.
  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses `"16"`, `"16.1"` or `"16.1.2"`: one to three dot-separated groups of decimal
  /// digits, nothing else (META-11).
  /// - Throws: ``ModelError/Code/invalidIOSVersion``.
  public init(parsing text: String) throws(ModelError) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.utf8.count <= 4, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let number = Int(part)
      else {
        throw ModelError(.invalidIOSVersion, "iOS version \"\(text)\" is not major[.minor[.patch]]")
      }
      numbers.append(number)
    }
    guard (1...3).contains(numbers.count) else {
      throw ModelError(.invalidIOSVersion, "iOS version \"\(text)\" is not major[.minor[.patch]]")
    }
    self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
  }

  public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  public var description: String { "\(major).\(minor).\(patch)" }
}
