/// A small, fast, seeded generator (SplitMix64): the same seed gives the same scenarios on
/// every platform, which `skan-conform fuzz --seed` relies on.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// An integer in a range.
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

  /// One of the elements.
  mutating func pick<T>(_ elements: [T]) -> T { elements[int(0...(elements.count - 1))] }
}
