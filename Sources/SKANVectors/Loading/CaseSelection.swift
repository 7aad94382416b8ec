import SKANVocabulary

/// Which cases to run or list: every filter given must match (suites, ID globs, tags,
/// requirement IDs); within one filter any value may match.
public struct CaseSelection: Sendable, Hashable {
  /// Suite names; empty means all.
  public var suites: Set<String>
  /// ID globs with `*` and `?`; empty means all.
  public var idGlobs: [String]
  /// Tags; empty means all.
  public var tags: Set<String>
  /// Requirement IDs; empty means all.
  public var requirements: Set<String>

  /// Creates a selection.
  public init(suites: Set<String> = [], idGlobs: [String] = [], tags: Set<String> = [], requirements: Set<String> = [])
  {
    self.suites = suites
    self.idGlobs = idGlobs
    self.tags = tags
    self.requirements = requirements
  }

  /// Whether no filter is set: every case is selected.
  public var selectsAll: Bool { suites.isEmpty && idGlobs.isEmpty && tags.isEmpty && requirements.isEmpty }

  /// Whether a case is selected.
  public func includes(_ vector: VectorCase) -> Bool {
    (suites.isEmpty || suites.contains(vector.suite.rawValue))
      && (idGlobs.isEmpty || idGlobs.contains { Glob.matches($0, vector.id) })
      && (tags.isEmpty || !tags.isDisjoint(with: vector.tags))
      && (requirements.isEmpty || !requirements.isDisjoint(with: vector.requirements))
  }

  /// Every filter value that selects no case of `cases` on its own, as the user would
  /// write it (`--id 'window/typo*'`): a typo among several patterns would otherwise be
  /// silent, since the others still select cases. Each value is checked against all of
  /// `cases`, not only those the other filters keep.
  public func valuesSelectingNothing(in cases: [VectorCase]) -> [String] {
    var found: [String] = []
    for suite in suites.sorted() where !cases.contains(where: { $0.suite.rawValue == suite }) {
      found.append("--suite \(suite)")
    }
    for glob in idGlobs where !cases.contains(where: { Glob.matches(glob, $0.id) }) {
      found.append("--id '\(glob)'")
    }
    for tag in tags.sorted() where !cases.contains(where: { $0.tags.contains(tag) }) { found.append("--tag \(tag)") }
    for requirement in requirements.sorted() where !cases.contains(where: { $0.requirements.contains(requirement) }) {
      found.append("--requirement \(requirement)")
    }
    return found
  }

  /// The selected cases, in order.
  public func apply(to cases: [VectorCase]) -> [VectorCase] {
    // No filter: the same array, shared rather than copied case by case.
    guard !suites.isEmpty || !idGlobs.isEmpty || !tags.isEmpty || !requirements.isEmpty else { return cases }
    return cases.filter(includes)
  }
}

/// Shell-style globs: `*` matches any run of characters (slashes included), `?` one.
public enum Glob {
  /// Whether `text` matches `pattern`.
  public static func matches(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern.unicodeScalars)
    let t = Array(text.unicodeScalars)
    var pi = 0
    var ti = 0
    var star = -1
    var mark = 0
    while ti < t.count {
      if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
        pi += 1
        ti += 1
      } else if pi < p.count, p[pi] == "*" {
        star = pi
        mark = ti
        pi += 1
      } else if star >= 0 {
        pi = star + 1
        mark += 1
        ti = mark
      } else {
        return false
      }
    }
    while pi < p.count, p[pi] == "*" { pi += 1 }
    return pi == p.count
  }
}
