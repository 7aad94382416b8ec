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
  public init(parsing written: String) throws(ModelError) {
    let text = RuleVariant.iosVersionAsDecimal.isActive ? Self.decimalReading(written) : written
    guard
      let numbers = Self.numbers(text)
        ?? (RuleVariant.iosVersionLeadingNumbers.isActive ? Self.leadingNumbers(text) : nil)
    else {
      throw ModelError(.invalidIOSVersion, "iOS version \"\(text)\" is not major[.minor[.patch]]")
    }
    self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
  }

  /// One to three dot-separated groups of up to four decimal digits, or `nil` (META-11).
  private static func numbers(_ text: String) -> [Int]? {
    var numbers: [Int] = []
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      guard !part.isEmpty, part.utf8.count <= 4, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    return (1...3).contains(numbers.count) ? numbers : nil
  }

  /// The text's leading groups of ASCII digits, up to three of up to four digits each, or 0
  /// when it has none (``RuleVariant/iosVersionLeadingNumbers``).
  private static func leadingNumbers(_ text: String) -> [Int] {
    let groups = text.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).prefix(3)
    return groups.isEmpty ? [0] : groups.compactMap { Int($0.prefix(4)) }
  }

  /// A version read as a decimal number, written `major.minor` with the minor version its
  /// first digit after the point, rounded; the text as it is when it is no number
  /// (``RuleVariant/iosVersionAsDecimal``).
  private static func decimalReading(_ text: String) -> String {
    guard let number = Double(text), number.isFinite, abs(number) < 1e15 else { return text }
    let major = Int(number)
    return "\(major).\(Int(((number - Double(major)) * 10).rounded()))"
  }

  public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  public var description: String { "\(major).\(minor).\(patch)" }
}
