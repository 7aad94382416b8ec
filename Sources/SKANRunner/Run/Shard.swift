public import SKANVectors

/// One slice of a selection split across machines: `skan-conform run --shard I/N`.
///
/// The selected cases, in vector order, are dealt out by position: the case at position `p`
/// (counting from 0) belongs to shard `p % N + 1`. The slices of `1/N` … `N/N` therefore
/// partition the selection exactly, their sizes differ by at most one, and the same vectors
/// and the same selection give the same slices on every run and every machine. The report
/// of a shard records the shard, the selection and its size, so that `report merge` can
/// check that a set of shard reports covers the selection once.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// The shard's number, from 1 to ``count``.
  public var index: Int
  /// How many shards the selection is split into.
  public var count: Int
  /// The filters that chose the cases, before sharding.
  public var selection: CaseSelection
  /// The number of cases in the whole selection, before sharding.
  public var selectedTotal: Int

  /// Creates a shard; `index` must be from 1 to `count`.
  public init(index: Int, count: Int, selection: CaseSelection = CaseSelection(), selectedTotal: Int = 0) {
    precondition(count >= 1 && (1...count).contains(index), "a shard is I/N with 1 <= I <= N")
    self.index = index
    self.count = count
    self.selection = selection
    self.selectedTotal = selectedTotal
  }

  /// `I/N` from the command line, or the reason it is not one.
  public static func parse(_ text: String) -> Result<(index: Int, count: Int), ShardSyntaxError> {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else {
      return .failure(
        ShardSyntaxError("--shard must be I/N, two whole numbers with 1 <= I <= N (e.g. 2/3); got '\(text)'"))
    }
    guard count >= 1 else { return .failure(ShardSyntaxError("--shard \(text): the count N must be at least 1")) }
    guard index >= 1 else { return .failure(ShardSyntaxError("--shard \(text): the index I counts from 1")) }
    guard index <= count else {
      return .failure(ShardSyntaxError("--shard \(text): the index \(index) is greater than the count \(count)"))
    }
    return .success((index, count))
  }

  /// Whether the case at `position` (from 0) of the selection belongs to this shard.
  public func includes(position: Int) -> Bool { position % count == index - 1 }

  /// The shard's slice of `selected` (the whole selection, in vector order).
  public func slice<Element>(_ selected: [Element]) -> [Element] {
    selected.enumerated().filter { includes(position: $0.offset) }.map(\.element)
  }

  /// `I/N`.
  public var description: String { "\(index)/\(count)" }
}
