/// Compares two JSON values the way the kit compares outputs.
///
/// - Objects match when they have the same keys (an absent key is not `null`) and every
///   member matches.
/// - Arrays match element by element, in order.
/// - Numbers match by value: `5` equals `5.0`. Where the expected number is written as a
///   double (with a fraction or an exponent, as revenue sums are), the actual one may differ
///   by a relative tolerance (1e-9 by default), so sums computed in another order or language
///   still pass (LIF-12); an expected number written as an integer (times, values, codes)
///   must be matched exactly.
/// - Everything else matches when equal.
public enum JSONDiff {
  /// One place where two values differ.
  public struct Difference: Sendable, Hashable, CustomStringConvertible {
    /// A JSON Pointer-like path (`$.steps[2].snapshot.p0_coarse`).
    public var path: String
    /// The expected value there, or `nil` when the expected side has no such member.
    public var expected: JSONValue?
    /// The actual value there, or `nil` when the actual side has no such member.
    public var actual: JSONValue?

    /// Creates a difference.
    public init(path: String, expected: JSONValue?, actual: JSONValue?) {
      self.path = path
      self.expected = expected
      self.actual = actual
    }

    public var description: String {
      "\(path): expected \(expected.map(\.description) ?? "(absent)"), got \(actual.map(\.description) ?? "(absent)")"
    }
  }

  /// The default relative tolerance for non-integer numbers.
  public static let defaultTolerance = 1e-9

  /// The differences between `expected` and `actual`, outermost first, at most `limit`.
  public static func differences(
    expected: JSONValue, actual: JSONValue, tolerance: Double = defaultTolerance, limit: Int = 20
  ) -> [Difference] {
    var found: [Difference] = []
    var path: [PathComponent] = []
    compare(expected, actual, path: &path, tolerance: tolerance, limit: limit, into: &found)
    return found
  }

  /// Whether two values match.
  public static func matches(_ expected: JSONValue, _ actual: JSONValue, tolerance: Double = defaultTolerance) -> Bool {
    differences(expected: expected, actual: actual, tolerance: tolerance, limit: 1).isEmpty
  }

  /// One step of a path; rendered to text only when a difference is recorded.
  private enum PathComponent {
    case key(String)
    case index(Int)
    case length
  }

  private static func render(_ path: [PathComponent]) -> String {
    var text = "$"
    for component in path {
      switch component {
      case .key(let key): text += member(key)
      case .index(let index): text += "[\(index)]"
      case .length: text += ".length"
      }
    }
    return text
  }

  private static func compare(
    _ expected: JSONValue, _ actual: JSONValue, path: inout [PathComponent], tolerance: Double, limit: Int,
    into found: inout [Difference]
  ) {
    guard found.count < limit, expected != actual else { return }
    switch (expected, actual) {
    case (.object(let left), .object(let right)):
      let keys =
        left.count == right.count && left.keys.allSatisfy({ right[$0] != nil })
        ? CanonicalJSON.sortedKeys(left) : CanonicalJSON.sortedKeys(left.merging(right) { first, _ in first })
      for key in keys {
        path.append(.key(key))
        switch (left[key], right[key]) {
        case (let l?, let r?): compare(l, r, path: &path, tolerance: tolerance, limit: limit, into: &found)
        case (let l, let r): found.append(Difference(path: render(path), expected: l, actual: r))
        }
        path.removeLast()
        if found.count >= limit { return }
      }
    case (.array(let left), .array(let right)):
      if left.count != right.count {
        path.append(.length)
        found.append(Difference(path: render(path), expected: .integer(left.count), actual: .integer(right.count)))
        path.removeLast()
      }
      for index in 0..<min(left.count, right.count) {
        path.append(.index(index))
        compare(left[index], right[index], path: &path, tolerance: tolerance, limit: limit, into: &found)
        path.removeLast()
        if found.count >= limit { return }
      }
      // The elements one side lacks, each with the other side absent.
      for index in min(left.count, right.count)..<max(left.count, right.count) {
        if found.count >= limit { return }
        path.append(.index(index))
        found.append(
          Difference(
            path: render(path), expected: index < left.count ? Optional(left[index]) : JSONValue?.none,
            actual: index < right.count ? Optional(right[index]) : JSONValue?.none))
        path.removeLast()
      }
    default:
      if !scalarsMatch(expected, actual, tolerance: tolerance) {
        found.append(Difference(path: render(path), expected: expected, actual: actual))
      }
    }
  }

  private static func scalarsMatch(_ expected: JSONValue, _ actual: JSONValue, tolerance: Double) -> Bool {
    switch (expected, actual) {
    case (.integer(let l), .integer(let r)):
      return l == r
    case (.integer, .double), (.double, .integer), (.double, .double):
      guard let l = expected.numberValue, let r = actual.numberValue else { return false }
      if l == r { return true }
      guard case .double = expected, l.isFinite, r.isFinite else { return false }
      return abs(l - r) <= tolerance * max(abs(l), abs(r))
    default:
      return expected == actual
    }
  }

  private static func member(_ key: String) -> String {
    let plain = key.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || scalar == "_"
    }
    return plain && !key.isEmpty ? "." + key : "[\(CanonicalJSON.compact(.string(key)))]"
  }
}
