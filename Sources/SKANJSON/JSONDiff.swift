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
    var walk = Walk(tolerance: tolerance, limit: limit, deadline: nil, cancellable: false)
    walk.compare(expected, actual)
    return walk.found
  }

  /// The differences as ``differences(expected:actual:tolerance:limit:)`` finds them, or `nil`
  /// when the comparison was given up: `deadline` passed, or the current task was cancelled
  /// (checked every few thousand values), so that comparing a hostile reply can never hold a
  /// run past its timeout or a Ctrl-C.
  ///
  /// The comparison takes time linear in the size of both values, plus O(k log k) for the k
  /// keys of the expected side's objects: `actual`'s extra keys are not sorted, only the first
  /// few of them in canonical order are picked out, as many as differences are still wanted.
  public static func differences(
    expected: JSONValue, actual: JSONValue, tolerance: Double = defaultTolerance, limit: Int = 20,
    until deadline: ContinuousClock.Instant?
  ) -> [Difference]? {
    var walk = Walk(tolerance: tolerance, limit: limit, deadline: deadline, cancellable: true)
    walk.compare(expected, actual)
    return walk.stopped ? nil : walk.found
  }

  /// Whether two collections are one storage: a `Dictionary` or an `Array` is a single
  /// reference to its (copy-on-write) storage, so equal bits mean one buffer, whose contents
  /// cannot change while both are alive. Different bits say nothing (equal contents may be held
  /// twice), and the walk then compares member by member.
  package static func sharesStorage<C>(_ left: C, _ right: C) -> Bool {
    withUnsafeBytes(of: left) { left in withUnsafeBytes(of: right) { right in left.elementsEqual(right) } }
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

  /// One comparison: the differences found so far, the path to the current value, and the
  /// budget it runs under.
  private struct Walk {
    let tolerance: Double
    let limit: Int
    let deadline: ContinuousClock.Instant?
    let cancellable: Bool
    var found: [Difference] = []
    var path: [PathComponent] = []
    /// Values visited since the budget was last checked.
    var steps = 0
    /// Set when the deadline passed or the task was cancelled: nothing more is compared.
    var stopped = false

    init(tolerance: Double, limit: Int, deadline: ContinuousClock.Instant?, cancellable: Bool) {
      self.tolerance = tolerance
      self.limit = limit
      self.deadline = deadline
      self.cancellable = cancellable
    }

    /// Whether to go on: false once enough differences are found or the budget is spent.
    mutating func proceed() -> Bool {
      guard !stopped, found.count < limit else { return false }
      steps += 1
      if steps >= 4096 {
        steps = 0
        if cancellable && Task.isCancelled { stopped = true }
        if let deadline, ContinuousClock.now >= deadline { stopped = true }
      }
      return !stopped
    }

    mutating func record(_ expected: JSONValue?, _ actual: JSONValue?) {
      found.append(Difference(path: render(path), expected: expected, actual: actual))
    }

    mutating func compare(_ expected: JSONValue, _ actual: JSONValue) {
      guard proceed() else { return }
      switch (expected, actual) {
      // The very same storage holds the very same members: nothing to walk. This is the common
      // case of a run, where the reply reader hands over the vector's own expected value for an
      // output spelled exactly as the vector spells it.
      case (.object(let left), .object(let right)) where JSONDiff.sharesStorage(left, right): return
      case (.array(let left), .array(let right)) where JSONDiff.sharesStorage(left, right): return
      case (.object(let left), .object(let right)): compareObjects(left, right)
      case (.array(let left), .array(let right)): compareArrays(left, right)
      default:
        if !scalarsMatch(expected, actual, tolerance: tolerance) { record(expected, actual) }
      }
    }

    /// Members in canonical key order: the expected side's keys, sorted, merged with the first
    /// of the keys only the actual side has (each of those is a difference, so no more of them
    /// than differences are still wanted are ever needed).
    mutating func compareObjects(_ left: [String: JSONValue], _ right: [String: JSONValue]) {
      let expectedKeys = CanonicalJSON.sortedKeys(left)
      var extra: [String] = []
      if right.count > left.count || !left.keys.allSatisfy({ JSONDiff.member(of: right, exactly: $0) != nil }) {
        extra = firstKeys(of: right, notIn: left, count: limit - found.count)
      }
      var nextExpected = 0
      var nextExtra = 0
      while nextExpected < expectedKeys.count || nextExtra < extra.count {
        guard proceed() else { return }
        let takeExtra =
          nextExpected == expectedKeys.count
          || nextExtra < extra.count && CodePointOrder.precedes(extra[nextExtra], expectedKeys[nextExpected])
        if takeExtra {
          let key = extra[nextExtra]
          nextExtra += 1
          path.append(.key(key))
          record(nil, right[key])
          path.removeLast()
        } else {
          let key = expectedKeys[nextExpected]
          nextExpected += 1
          path.append(.key(key))
          if let value = left[key] {
            if let other = JSONDiff.member(of: right, exactly: key) {
              compare(value, other)
            } else {
              record(value, nil)
            }
          }
          path.removeLast()
        }
      }
    }

    /// The first `count` keys of `right` absent from `left`, in canonical order, found in one
    /// pass: each is compared with the largest kept so far, and only a smaller one is inserted.
    func firstKeys(of right: [String: JSONValue], notIn left: [String: JSONValue], count: Int) -> [String] {
      guard count > 0 else { return [] }
      // Many wanted (a caller with no real limit): sorting them all is cheaper than keeping them.
      guard count <= 64 else {
        return CodePointOrder.sorted(right.keys.filter { JSONDiff.member(of: left, exactly: $0) == nil }).prefix(count)
          .map { $0 }
      }
      var kept: [String] = []
      for key in right.keys where JSONDiff.member(of: left, exactly: key) == nil {
        if kept.count == count {
          guard let last = kept.last, CodePointOrder.precedes(key, last) else { continue }
          kept.removeLast()
        }
        var position = kept.count
        while position > 0 && CodePointOrder.precedes(key, kept[position - 1]) { position -= 1 }
        kept.insert(key, at: position)
      }
      return kept
    }

    mutating func compareArrays(_ left: [JSONValue], _ right: [JSONValue]) {
      if left.count != right.count {
        path.append(.length)
        record(.integer(left.count), .integer(right.count))
        path.removeLast()
      }
      for index in 0..<min(left.count, right.count) {
        guard proceed() else { return }
        path.append(.index(index))
        compare(left[index], right[index])
        path.removeLast()
      }
      // The elements one side lacks, each with the other side absent.
      for index in min(left.count, right.count)..<max(left.count, right.count) {
        guard proceed() else { return }
        path.append(.index(index))
        // `JSONValue?.none`, not `nil`, which JSONValue would take as its own `null`.
        record(
          index < left.count ? Optional(left[index]) : JSONValue?.none,
          index < right.count ? Optional(right[index]) : JSONValue?.none)
        path.removeLast()
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
    case (.string(let l), .string(let r)):
      // Code point by code point (Spec/README.md, "Comparing results"): Swift's `==` on
      // strings is canonical equivalence, under which "e\u{301}" equals "\u{E9}" and the
      // Kelvin sign equals "K".
      return l.utf8.elementsEqual(r.utf8)
    default:
      return expected == actual
    }
  }

  /// The member of `object` whose key is `key` code point by code point: a dictionary's
  /// lookup would also find a canonically equivalent key.
  static func member(of object: [String: JSONValue], exactly key: String) -> JSONValue? {
    guard let index = object.index(forKey: key), object[index].key.utf8.elementsEqual(key.utf8) else { return nil }
    return object[index].value
  }

  private static func member(_ key: String) -> String {
    let plain = key.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || scalar == "_"
    }
    return plain && !key.isEmpty ? "." + key : "[\(CanonicalJSON.compact(.string(key)))]"
  }
}
