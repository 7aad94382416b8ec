public import SKANJSON

/// Makes a failing input smaller while it keeps failing.
///
/// Candidates, simplest first: drop an array element, drop an object member, replace a
/// number by 0 or by half of it, shorten a string. A candidate is kept when `stillFails`
/// says so; the search stops at a fixed point or after `budget` tries.
public enum Shrinker {
  /// The smallest failing input found.
  public static func shrink(
    _ input: JSONValue, budget: Int = 2000, stillFails: (JSONValue) async -> Bool
  ) async -> (input: JSONValue, steps: Int) {
    var current = input
    var tries = 0
    var steps = 0
    var improved = true
    while improved && tries < budget {
      improved = false
      for candidate in candidates(current) where tries < budget {
        tries += 1
        if await stillFails(candidate) {
          current = candidate
          steps += 1
          improved = true
          break
        }
      }
    }
    return (current, steps)
  }

  /// Every one-step simplification of a value, smaller first.
  static func candidates(_ value: JSONValue) -> [JSONValue] {
    switch value {
    case .array(let elements):
      var result: [JSONValue] = []
      if elements.count > 1 {
        result.append(.array(Array(elements.prefix(elements.count / 2))))
        result.append(.array(Array(elements.suffix(elements.count - elements.count / 2))))
      }
      for index in elements.indices {
        var shorter = elements
        shorter.remove(at: index)
        result.append(.array(shorter))
      }
      for index in elements.indices {
        for smaller in candidates(elements[index]) {
          var copy = elements
          copy[index] = smaller
          result.append(.array(copy))
        }
      }
      return result
    case .object(let members):
      var result: [JSONValue] = []
      for key in CanonicalJSON.sortedKeys(members) {
        var fewer = members
        fewer[key] = nil
        result.append(.object(fewer))
      }
      for key in CanonicalJSON.sortedKeys(members) {
        for smaller in candidates(members[key] ?? .null) {
          var copy = members
          copy[key] = smaller
          result.append(.object(copy))
        }
      }
      return result
    case .integer(let number) where number != 0:
      return number / 2 == 0 ? [.integer(0)] : [.integer(0), .integer(number / 2)]
    case .double(let number) where number != 0:
      return [.integer(0), .double((number / 2).rounded())]
    case .string(let text) where !text.isEmpty:
      return [.string(""), .string(String(text.prefix(text.count / 2)))]
    default:
      return []
    }
  }

  /// A rough size, to report how much shrinking achieved.
  public static func size(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): return 1 + elements.map(size).reduce(0, +)
    case .object(let members): return 1 + members.values.map(size).reduce(0, +)
    default: return 1
    }
  }
}
