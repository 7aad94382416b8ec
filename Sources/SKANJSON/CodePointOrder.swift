/// Strings in canonical order, by Unicode code point (for valid UTF-8, byte order), in
/// O(n log n) comparisons whatever the input.
///
/// Object keys are sorted by every canonical write and every comparison of two objects, and
/// a reply's keys are chosen by the implementation under test: a hostile or broken one can
/// send an object with hundreds of thousands of keys (an 8 MiB line holds about 400,000).
/// An insertion sort, quadratic, took 35 s for 40,000 keys; this merge sort takes a fraction
/// of a second. It is written without generic collection calls, which a debug build
/// (`-Onone`) runs far slower, and it is stable, though keys are distinct anyway.
public enum CodePointOrder {
  /// Up to this many keys, an insertion sort (quadratic, but only in a bound this small) is
  /// used alone; the merge sort starts from runs of this length.
  public static let smallCount = 8

  /// Whether `left` comes before `right` by code point, which for valid UTF-8 is byte order.
  public static func precedes(_ left: String, _ right: String) -> Bool {
    var left = left
    var right = right
    return left.withUTF8 { l in
      right.withUTF8 { r in
        guard let lp = l.baseAddress, let rp = r.baseAddress else { return l.isEmpty && !r.isEmpty }
        let shorter = min(l.count, r.count)
        var index = 0
        while index < shorter {
          if lp[index] != rp[index] { return lp[index] < rp[index] }
          index += 1
        }
        return l.count < r.count
      }
    }
  }

  /// `keys` sorted by code point.
  public static func sorted(_ keys: [String]) -> [String] {
    var order = indexOrder(keys)
    var result: [String] = []
    result.reserveCapacity(keys.count)
    for position in 0..<order.count { result.append(keys[order[position]]) }
    order.removeAll()
    return result
  }

  /// The positions of `keys` in code-point order of the keys: `keys[order[0]]` is the first.
  ///
  /// A bottom-up merge sort of positions (integers are moved, not strings): runs of 8 sorted by
  /// insertion, then merged in passes of doubling width, each pass from one buffer into the other.
  public static func indexOrder(_ keys: [String]) -> [Int] {
    let count = keys.count
    var source = Array(0..<count)
    guard count > 1 else { return source }
    // Small runs by insertion: few moves, and most objects are a handful of keys.
    let run = smallCount
    var start = 0
    while start < count {
      let end = min(start + run, count)
      var index = start + 1
      while index < end {
        let item = source[index]
        var position = index
        while position > start && precedes(keys[item], keys[source[position - 1]]) {
          source[position] = source[position - 1]
          position -= 1
        }
        source[position] = item
        index += 1
      }
      start = end
    }
    guard count > run else { return source }
    var target = Array(repeating: 0, count: count)
    var width = run
    while width < count {
      var low = 0
      while low < count {
        let middle = min(low + width, count)
        let high = min(low + 2 * width, count)
        var left = low
        var right = middle
        var out = low
        while left < middle && right < high {
          // The left run wins a tie, so equal keys keep their order (stability).
          if precedes(keys[source[right]], keys[source[left]]) {
            target[out] = source[right]
            right += 1
          } else {
            target[out] = source[left]
            left += 1
          }
          out += 1
        }
        while left < middle {
          target[out] = source[left]
          left += 1
          out += 1
        }
        while right < high {
          target[out] = source[right]
          right += 1
          out += 1
        }
        low = high
      }
      swap(&source, &target)
      width *= 2
    }
    return source
  }
}
