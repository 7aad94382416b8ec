/// Where a diagnostic (SIG-21) sits in an operation's output: a top-level member (`reason`),
/// or a member of every element of a top-level array (`arrivals[].reason`), the one level of
/// nesting the receiving suite needs (Spec/README.md, "Comparing results").
///
/// Its text is what `expected.diagnostic` lists in a vector file: the member's name, or
/// `array[].member`.
public struct DiagnosticPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The top-level member: the diagnostic itself, or the array whose elements hold it.
  public let member: String
  /// For a path into an array, the member of each element; `nil` for a top-level member.
  public let element: String?

  /// The top-level member `member`.
  public init<Name: MemberName>(_ member: Name) {
    self.member = member.rawValue
    self.element = nil
  }

  /// The member `element` of every element of the top-level array `array`.
  public init<Array: MemberName, Element: MemberName>(each array: Array, _ element: Element) {
    self.member = array.rawValue
    self.element = element.rawValue
  }

  /// Reads a path's text: `name` or `name[].name`, each name non-empty and without `[`, `]`
  /// or `.`; `nil` for anything else.
  public init?(_ text: String) {
    // An ASCII path (every path the kit knows) is read byte by byte.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      func isName(_ name: Substring.UTF8View) -> Bool {
        !name.isEmpty && !name.contains { $0 == 0x5B || $0 == 0x5D || $0 == 0x2E }
      }
      guard let dot = text.utf8.firstIndex(of: 0x2E) else {
        guard isName(Substring(text).utf8) else { return nil }
        self.member = text
        self.element = nil
        return
      }
      let head = text[..<dot]
      let tail = text[text.utf8.index(after: dot)...]
      guard head.hasSuffix("[]"), isName(head.dropLast(2).utf8), isName(tail.utf8)
      else { return nil }
      self.member = String(head.dropLast(2))
      self.element = String(tail)
      return
    }
    func isName(_ name: Substring) -> Bool { !name.isEmpty && !name.contains { "[].".contains($0) } }
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard parts[0].hasSuffix("[]"), isName(parts[0].dropLast(2)), isName(parts[1]) else { return nil }
      self.member = String(parts[0].dropLast(2))
      self.element = String(parts[1])
    } else {
      guard isName(Substring(text)) else { return nil }
      self.member = text
      self.element = nil
    }
  }

  /// The text a vector file lists: `member` or `member[].element`.
  public var description: String { element.map { "\(member)[].\($0)" } ?? member }

  public static func < (lhs: DiagnosticPath, rhs: DiagnosticPath) -> Bool { lhs.description < rhs.description }
}
